// Stock at the order desk on the API (docs/adr/0019-stock-held-by-orders.md): staff see the stock on hand per
// line (short lines refuse Confirm, a substitute is suggested), and the customer's JSON carries none of the
// warehouse's internals.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PARTNER, placeOrder, setStatus, walk, type ErrorBody, type Order } from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

/** A product with a same-category neighbour within 20 % of its price that has stock: a substitute exists. */
async function productWithSubstitute() {
  const rows = await t.db
    .selectFrom('products as p')
    .innerJoin('products as q', (join) =>
      join
        .onRef('q.category', '=', 'p.category')
        .onRef('q.id', '!=', 'p.id')
        .on(sql<boolean>`q.price between p.price * 0.85 and p.price * 1.15`),
    )
    .select(['p.id', 'p.stock', 'p.price'])
    .where('p.stock', '>=', 10)
    .where('q.stock', '>=', 50)
    .where('p.is_promotion', '=', false)
    .orderBy('p.id')
    .limit(1)
    .execute();
  const row = rows[0];
  if (row === undefined) throw new Error('no product with a substitute in the seed');
  return row;
}

const get = (token: string, id: number) => t.get<Order>(`/orders/get/${id}`, { token });

describe('stock at hand on the order', () => {
  it('gives staff the stock on hand per line: free stock plus what the order holds', async () => {
    const order = await placeOrder(t, PARTNER);
    const stock = await t.db
      .selectFrom('products')
      .select(['id', 'stock'])
      .where(
        'id',
        'in',
        order.lines.map((line) => line.productId),
      )
      .execute();
    const staffView = (await get(tokens.warehouse, order.id)).body;
    for (const line of staffView.lines) {
      const free = stock.find((row) => row.id === line.productId)?.stock ?? Number.NaN;
      expect(line.stockOnHand).toBe(free + line.requestedQuantity);
      expect(line.substitute).toBeUndefined();
    }
  });

  it('marks a line short after a count, refuses Confirm for it and suggests a substitute', async () => {
    const product = await productWithSubstitute();
    const order = await placeOrder(t, PARTNER, { lines: [[product.id, 3]] });
    // A count finds one unit fewer on the shelf than the open orders hold: the free stock goes below zero.
    const free = await t.db
      .selectFrom('products')
      .select('stock')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('products').set({ stock: -1 }).where('id', '=', product.id).execute();
    try {
      const checking = await walk(t, (await get(tokens.warehouse, order.id)).body, [
        [tokens.warehouse, 'checking'],
      ]);
      const [line] = checking.lines;
      expect(line?.stockOnHand).toBe(2);
      expect(line?.substitute?.productId).toBeTypeOf('number');
      expect(line?.substitute?.productId).not.toBe(product.id);
      const substitute = await t.db
        .selectFrom('products')
        .select(['category', 'stock', 'price'])
        .where('id', '=', line?.substitute?.productId ?? 0)
        .executeTakeFirstOrThrow();
      const original = await t.db
        .selectFrom('products')
        .select('category')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(substitute.category).toBe(original.category);
      expect(substitute.stock).toBeGreaterThanOrEqual(1);
      expect(Math.abs(substitute.price - product.price)).toBeLessThanOrEqual(Math.ceil(product.price * 0.2));

      const refused = await setStatus(t, tokens.warehouse, checking, 'confirmed');
      expect(refused.status).toBe(409);
      expect((refused.body as unknown as ErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');

      // The customer sees neither the stock nor anything before the partial confirmation reduced the line.
      const customer = (await get(tokens.partner, order.id)).body;
      expect(customer.lines[0]).not.toHaveProperty('stockOnHand');
      expect(customer.lines[0]).not.toHaveProperty('substitute');

      const partial = await t.post<Order>(`/orders/set/${order.id}/confirm-partial`, {
        token: tokens.warehouse,
        json: {
          version: checking.version,
          note: 'Two left',
          lines: [{ lineId: line?.id ?? 0, quantity: 2 }],
        },
      });
      expect(partial.status).toBe(200);
      const answer = (await get(tokens.partner, order.id)).body;
      expect(answer.status).toBe('awaiting_distributor');
      expect(answer.lines[0]?.substitute?.productId).toBe(line?.substitute?.productId);
      expect(answer.lines[0]).not.toHaveProperty('stockOnHand');
    } finally {
      await t.db.updateTable('products').set({ stock: free.stock }).where('id', '=', product.id).execute();
    }
  });
});

describe('the customer never receives the warehouse internals', () => {
  it('hides the warehouse number, total, 1C exchange and stock from the distributor; staff keep them', async () => {
    const order = await placeOrder(t, PARTNER);
    const confirmed = await walk(t, order, [
      [tokens.warehouse, 'checking'],
      [tokens.warehouse, 'confirmed'],
    ]);
    expect(confirmed.warehouseNumber).toBe(`CHI-${order.number}`);
    expect(confirmed.warehouseTotal).toBe(confirmed.finalCost);
    expect(confirmed.lines.every((line) => typeof line.stockOnHand === 'number')).toBe(true);

    const customer = await get(tokens.partner, order.id);
    expect(customer.status).toBe(200);
    expect(customer.body.warehouseNumber).toBeNull();
    expect(customer.body.warehouseTotal).toBeNull();
    expect(customer.body.exchange).toBeNull();
    expect(customer.text).not.toContain('stockOnHand');
    expect(customer.text).not.toContain(`CHI-${order.number}`);

    // The distributor's own action answers with the customer's view too.
    const ready = await walk(t, confirmed, [
      [tokens.warehouse, 'prepared'],
      [tokens.warehouse, 'ready'],
    ]);
    const requested = await setStatus(t, tokens.partner, ready, 'pickup_requested');
    expect(requested.status).toBe(200);
    expect(requested.body.warehouseNumber).toBeNull();
    expect(requested.text).not.toContain('stockOnHand');
  });
});
