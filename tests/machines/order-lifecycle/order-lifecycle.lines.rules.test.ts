import { describe, expect, it } from 'vitest';
import {
  computeTotals,
  confirmAllLines,
  effectiveQuantity,
  everyLineAvailable,
  samplePartial,
  validatePartial,
} from '#machines/order-lifecycle/order-lifecycle.lines.rules.ts';
import type { OrderLine } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { TWO_LINES } from './fixtures';

const line = (
  lineId: string,
  requested: number,
  confirmed: number | null = null,
  extra: Partial<OrderLine> = {},
): OrderLine => ({
  lineId,
  requested,
  confirmed,
  price: 1_000,
  points: 0.1,
  ...extra,
});

describe('computeTotals', () => {
  it('sums requested quantities before confirmation', () => {
    expect(computeTotals(TWO_LINES)).toEqual({
      itemCount: 3,
      amount: 2 * 12_500 + 4_990,
      points: 2 * 7.5 + 2.25,
    });
  });

  it('uses confirmed quantities once present, including zero', () => {
    expect(computeTotals([line('a', 3, 1), line('b', 2, 0)])).toEqual({
      itemCount: 1,
      amount: 1_000,
      points: 0.1,
    });
  });

  it('rounds points to two decimals (0.1 + 0.2 is 0.3) and keeps money integral', () => {
    expect(computeTotals([line('a', 1), line('b', 2)]).points).toBe(0.3);
    expect(computeTotals([line('a', 3, null, { price: 333 })]).amount).toBe(999);
  });

  it('is zero for no lines', () => {
    expect(computeTotals([])).toEqual({ itemCount: 0, amount: 0, points: 0 });
  });
});

describe('validatePartial', () => {
  it('keeps unmentioned lines at their requested quantity', () => {
    const result = validatePartial([line('a', 3), line('b', 2)], [{ lineId: 'a', quantity: 1 }]);
    expect(result).toEqual({ ok: true, lines: [line('a', 3, 1), line('b', 2, 2)] });
  });

  it('names the problem and the line', () => {
    expect(validatePartial([line('a', 3)], [{ lineId: 'a', quantity: 4 }])).toEqual({
      ok: false,
      problem: 'QUANTITY_OUT_OF_RANGE',
      lineId: 'a',
    });
    expect(validatePartial([line('a', 3)], [{ lineId: 'a', quantity: 3 }])).toEqual({
      ok: false,
      problem: 'NOTHING_REDUCED',
    });
    expect(validatePartial([line('a', 3)], [{ lineId: 'a', quantity: 0 }])).toEqual({
      ok: false,
      problem: 'NOTHING_LEFT',
    });
  });

  it('allows removing a line entirely while another stays', () => {
    const result = validatePartial([line('a', 1), line('b', 1)], [{ lineId: 'a', quantity: 0 }]);
    expect(result.ok && computeTotals(result.lines)).toEqual({ itemCount: 1, amount: 1_000, points: 0.1 });
  });
});

describe('line helpers', () => {
  it('effectiveQuantity prefers the confirmed quantity', () => {
    expect(effectiveQuantity(line('a', 3))).toBe(3);
    expect(effectiveQuantity(line('a', 3, 2))).toBe(2);
  });

  it('confirmAllLines confirms the requested quantities', () => {
    expect(confirmAllLines([line('a', 3, 1)]).map((l) => l.confirmed)).toEqual([3]);
  });

  it('everyLineAvailable trusts lines without known stock', () => {
    expect(everyLineAvailable([line('a', 3)])).toBe(true);
    expect(everyLineAvailable([line('a', 3, null, { available: 3 })])).toBe(true);
    expect(everyLineAvailable([line('a', 3, null, { available: 2 })])).toBe(false);
  });

  it('samplePartial finds a valid partial when one exists', () => {
    for (const lines of [[line('a', 2)], [line('a', 1), line('b', 1)], TWO_LINES]) {
      const sample = samplePartial(lines);
      expect(sample && validatePartial(lines, sample).ok).toBe(true);
    }
    expect(samplePartial([line('a', 1)])).toBeNull();
    expect(samplePartial([line('a', 1), line('b', 0)])).toBeNull();
  });
});
