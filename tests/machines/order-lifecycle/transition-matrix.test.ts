import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  applyEvent,
  sampleEvent,
  contextFromFacts,
} from '#machines/order-lifecycle/order-lifecycle.transitions.ts';
import {
  LIFECYCLE_EVENT_TYPES,
  LIFECYCLE_ROLES,
  ORDER_STATUSES,
  PAYMENT_STATES,
  type LifecycleEventType,
  type LifecycleRole,
  type OrderStatus,
  type PaymentState,
} from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { cardFacts, facts } from './fixtures';

const W = 'warehouse';
const D = 'distributor';

/**
 * The transition table of `docs/order-lifecycle.md` (as changed in the machine's doc comment), written out
 * as the specification these tests hold the machine to: (from, event, role) -> to. Everything else is refused.
 */
const LIFECYCLE_TABLE: ReadonlyArray<readonly [OrderStatus, LifecycleEventType, LifecycleRole, OrderStatus]> =
  [
    ['awaiting_warehouse', 'check.start', W, 'checking'],
    ['awaiting_warehouse', 'order.cancel', D, 'cancelled_by_distributor'],
    ['awaiting_warehouse', 'order.decline', W, 'cancelled_by_warehouse'],
    ['checking', 'order.confirm', W, 'confirmed'],
    ['checking', 'order.confirmPartial', W, 'awaiting_distributor'],
    ['checking', 'order.reject', W, 'rejected'],
    ['checking', 'order.cancel', D, 'cancelled_by_distributor'],
    ['checking', 'order.decline', W, 'cancelled_by_warehouse'],
    ['awaiting_distributor', 'partial.accept', D, 'confirmed'],
    ['awaiting_distributor', 'partial.reject', D, 'cancelled_by_distributor'],
    ['awaiting_distributor', 'order.cancel', D, 'cancelled_by_distributor'],
    ['awaiting_distributor', 'order.decline', W, 'cancelled_by_warehouse'],
    ['confirmed', 'order.prepare', W, 'prepared'],
    ['confirmed', 'order.cancel', D, 'cancelled_by_distributor'],
    ['confirmed', 'order.decline', W, 'cancelled_by_warehouse'],
    ['prepared', 'order.markReady', W, 'ready'],
    ['prepared', 'order.decline', W, 'cancelled_by_warehouse'],
    ['ready', 'pickup.request', D, 'pickup_requested'],
    ['ready', 'delivery.request', D, 'delivery_requested'],
    ['ready', 'order.decline', W, 'cancelled_by_warehouse'],
    ['pickup_requested', 'order.handOver', W, 'received'],
    ['pickup_requested', 'order.decline', W, 'cancelled_by_warehouse'],
    ['delivery_requested', 'delivery.process', W, 'delivery_processing'],
    ['delivery_requested', 'order.decline', W, 'cancelled_by_warehouse'],
    ['delivery_processing', 'order.send', W, 'sent'],
    ['delivery_processing', 'order.decline', W, 'cancelled_by_warehouse'],
    ['sent', 'delivery.outForDelivery', W, 'in_delivery'],
    ['in_delivery', 'receipt.confirm', D, 'received'],
    ['received', 'order.complete', W, 'completed'],
    ['completed', 'order.sendTo1c', W, 'sent_to_1c'],
  ];

function expectedTarget(
  status: OrderStatus,
  type: LifecycleEventType,
  role: LifecycleRole,
): OrderStatus | null {
  const row = LIFECYCLE_TABLE.find(([from, event, who]) => from === status && event === type && who === role);
  return row ? row[3] : null;
}

describe('lifecycle matrix (cash order, every fact guard satisfied)', () => {
  it.each(ORDER_STATUSES)(
    'from %s: exactly the table’s (event, role) pairs pass, all others are refused',
    (status) => {
      const order = facts({ status });
      const mismatches: string[] = [];
      for (const type of LIFECYCLE_EVENT_TYPES) {
        for (const role of LIFECYCLE_ROLES) {
          const event = sampleEvent(type, role, contextFromFacts(order));
          if (!event) throw new Error(`no sample for ${type}`);
          const result = applyEvent(order, event);
          const expected = expectedTarget(status, type, role);
          const actual = result.error ? null : result.status;
          if (actual !== expected) mismatches.push(`${type} by ${role}: expected ${expected}, got ${actual}`);
          if (expected === null && result.error === undefined)
            mismatches.push(`${type} by ${role} was not refused`);
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it.each(LIFECYCLE_ROLES)('allowedEvents lists exactly the table’s events for %s in each status', (role) => {
    for (const status of ORDER_STATUSES) {
      const expected = LIFECYCLE_EVENT_TYPES.filter((type) => expectedTarget(status, type, role) !== null);
      expect({ status, events: allowedEvents(facts({ status }), role) }).toEqual({
        status,
        events: expected,
      });
    }
  });

  it('refuses a wrong-role or impossible event as TRANSITION_NOT_ALLOWED, and changes nothing', () => {
    const wrongRole = applyEvent(facts({ status: 'checking' }), {
      type: 'order.confirm',
      role: 'distributor',
    });
    expect(wrongRole).toMatchObject({ error: 'TRANSITION_NOT_ALLOWED', guards: [] });
    expect(wrongRole.error && wrongRole.reason).toMatch(/not for role distributor/);
    const impossible = applyEvent(facts({ status: 'sent_to_1c' }), {
      type: 'order.decline',
      role: 'warehouse',
      comment: 'x',
    });
    expect(impossible).toMatchObject({ error: 'TRANSITION_NOT_ALLOWED' });
    expect(impossible.error && impossible.reason).toMatch(/not possible in sent_to_1c/);
  });
});

const PAYMENT_EVENTS = ['payment.succeeded', 'payment.failed', 'payment.retry'] as const;

function expectedPayment(
  status: OrderStatus,
  state: PaymentState,
  type: LifecycleEventType,
  role: LifecycleRole,
) {
  if (status !== 'confirmed') return null;
  if (state === 'need_pay' && role === 'payment_provider' && type === 'payment.succeeded') return 'paid';
  if (state === 'need_pay' && role === 'payment_provider' && type === 'payment.failed') return 'pay_failed';
  if (state === 'pay_failed' && role === 'distributor' && type === 'payment.retry') return 'need_pay';
  return null;
}

describe('payment matrix (card order)', () => {
  it.each(ORDER_STATUSES)(
    'from %s: payment events pass only while confirmed, from the right state and role',
    (status) => {
      const mismatches: string[] = [];
      for (const paymentState of PAYMENT_STATES) {
        const order = cardFacts({ status, paymentState });
        for (const type of PAYMENT_EVENTS) {
          for (const role of LIFECYCLE_ROLES) {
            const result = applyEvent(order, { type, role });
            const expected = expectedPayment(status, paymentState, type, role);
            const actual = result.error ? null : result.paymentState;
            if (actual !== expected)
              mismatches.push(`${paymentState} ${type} by ${role}: ${expected} != ${actual}`);
            if (!result.error) expect(result.status).toBe(status);
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  it('a cash order never takes a payment event', () => {
    for (const type of PAYMENT_EVENTS) {
      for (const role of LIFECYCLE_ROLES) {
        expect(applyEvent(facts({ status: 'confirmed' }), { type, role }).error).toBe(
          'TRANSITION_NOT_ALLOWED',
        );
      }
    }
  });
});
