// Stock per warehouse (docs/adr/0091-stock-per-warehouse.md): the arithmetic, and holds kept right through an
// order's life — creation, a partial confirmation, a cancellation, 1C taking the order — checked against a recount.
import { describe, expect, it } from 'vitest';
import { confirmSent } from '#server/domain/exchange/queue.ts';
import { availableOf, heldQuantity, onHandFor, recountHolds } from '#server/domain/stock/warehouse-stock.ts';
import { setQuantity } from '#tests/support/server/stock.ts';
import {
  PARTNER,
  availableAt,
  heldAt,
  placeOrder,
  setStatus,
  stockedProducts,
  walk,
  type Order,
} from '#tests/server/routes/orders/support.ts';
import { useOrdersApp } from '#tests/server/routes/orders/fixture.ts';

describe('the arithmetic of stock', () => {
  it('available = max(1C quantity − held, 0)', () => {
    expect(availableOf(20, 3)).toBe(17);
    expect(availableOf(3, 3)).toBe(0);
    expect(availableOf(2, 5)).toBe(0);
    expect(availableOf(0, 0)).toBe(0);
  });

  it('on hand for one order = max(quantity − (held − its own hold), 0)', () => {
    // 1C counts 10; this order holds 3 of the 12 held: 10 − 9 = 1 for it.
    expect(onHandFor(10, 12, 3)).toBe(1);
    expect(onHandFor(10, 3, 3)).toBe(10);
    expect(onHandFor(4, 12, 3)).toBe(0);
  });

  it('an order holds its effective quantities until it ends or 1C takes it', () => {
    expect(heldQuantity('awaiting_warehouse', { requested: 5, confirmed: null })).toBe(5);
    expect(heldQuantity('confirmed', { requested: 5, confirmed: 2 })).toBe(2);
    expect(heldQuantity('cancelled_by_distributor', { requested: 5, confirmed: null })).toBe(0);
    expect(heldQuantity('rejected', { requested: 5, confirmed: 5 })).toBe(0);
    expect(heldQuantity('sent_to_1c', { requested: 5, confirmed: 5 }, true)).toBe(0);
  });
});

const { t, tokens } = useOrdersApp();

async function holdsMatchARecount(): Promise<void> {
  const kept = await t.db
    .selectFrom('warehouse_stock')
    .select(['warehouse_id', 'product_id', 'held'])
    .execute();
  await t.db.transaction().execute((trx) => recountHolds(trx));
  const counted = await t.db
    .selectFrom('warehouse_stock')
    .select(['warehouse_id', 'product_id', 'held'])
    .execute();
  const key = (row: { warehouse_id: number; product_id: number }) => `${row.warehouse_id}:${row.product_id}`;
  const byKey = new Map(counted.map((row) => [key(row), row.held]));
  expect(kept.filter((row) => byKey.get(key(row)) !== row.held)).toEqual([]);
}

describe('holds through an order’s life', () => {
  it('are taken at creation, given back by a partial confirmation, a cancellation, and when 1C takes the order', async () => {
    await holdsMatchARecount();
    const [a, b] = await stockedProducts(t, 2, 20);
    if (a === undefined || b === undefined) throw new Error('no stocked products');
    const before = await availableAt(t, 1, [a.id, b.id]);
    const heldBefore = await heldAt(t, 1, [a.id, b.id]);

    const order = await placeOrder(t, PARTNER, {
      lines: [
        [a.id, 4],
        [b.id, 2],
      ],
    });
    expect(order.warehouse.id).toBe(1);
    expect(await availableAt(t, 1, [a.id, b.id])).toEqual(
      new Map([
        [a.id, (before.get(a.id) ?? 0) - 4],
        [b.id, (before.get(b.id) ?? 0) - 2],
      ]),
    );
    await holdsMatchARecount();

    // The warehouse confirms 1 of the 4: 3 go back.
    const checking = await walk(t, order, [[tokens.warehouse, 'checking']]);
    const lineA = checking.lines.find((line) => line.productId === a.id);
    const partial = await t.post<Order>(`/orders/set/${order.id}/confirm-partial`, {
      token: tokens.warehouse,
      json: { version: checking.version, note: 'One left', lines: [{ lineId: lineA?.id ?? 0, quantity: 1 }] },
    });
    expect(partial.status).toBe(200);
    expect((await heldAt(t, 1, [a.id])).get(a.id)).toBe((heldBefore.get(a.id) ?? 0) + 1);
    await holdsMatchARecount();

    // A new offers figure from 1C replaces the quantity and leaves the holds alone.
    await setQuantity(t.db, 1, a.id, 50);
    expect((await availableAt(t, 1, [a.id])).get(a.id)).toBe(50 - ((heldBefore.get(a.id) ?? 0) + 1));

    // The distributor accepts; the order goes all the way to 1C, which takes it: its holds are given back once.
    const accepted = await setStatus(t, tokens.partner, partial.body, 'confirmed');
    const prepared = await walk(t, accepted.body, [[tokens.warehouse, 'prepared']]);
    expect(prepared.status).toBe('prepared');
    // 1C fetched it (its query) and answers success.
    await t.db.updateTable('orders').set({ exchange_state: 'sent' }).where('id', '=', order.id).execute();
    await confirmSent(t.db, [order.id]);
    expect(await heldAt(t, 1, [a.id, b.id])).toEqual(heldBefore);
    await confirmSent(t.db, [order.id]);
    expect(await heldAt(t, 1, [a.id, b.id])).toEqual(heldBefore);
    await holdsMatchARecount();
  });

  it('a cancelled order gives everything back', async () => {
    const [a] = await stockedProducts(t, 1, 20);
    if (a === undefined) throw new Error('no stocked product');
    const heldBefore = await heldAt(t, 1, [a.id]);
    const order = await placeOrder(t, PARTNER, { lines: [[a.id, 5]] });
    expect((await heldAt(t, 1, [a.id])).get(a.id)).toBe((heldBefore.get(a.id) ?? 0) + 5);
    const cancelled = await setStatus(
      t,
      tokens.partner,
      order,
      'cancelled_by_distributor',
      'Changed my mind',
    );
    expect(cancelled.status).toBe(200);
    expect(await heldAt(t, 1, [a.id])).toEqual(heldBefore);
    await holdsMatchARecount();
  });
});
