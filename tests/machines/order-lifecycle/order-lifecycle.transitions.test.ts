import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  applyEvent,
  eventForTargetStatus,
  guardNames,
  outcomeOf,
  restoreSnapshot,
  startOrder,
} from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import { selectOrderActions } from '#machines/order-lifecycle/order-lifecycle.selectors.ts';
import { ORDER_STATUSES, type OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { cardFacts, facts, TWO_LINES } from './fixtures';

describe('startOrder and restoreSnapshot', () => {
  it('a placed order moves on to awaiting_warehouse at once, with totals computed', () => {
    const started = startOrder({
      paymentMethod: 'card',
      deliveryType: 'delivery',
      hasDeliveryAddress: true,
      lines: TWO_LINES,
    });
    expect(started).toMatchObject({ status: 'awaiting_warehouse', paymentState: 'not_required' });
    expect(started.context.totals).toEqual({ itemCount: 3, amount: 29_990, points: 17.25 });
    expect(started.context.cancelReason).toBeNull();
  });

  it.each(ORDER_STATUSES)('restores %s with its payment state and the facts as context', (status) => {
    const snapshot = restoreSnapshot(cardFacts({ status, paymentState: 'pay_failed', cancelReason: 'why' }));
    expect(snapshot.value).toEqual({ lifecycle: status, payment: 'pay_failed' });
    expect(outcomeOf(snapshot)).toMatchObject({
      status,
      paymentState: 'pay_failed',
      context: { cancelReason: 'why' },
    });
  });

  it('applyEvent does not mutate the facts it was given', () => {
    const order = facts({ status: 'checking' });
    const before = JSON.stringify(order);
    applyEvent(order, { type: 'order.confirm', role: 'warehouse' });
    expect(JSON.stringify(order)).toBe(before);
  });
});

describe('eventForTargetStatus', () => {
  const cases: Array<
    [string, ReturnType<typeof facts>, 'warehouse' | 'distributor', OrderStatus, string | null]
  > = [
    ['start checking', facts(), 'warehouse', 'checking', 'check.start'],
    ['confirm', facts({ status: 'checking' }), 'warehouse', 'confirmed', 'order.confirm'],
    [
      'partial needs lines',
      facts({ status: 'checking' }),
      'warehouse',
      'awaiting_distributor',
      'order.confirmPartial',
    ],
    ['reject', facts({ status: 'checking' }), 'warehouse', 'rejected', 'order.reject'],
    ['decline', facts({ status: 'ready' }), 'warehouse', 'cancelled_by_warehouse', 'order.decline'],
    [
      'accept partial',
      facts({ status: 'awaiting_distributor' }),
      'distributor',
      'confirmed',
      'partial.accept',
    ],
    [
      'reject partial preferred over cancel',
      facts({ status: 'awaiting_distributor' }),
      'distributor',
      'cancelled_by_distributor',
      'partial.reject',
    ],
    ['cancel', facts({ status: 'confirmed' }), 'distributor', 'cancelled_by_distributor', 'order.cancel'],
    ['hand over', facts({ status: 'pickup_requested' }), 'warehouse', 'received', 'order.handOver'],
    ['receipt', facts({ status: 'in_delivery' }), 'distributor', 'received', 'receipt.confirm'],
    ['send to 1C', facts({ status: 'completed' }), 'warehouse', 'sent_to_1c', 'order.sendTo1c'],
    ['wrong role', facts({ status: 'checking' }), 'distributor', 'confirmed', null],
    ['skipping a step', facts({ status: 'checking' }), 'warehouse', 'prepared', null],
    ['unpaid card prepare', cardFacts(), 'warehouse', 'prepared', null],
    ['paid card prepare', cardFacts({ paymentState: 'paid' }), 'warehouse', 'prepared', 'order.prepare'],
    ['same status', facts({ status: 'ready' }), 'distributor', 'ready', null],
    ['terminal', facts({ status: 'rejected' }), 'warehouse', 'cancelled_by_warehouse', null],
  ];
  it.each(cases)('%s', (_name, order, role, target, expected) => {
    expect(eventForTargetStatus(order, role, target)).toBe(expected);
  });

  it('every allowed lifecycle event is found again from its target', () => {
    for (const status of ORDER_STATUSES) {
      for (const role of ['warehouse', 'distributor'] as const) {
        for (const type of allowedEvents(facts({ status }), role)) {
          const event =
            type === 'order.confirmPartial'
              ? { type, role, lines: [{ lineId: 'l1', quantity: 1 }], comment: 'x' }
              : type === 'order.decline'
                ? { type, role, comment: 'x' }
                : { type, role };
          const result = applyEvent(facts({ status }), event);
          if (result.error) throw new Error(result.reason);
          const found = eventForTargetStatus(facts({ status }), role, result.status);
          expect([type, 'partial.reject']).toContain(found);
        }
      }
    }
  });
});

describe('guardNames', () => {
  it('reads names from strings, objects and and/or compositions, ignoring inline functions', () => {
    const composed = Object.assign(() => false, {
      guards: ['isWarehouse', { type: 'hasComment' }, () => true],
    });
    expect(guardNames(composed)).toEqual(['isWarehouse', 'hasComment']);
    expect(guardNames(undefined)).toEqual([]);
  });
});

describe('selectOrderActions', () => {
  it('answers the same facts and role once (a list renders it often), and other facts or roles anew', () => {
    const checking = selectOrderActions(facts({ status: 'checking' }), 'warehouse');
    expect(selectOrderActions(facts({ status: 'checking' }), 'warehouse')).toBe(checking);
    expect(selectOrderActions(facts({ status: 'checking' }), 'distributor').canConfirm).toBe(false);
    expect(selectOrderActions(facts({ status: 'confirmed' }), 'warehouse').canConfirm).toBe(false);
    expect(
      selectOrderActions(facts({ status: 'checking', lines: TWO_LINES.slice(0, 1) }), 'warehouse'),
    ).not.toBe(checking);
    // A live snapshot is not remembered: its context can carry more than the facts.
    const snapshot = restoreSnapshot(facts({ status: 'checking' }));
    expect(selectOrderActions(snapshot, 'warehouse')).not.toBe(selectOrderActions(snapshot, 'warehouse'));
  });

  it('warehouse in checking: confirm, partial, reject, decline only', () => {
    const actions = selectOrderActions(facts({ status: 'checking' }), 'warehouse');
    expect(actions.allowed).toEqual([
      'order.confirm',
      'order.confirmPartial',
      'order.reject',
      'order.decline',
    ]);
    expect(actions).toMatchObject({
      canConfirm: true,
      canConfirmPartial: true,
      canReject: true,
      canDecline: true,
      canCancel: false,
      canPrepare: false,
    });
  });

  it('warehouse on an unpaid card order: no prepare button, a payment hint instead', () => {
    expect(selectOrderActions(cardFacts(), 'warehouse')).toMatchObject({
      canPrepare: false,
      prepareBlockedByPayment: true,
      canDecline: true,
    });
    expect(selectOrderActions(cardFacts({ paymentState: 'paid' }), 'warehouse')).toMatchObject({
      canPrepare: true,
      prepareBlockedByPayment: false,
    });
  });

  it('distributor on a card order: pay when due, retry after a failure, cancel before preparation', () => {
    expect(selectOrderActions(cardFacts(), 'distributor')).toMatchObject({
      canPay: true,
      canRetryPayment: false,
      canCancel: true,
    });
    expect(selectOrderActions(cardFacts({ paymentState: 'pay_failed' }), 'distributor')).toMatchObject({
      canPay: false,
      canRetryPayment: true,
    });
    expect(selectOrderActions(cardFacts({ status: 'cancelled_by_warehouse' }), 'distributor')).toMatchObject({
      canPay: false,
      allowed: [],
    });
  });

  it('distributor on a ready order without address: pickup only, with a hint', () => {
    const actions = selectOrderActions(facts({ status: 'ready', hasDeliveryAddress: false }), 'distributor');
    expect(actions).toMatchObject({
      canRequestPickup: true,
      canRequestDelivery: false,
      deliveryBlockedByAddress: true,
    });
  });

  it('accepts a live snapshot as well as stored facts, with the same answer', () => {
    const order = facts({ status: 'awaiting_distributor' });
    expect(selectOrderActions(restoreSnapshot(order), 'distributor')).toEqual(
      selectOrderActions(order, 'distributor'),
    );
    expect(selectOrderActions(order, 'distributor')).toMatchObject({
      canAcceptPartial: true,
      canRejectPartial: true,
      canCancel: true,
    });
  });
});
