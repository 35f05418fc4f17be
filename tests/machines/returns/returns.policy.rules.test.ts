import { describe, expect, it } from 'vitest';
import {
  BUY_BACK_MONTHS,
  BUY_BACK_RATE,
  RETURN_WINDOW_DAYS,
  addMonthsUtc,
  applyRate,
  checkReturnRequest,
  heldUnits,
  refundAmount,
  refundRatePercent,
  restockUnits,
  returnDeadline,
  returnPointsHundredths,
  returnWindows,
  returnableLines,
  type ReturnableOrder,
} from '#machines/returns/returns.policy.rules.ts';
import { TWO_LINES } from './fixtures';

const RECEIVED = new Date('2026-03-31T10:00:00.000Z');
const at = (days: number) => new Date(RECEIVED.getTime() + days * 86_400_000);

const order: ReturnableOrder = {
  status: 'completed',
  receivedAt: RECEIVED,
  lines: [
    { productId: 11, received: 3 },
    { productId: 12, received: 1 },
  ],
};

describe('the policy constants', () => {
  it('are the codes of ethics figures', () => {
    expect([RETURN_WINDOW_DAYS, BUY_BACK_MONTHS, BUY_BACK_RATE]).toEqual([14, 12, 0.9]);
  });
});

describe('periods and rates', () => {
  it('adds calendar months, clamping to a shorter month', () => {
    expect(addMonthsUtc(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(addMonthsUtc(RECEIVED, 12).toISOString()).toBe('2027-03-31T10:00:00.000Z');
  });

  it('faulty and wrong_item: 100 % until 14 × 24 h after the receipt, then nothing', () => {
    for (const reason of ['faulty', 'wrong_item'] as const) {
      expect(refundRatePercent(reason, RECEIVED, at(0))).toBe(100);
      expect(refundRatePercent(reason, RECEIVED, at(14))).toBe(100);
      expect(refundRatePercent(reason, RECEIVED, new Date(at(14).getTime() + 1))).toBeNull();
      expect(returnDeadline(reason, RECEIVED)).toEqual(at(14));
    }
  });

  it('unopened: 100 % within 14 days, 90 % until 12 months, then nothing', () => {
    expect(refundRatePercent('unopened', RECEIVED, at(13))).toBe(100);
    expect(refundRatePercent('unopened', RECEIVED, at(15))).toBe(90);
    expect(refundRatePercent('unopened', RECEIVED, new Date('2027-03-31T10:00:00.000Z'))).toBe(90);
    expect(refundRatePercent('unopened', RECEIVED, new Date('2027-03-31T10:00:00.001Z'))).toBeNull();
  });

  it('windows of an order not received are all closed', () => {
    const windows = returnWindows('ready', null, at(1));
    expect(windows.map((w) => [w.reason, w.open, w.until])).toEqual([
      ['faulty', false, null],
      ['wrong_item', false, null],
      ['unopened', false, null],
    ]);
  });

  it('windows after 20 days: only unopened is open, at 90 %', () => {
    const windows = returnWindows('sent_to_1c', RECEIVED, at(20));
    expect(windows).toEqual([
      { reason: 'faulty', until: at(14), ratePercent: 100, open: false },
      { reason: 'wrong_item', until: at(14), ratePercent: 100, open: false },
      { reason: 'unopened', until: addMonthsUtc(RECEIVED, 12), ratePercent: 90, open: true },
    ]);
  });
});

describe('checkReturnRequest', () => {
  const none = new Map<number, number>();

  it('accepts a valid request with its rate', () => {
    expect(
      checkReturnRequest(
        order,
        none,
        { reason: 'unopened', lines: [{ productId: 11, quantity: 3 }] },
        at(30),
      ),
    ).toEqual({ ok: true, ratePercent: 90, problems: [] });
  });

  it.each(['received', 'ready', 'cancelled_by_distributor'] as const)('refuses an order in %s', (status) => {
    const result = checkReturnRequest(
      { ...order, status },
      none,
      { reason: 'faulty', lines: [{ productId: 11, quantity: 1 }] },
      at(1),
    );
    expect(result).toMatchObject({ ok: false, problems: [{ reason: 'order_not_returnable', path: '' }] });
  });

  it('refuses after the period', () => {
    const result = checkReturnRequest(
      order,
      none,
      { reason: 'faulty', lines: [{ productId: 11, quantity: 1 }] },
      at(15),
    );
    expect(result).toMatchObject({ ok: false, problems: [{ reason: 'window_over', path: '/reason' }] });
  });

  it('names every bad line: more than received, twice, not in the order', () => {
    const result = checkReturnRequest(
      order,
      none,
      {
        reason: 'faulty',
        lines: [
          { productId: 11, quantity: 4 },
          { productId: 12, quantity: 1 },
          { productId: 12, quantity: 1 },
          { productId: 99, quantity: 1 },
        ],
      },
      at(2),
    );
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => [p.path, p.reason])).toEqual([
      ['/lines/0', 'too_many'],
      ['/lines/2', 'duplicate_line'],
      ['/lines/3', 'not_in_order'],
    ]);
  });

  it('counts what other returns in play hold, and frees what a refused, cancelled or short one does not', () => {
    const held = heldUnits([
      { status: 'requested', lines: [{ productId: 11, requested: 1, received: null }] },
      { status: 'accepted', lines: [{ productId: 11, requested: 2, received: 1 }] },
      { status: 'refused', lines: [{ productId: 11, requested: 3, received: 3 }] },
      { status: 'cancelled', lines: [{ productId: 12, requested: 1, received: null }] },
    ]);
    expect([...held]).toEqual([[11, 2]]);
    expect(returnableLines(order.lines, held)).toEqual([
      { productId: 11, received: 3, held: 2, returnable: 1 },
      { productId: 12, received: 1, held: 0, returnable: 1 },
    ]);
    const result = checkReturnRequest(
      order,
      held,
      { reason: 'faulty', lines: [{ productId: 11, quantity: 2 }] },
      at(1),
    );
    expect(result).toMatchObject({ ok: false, problems: [{ reason: 'too_many', message: /At most 1/ }] });
  });
});

describe('amounts', () => {
  it('rounds half-up once per return', () => {
    expect(applyRate(1005, 90)).toBe(905); // 904.5 → 905
    expect(applyRate(1004, 90)).toBe(904); // 903.6 → 904
    expect(applyRate(12_345, 100)).toBe(12_345);
  });

  it('refunds the units that came (requested before the receipt) at the rate, and their points', () => {
    expect(refundAmount(TWO_LINES, 100)).toBe(2 * 12_550 + 9_999);
    expect(refundAmount(TWO_LINES, 90)).toBe(applyRate(35_099, 90));
    const [first, second] = TWO_LINES;
    if (first === undefined || second === undefined) throw new Error('fixture');
    const received = [
      { ...first, received: 1, damaged: 1 },
      { ...second, received: 0, damaged: 0 },
    ];
    expect(refundAmount(received, 100)).toBe(12_550);
    expect(returnPointsHundredths(TWO_LINES)).toBe(2 * 1050 + 325);
    expect(returnPointsHundredths(received)).toBe(1050);
  });

  it('puts back into stock only undamaged received units', () => {
    expect(restockUnits({ received: 3, damaged: 1 })).toBe(2);
    expect(restockUnits({ received: null, damaged: null })).toBe(0);
  });
});
