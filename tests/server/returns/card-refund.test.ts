/**
 * A card order's return is refunded in part through the acquirer: the refunds job sends maib's `POST /v1/refund`
 * with the return's `refundAmount` to the local maib peer (the same adapter production uses), once; the return's
 * refund becomes `refunded` and the customer is told. maib refunds a payment once: a second return of the same
 * payment is never sent and waits for staff with the reason.
 */
import { describe, expect, it } from 'vitest';
import { ONE_REFUND_PER_PAYMENT } from '#server/payments/refunds.ts';
import { stockedProducts, type Order } from '../routes/orders/support.ts';
import { useReturnsApp, type Return } from './support.ts';

const { t, tokens, completedOrder, request, act, read } = useReturnsApp();

const REFUNDS = 'payments.refunds';

function refundCalls(): { count: () => number; stop: () => void } {
  let count = 0;
  const listener = (incoming: { url?: string; method?: string }) => {
    if (incoming.method === 'POST' && incoming.url === '/maib-sandbox/v1/refund') count += 1;
  };
  t.app.server.on('request', listener);
  return { count: () => count, stop: () => t.app.server.off('request', listener) };
}

async function acceptedReturn(order: Order, productId: number, quantity: number): Promise<Return> {
  const created = (await request(order.id, { reason: 'faulty', lines: [{ productId, quantity }] }))
    .body as Return;
  const received = await act(created.id, 'receive', {
    version: 1,
    lines: [{ productId, received: quantity, damaged: 0 }],
  });
  expect(received.status).toBe(200);
  const accepted = await act(created.id, 'accept', { version: 2 });
  expect(accepted.status).toBe(200);
  return accepted.body as Return;
}

describe('a card return is refunded in part', () => {
  it('asks the acquirer for the return amount once, then the return is refunded and the customer told', async () => {
    const [first, second] = await stockedProducts(t, 2);
    if (first === undefined || second === undefined) throw new Error('no stocked products');
    const order = await completedOrder({
      paymentMethod: 'card',
      lines: [
        [first.id, 2],
        [second.id, 1],
      ],
    });
    expect(order.paymentState).toBe('paid');
    const line = order.lines.find((l) => l.productId === first.id);
    const unit = line?.promoPrice ?? line?.price ?? 0;

    const accepted = await acceptedReturn(order, first.id, 1);
    expect(accepted).toMatchObject({
      status: 'accepted',
      refundState: 'pending',
      refund: { method: 'card', amount: unit },
    });
    expect(unit).toBeLessThan(order.finalCost);

    const rows = await t.db
      .selectFrom('payment_refunds')
      .select(['id', 'amount', 'reason', 'state', 'return_id', 'payment_id'])
      .where('order_id', '=', order.id)
      .execute();
    expect(rows).toMatchObject([
      { amount: unit, reason: 'return', state: 'pending', return_id: accepted.id },
    ]);

    const calls = refundCalls();
    await t.app.jobs.runNow(REFUNDS);
    await t.app.jobs.runNow(REFUNDS);
    calls.stop();
    expect(calls.count()).toBe(1);

    // The peer refunded exactly the return's amount of the payment (maib's refundAmount, X.XX).
    const sandbox = await t.db
      .selectFrom('maib_sandbox_payments as s')
      .innerJoin('payments as p', 'p.provider_pay_id', 's.pay_id')
      .select(['s.refund_amount', 's.amount'])
      .where('p.id', '=', rows[0]?.payment_id ?? '')
      .executeTakeFirstOrThrow();
    expect(sandbox).toEqual({ refund_amount: unit, amount: order.finalCost });

    const refunded = await read(accepted.id);
    expect(refunded).toMatchObject({ refundState: 'refunded', refund: { state: 'refunded' } });
    expect(refunded.history.at(-1)).toMatchObject({ event: 'REFUNDED', by: null });
    const orderNow = (await t.get<Order>(`/orders/get/${order.id}`, { token: tokens.partner })).body;
    // The order stays paid: only part of it went back.
    expect(orderNow.paymentState).toBe('paid');
    expect(orderNow.refunds).toEqual([
      expect.objectContaining({ amount: unit, reason: 'return', state: 'refunded' }),
    ]);
    expect(orderNow.history.at(-1)).toMatchObject({ event: 'RETURN_REFUNDED' });
    const message = await t.db
      .selectFrom('messages')
      .select('data')
      .where('key', '=', `order.refunded:${rows[0]?.id ?? 0}`)
      .executeTakeFirstOrThrow();
    expect(message.data).toEqual({ orderId: order.id, amount: unit, currency: 'MDL' });

    // A second return of the same payment: maib would answer REVERSED, so it is never sent; staff see why.
    const secondReturn = await acceptedReturn(order, second.id, 1);
    const more = refundCalls();
    await t.app.jobs.runNow(REFUNDS);
    more.stop();
    expect(more.count()).toBe(0);
    const waiting = await t.db
      .selectFrom('payment_refunds')
      .select(['state', 'last_error'])
      .where('return_id', '=', secondReturn.id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ state: 'pending', last_error: ONE_REFUND_PER_PAYMENT });
    expect((await read(secondReturn.id)).refundState).toBe('pending');
  });
});
