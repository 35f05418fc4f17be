// Stock at the order desk on the API (docs/adr/0091-stock-per-warehouse.md): staff see the stock on hand per
// line at the order's warehouse (short lines refuse Confirm, a substitute is suggested), and the customer's JSON
// carries none of the warehouse's internals.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { setQuantity } from '#tests/support/server/stock.ts';
import {
  PARTNER,
  availableAt,
  heldAt,
  placeOrder,
  setStatus,
  walk,
  type ErrorBody,
  type Order,
} from './support.ts';
import { useOrdersApp } from './fixture.ts';

const { t, tokens } = useOrdersApp();

/**
 * A product with a same-category neighbour within 20 % of its price that has stock at warehouse 1 (the partner's):
 * a substitute exists.
 */
async function productWithSubstitute() {
  const rows = await t.db
    .selectFrom('products as p')
    .innerJoin('products as q', (join) =>
      join
        .onRef('q.category', '=', 'p.category')
        .onRef('q.id', '!=', 'p.id')
        .on(sql<boolean>`q.price between p.price * 0.85 and p.price * 1.15`),
    )
    .innerJoin('warehouse_stock as ps', (join) =>
      join.onRef('ps.product_id', '=', 'p.id').on('ps.warehouse_id', '=', 1),
    )
    .innerJoin('warehouse_stock as qs', (join) =>
      join.onRef('qs.product_id', '=', 'q.id').on('qs.warehouse_id', '=', 1),
    )
    .select(['p.id', 'p.price'])
    .where(sql<number>`ps.quantity - ps.held`, '>=', 10)
    .where(sql<number>`qs.quantity - qs.held`, '>=', 50)
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
  it('gives staff the stock on hand per line: free stock at the order’s warehouse plus what the order holds', async () => {
    const order = await placeOrder(t, PARTNER);
    const stock = await availableAt(
      t,
      order.warehouse.id,
      order.lines.map((line) => line.productId),
    );
    const staffView = (await get(tokens.warehouse, order.id)).body;
    for (const line of staffView.lines) {
      const free = stock.get(line.productId) ?? Number.NaN;
      expect(line.stockOnHand).toBe(free + line.requestedQuantity);
      expect(line.substitute).toBeUndefined();
    }
  });

  it('marks a line short after a count, refuses Confirm for it and suggests a substitute', async () => {
    const product = await productWithSubstitute();
    const order = await placeOrder(t, PARTNER, { lines: [[product.id, 3]] });
    // 1C counts one unit fewer than the open orders hold at warehouse 1: the free stock is −1, on hand 2.
    const before = await t.db
      .selectFrom('warehouse_stock')
      .select('quantity')
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    const held = (await heldAt(t, 1, [product.id])).get(product.id) ?? 0;
    await setQuantity(t.db, 1, product.id, held - 1);
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
        .select(['id', 'category', 'price'])
        .where('id', '=', line?.substitute?.productId ?? 0)
        .executeTakeFirstOrThrow();
      const original = await t.db
        .selectFrom('products')
        .select('category')
        .where('id', '=', product.id)
        .executeTakeFirstOrThrow();
      expect(substitute.category).toBe(original.category);
      expect((await availableAt(t, 1, [substitute.id])).get(substitute.id)).toBeGreaterThanOrEqual(1);
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
      await setQuantity(t.db, 1, product.id, before.quantity);
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
