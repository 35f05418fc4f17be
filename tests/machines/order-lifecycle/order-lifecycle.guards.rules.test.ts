import { describe, expect, it } from 'vitest';
import { applyEvent } from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import { cardFacts, facts } from './fixtures';

describe('PREPARE and payment', () => {
  it.each(['need_pay', 'pay_failed'] as const)(
    'refuses to prepare an unpaid card order (%s) by isPaidOrCash',
    (paymentState) => {
      const result = applyEvent(cardFacts({ paymentState }), { type: 'order.prepare', role: 'warehouse' });
      expect(result).toMatchObject({ error: 'GUARD_FAILED', guards: ['isPaidOrCash'] });
    },
  );

  it('prepares a paid card order and a cash order', () => {
    expect(
      applyEvent(cardFacts({ paymentState: 'paid' }), { type: 'order.prepare', role: 'warehouse' }),
    ).toMatchObject({
      status: 'prepared',
      paymentState: 'paid',
    });
    expect(
      applyEvent(facts({ status: 'confirmed' }), { type: 'order.prepare', role: 'warehouse' }),
    ).toMatchObject({
      status: 'prepared',
      paymentState: 'not_required',
    });
  });

  it('opens payment when a card order is confirmed (amount final), not before', () => {
    const checking = cardFacts({ status: 'checking', paymentState: 'not_required' });
    expect(
      applyEvent(cardFacts({ status: 'awaiting_warehouse', paymentState: 'not_required' }), {
        type: 'check.start',
        role: 'warehouse',
      }),
    ).toMatchObject({ status: 'checking', paymentState: 'not_required' });
    expect(applyEvent(checking, { type: 'order.confirm', role: 'warehouse' })).toMatchObject({
      status: 'confirmed',
      paymentState: 'need_pay',
    });
    const partial = applyEvent(checking, {
      type: 'order.confirmPartial',
      role: 'warehouse',
      lines: [{ lineId: 'l2', quantity: 0 }],
      comment: 'l2 is out of stock',
    });
    expect(partial).toMatchObject({ status: 'awaiting_distributor', paymentState: 'not_required' });
    const accepted = applyEvent(cardFacts({ status: 'awaiting_distributor', paymentState: 'not_required' }), {
      type: 'partial.accept',
      role: 'distributor',
    });
    expect(accepted).toMatchObject({ status: 'confirmed', paymentState: 'need_pay' });
  });

  it('refuses a payment after the order was declined (no late "paid")', () => {
    const declined = cardFacts({ status: 'cancelled_by_warehouse', paymentState: 'need_pay' });
    expect(applyEvent(declined, { type: 'payment.succeeded', role: 'payment_provider' })).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['orderAwaitsPayment'],
    });
  });
});

describe('partial confirmation', () => {
  const checking = facts({ status: 'checking' });
  const partial = (lines: Array<{ lineId: string; quantity: number }>, comment = 'short of l1') =>
    applyEvent(checking, { type: 'order.confirmPartial', role: 'warehouse', lines, comment });

  it('accepts one line reduced and one kept, and recomputes totals and points', () => {
    const result = partial([{ lineId: 'l1', quantity: 1 }]);
    if (result.error) throw new Error(result.reason);
    expect(result.status).toBe('awaiting_distributor');
    expect(result.context.lines.map((line) => line.confirmed)).toEqual([1, 1]);
    expect(result.context.totals).toEqual({ itemCount: 2, amount: 12_500 + 4_990, points: 9.75 });
  });

  it.each([
    ['nothing reduced', [{ lineId: 'l1', quantity: 2 }]],
    [
      'nothing left',
      [
        { lineId: 'l1', quantity: 0 },
        { lineId: 'l2', quantity: 0 },
      ],
    ],
    ['more than requested', [{ lineId: 'l2', quantity: 2 }]],
    ['negative', [{ lineId: 'l1', quantity: -1 }]],
    ['fractional', [{ lineId: 'l1', quantity: 1.5 }]],
    ['unknown line', [{ lineId: 'nope', quantity: 0 }]],
    [
      'duplicate line',
      [
        { lineId: 'l1', quantity: 1 },
        { lineId: 'l1', quantity: 0 },
      ],
    ],
    ['no lines', []],
  ])('refuses %s by partialIsValid', (_name, lines) => {
    expect(partial(lines)).toMatchObject({ error: 'GUARD_FAILED', guards: ['partialIsValid'] });
  });

  it('needs a note for the distributor', () => {
    expect(partial([{ lineId: 'l1', quantity: 1 }], '  ')).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['hasComment'],
    });
  });

  it('the distributor rejects or cancels a partial order, keeping the proposal in the lines', () => {
    const waiting = facts({
      status: 'awaiting_distributor',
      lines: [{ lineId: 'l1', requested: 2, confirmed: 1, price: 100, points: 1 }],
    });
    for (const type of ['partial.reject', 'order.cancel'] as const) {
      const result = applyEvent(waiting, { type, role: 'distributor', comment: 'too little' });
      expect(result).toMatchObject({
        status: 'cancelled_by_distributor',
        context: { cancelReason: 'too little' },
      });
    }
  });
});

