import { describe, expect, it } from 'vitest';
import {
  orderFacts,
  partialComparison,
  readFailure,
  targetStatus,
} from '#machines/order-actions/order-actions.facts.rules.ts';
import { makeLine, makeOrder } from '../../support/order-fixtures';

describe('order facts', () => {
  it('turns an API order into lifecycle facts (promotion price, line ids as strings, address flag)', () => {
    const line = { ...makeLine(5, 2, 10_000, 4), promoPrice: 8_000, confirmedQuantity: 1 };
    const facts = orderFacts(makeOrder({ lines: [line], status: 'confirmed', paymentMethod: 'card' }));
    expect(facts).toMatchObject({
      status: 'confirmed',
      paymentMethod: 'card',
      hasDeliveryAddress: false,
      lines: [{ lineId: '5', requested: 2, confirmed: 1, price: 8_000, points: 4 }],
    });
  });

  it('asks the lifecycle for the status an action leads to, null when refused', () => {
    expect(targetStatus(makeOrder(), 'warehouse', 'check.start')).toBe('checking');
    expect(targetStatus(makeOrder({ status: 'awaiting_distributor' }), 'distributor', 'partial.reject')).toBe(
      'cancelled_by_distributor',
    );
    expect(targetStatus(makeOrder(), 'distributor', 'check.start')).toBeNull();
  });

  it('reads the code and the fresh order of a failure', () => {
    const order = makeOrder({ version: 7 });
    expect(readFailure({ status: 409, code: 'VERSION_CONFLICT', order })).toEqual({
      code: 'VERSION_CONFLICT',
      status: 409,
      order,
    });
    expect(readFailure({ status: 409, code: 'VERSION_CONFLICT', order: { id: 1 } }).order).toBeNull();
    expect(readFailure('nope')).toEqual({ code: null, status: null, order: null });
  });
});

describe('partial comparison (distributor)', () => {
  it('shows lines reduced or removed, the amount and PV change and the pickup threshold', () => {
    const lines = [
      { ...makeLine(1, 2, 10_000, 10), confirmedQuantity: 1 },
      { ...makeLine(2, 1, 5_000, 8), confirmedQuantity: 0 },
      { ...makeLine(3, 1, 2_000, 7.5), confirmedQuantity: 1 },
    ];
    const order = makeOrder({ status: 'awaiting_distributor', lines, deliveryPrice: 5_000 });
    const comparison = partialComparison(order, 25);
    expect(comparison.lines.map((line) => line.change)).toEqual(['reduced', 'removed', 'kept']);
    expect(comparison.before).toEqual({ itemCount: 4, amount: 27_000, points: 35.5 });
    expect(comparison.after).toEqual({ itemCount: 2, amount: 12_000, points: 17.5 });
    expect(comparison.amountChange).toBe(-15_000);
    expect(comparison.pointsChange).toBe(-18);
    expect(comparison.finalCostAfter).toBe(17_000);
    expect(comparison.metThresholdBefore).toBe(true);
    expect(comparison.meetsThreshold).toBe(false);
  });
});
