import { describe, expect, it } from 'vitest';
import { selectPaymentResult, summaryCanPay } from '#machines/checkout/checkout.payment-result.rules.ts';
import { evaluateThresholds } from '#machines/checkout/checkout.pickup-threshold.rules.ts';
import { orderFixture } from './checkout-paths.ts';

describe('pickup thresholds with the bag', () => {
  it('adds the bag to the period and reports what is still missing', () => {
    expect(evaluateThresholds(10, 7.5, 25)).toMatchObject({
      pvAfter: 17.5,
      pvPositive: true,
      pvAtLeastMin: false,
      wasActive: false,
      missingPv: 7.5,
    });
  });

  it('tells apart a bag that makes the distributor active from one who already was', () => {
    expect(evaluateThresholds(20, 5, 25)).toMatchObject({
      pvAtLeastMin: true,
      wasActive: false,
      missingPv: 0,
    });
    expect(evaluateThresholds(30, 0, 25)).toMatchObject({ pvAtLeastMin: true, wasActive: true });
  });

  it('keeps PV greater than 0 unmet for a period and bag without points', () => {
    expect(evaluateThresholds(0, 0, 25)).toMatchObject({ pvPositive: false, missingPv: 25 });
    expect(evaluateThresholds(0.1, 0.2, 25).pvAfter).toBe(0.3);
  });
});

describe('payment result from the order (never from the URL)', () => {
  const card = (overrides: Parameters<typeof orderFixture>[0]) =>
    orderFixture({ paymentMethod: 'card', ...overrides });

  it('is paid only when the server says so', () => {
    expect(selectPaymentResult(card({ status: 'confirmed', paymentState: 'paid' }))).toEqual({
      result: 'paid',
      canPay: false,
    });
  });

  it('offers payment while a confirmed card order waits for it, and a retry after a failure', () => {
    expect(selectPaymentResult(card({ status: 'confirmed', paymentState: 'need_pay' }))).toEqual({
      result: 'pending',
      canPay: true,
    });
    expect(selectPaymentResult(card({ status: 'confirmed', paymentState: 'pay_failed' }))).toEqual({
      result: 'failed',
      canPay: true,
    });
  });

  it('has nothing to pay for cash, for an unconfirmed card amount, and for a cancelled order', () => {
    expect(selectPaymentResult(orderFixture()).result).toBe('notDue');
    expect(selectPaymentResult(card({ status: 'awaiting_warehouse', paymentState: 'not_required' }))).toEqual(
      {
        result: 'notDue',
        canPay: false,
      },
    );
    expect(
      selectPaymentResult(card({ status: 'cancelled_by_warehouse', paymentState: 'not_required' })),
    ).toEqual({
      result: 'closed',
      canPay: false,
    });
  });

  it('lets a list row pay exactly when the lifecycle allows it', () => {
    expect(summaryCanPay(card({ status: 'confirmed', paymentState: 'need_pay' }))).toBe(true);
    expect(summaryCanPay(card({ status: 'confirmed', paymentState: 'paid' }))).toBe(false);
    expect(summaryCanPay(card({ status: 'checking', paymentState: 'not_required' }))).toBe(false);
    expect(summaryCanPay(orderFixture({ status: 'confirmed' }))).toBe(false);
  });
});
