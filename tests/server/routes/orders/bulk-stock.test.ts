// Bulk Confirm goes through the lifecycle's stock guard (`everyLineAvailable`): an order with a short line is
// refused (`not_allowed`, left in `checking`), the other orders of the same bulk are confirmed. Stock can be below
// zero since migration 0007 (a count found fewer units than open orders hold).
import { describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { setQuantity } from '#tests/support/server/stock.ts';
import { PARTNER, heldAt, placeOrder, stockedProducts, walk } from './support.ts';
import { useOrdersApp } from './fixture.ts';

type BulkResult = components['schemas']['BulkOrderResult'];

const { t, tokens } = useOrdersApp();

describe('POST /orders/bulk confirm and stock', () => {
  it('refuses the order with a short line and confirms the others', async () => {
    const products = await stockedProducts(t, 2, 10);
    const [shortProduct, fineProduct] = products;
    if (shortProduct === undefined || fineProduct === undefined) throw new Error('products missing');
    const short = await walk(t, await placeOrder(t, PARTNER, { lines: [[shortProduct.id, 3]] }), [
      [tokens.warehouse, 'checking'],
    ]);
    const fine = await walk(t, await placeOrder(t, PARTNER, { lines: [[fineProduct.id, 1]] }), [
      [tokens.warehouse, 'checking'],
    ]);
    // The count finds one unit where the order holds three: 1C's quantity is what every hold there needs but 2,
    // so on hand for this order is 1 < 3.
    const held = (await heldAt(t, 1, [shortProduct.id])).get(shortProduct.id) ?? 0;
    await setQuantity(t.db, 1, shortProduct.id, held - 2);
    const staffView = await t.get<components['schemas']['Order']>(`/orders/get/${short.id}`, {
      token: tokens.warehouse,
    });
    expect(staffView.body.lines[0]?.stockOnHand).toBe(1);

    const answer = await t.post<BulkResult>('/orders/bulk', {
      token: tokens.warehouse,
      json: {
        action: 'confirm',
        orders: [short, fine].map(({ id, version }) => ({ id, version })),
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result) => [result.id, result.outcome])).toEqual([
      [short.id, 'not_allowed'],
      [fine.id, 'done'],
    ]);
    expect(answer.body.results[0]?.order?.status).toBe('checking');
    expect(answer.body.results[1]?.order?.status).toBe('confirmed');
    const stored = await t.db
      .selectFrom('orders')
      .select(['status', 'version'])
      .where('id', '=', short.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'checking', version: short.version });
  });
});