describe('full confirmation and rejection', () => {
  it('confirms every line as requested', () => {
    const result = applyEvent(facts({ status: 'checking' }), { type: 'order.confirm', role: 'warehouse' });
    if (result.error) throw new Error(result.reason);
    expect(result.context.lines.map((line) => line.confirmed)).toEqual([2, 1]);
    expect(result.context.totals.amount).toBe(2 * 12_500 + 4_990);
  });

  it('refuses a full confirmation when known stock is short (everyLineAvailable), allowing reject', () => {
    const short = facts({
      status: 'checking',
      lines: [{ lineId: 'l2', requested: 3, confirmed: null, price: 1, points: 0, available: 2 }],
    });
    expect(applyEvent(short, { type: 'order.confirm', role: 'warehouse' })).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['everyLineAvailable'],
    });
    expect(applyEvent(short, { type: 'order.reject', role: 'warehouse' })).toMatchObject({
      status: 'rejected',
      context: { cancelReason: null },
    });
  });
});

describe('decline, cancel, delivery', () => {
  it.each(['', '   '])('a decline needs a comment (%j refused by hasComment)', (comment) => {
    expect(
      applyEvent(facts({ status: 'ready' }), { type: 'order.decline', role: 'warehouse', comment }),
    ).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['hasComment'],
    });
  });

  it('a decline with a comment records it as the reason to cancel', () => {
    const result = applyEvent(facts({ status: 'delivery_processing' }), {
      type: 'order.decline',
      role: 'warehouse',
      comment: '  Courier refused the address ',
    });
    expect(result).toMatchObject({
      status: 'cancelled_by_warehouse',
      context: { cancelReason: 'Courier refused the address' },
    });
  });

  it.each(['prepared', 'ready', 'pickup_requested', 'delivery_requested', 'sent', 'received'] as const)(
    'the distributor cannot cancel after preparation (%s)',
    (status) => {
      expect(applyEvent(facts({ status }), { type: 'order.cancel', role: 'distributor' }).error).toBe(
        'TRANSITION_NOT_ALLOWED',
      );
    },
  );

  it('a delivery request needs a delivery address; pickup does not', () => {
    const noAddress = facts({ status: 'ready', hasDeliveryAddress: false });
    expect(applyEvent(noAddress, { type: 'delivery.request', role: 'distributor' })).toMatchObject({
      error: 'GUARD_FAILED',
      guards: ['hasDeliveryAddress'],
    });
    expect(applyEvent(noAddress, { type: 'pickup.request', role: 'distributor' })).toMatchObject({
      status: 'pickup_requested',
      context: { deliveryType: 'pickup' },
    });
    expect(
      applyEvent(facts({ status: 'ready' }), { type: 'delivery.request', role: 'distributor' }),
    ).toMatchObject({
      status: 'delivery_requested',
      context: { deliveryType: 'delivery' },
    });
  });
});
