import { describe, expect, it } from 'vitest';
import {
  addOutcome,
  addWasRefused,
  attemptFor,
  canAddLines,
  entriesLeft,
  isBlankText,
  quickOrderTotals,
  textLeft,
  unitPrice,
} from '#machines/quick-order/quick-order.rules.ts';
import type { QuickOrderAddedLine } from '#machines/quick-order/quick-order.types.ts';
import { entriesOf, line, TEXT } from './fixtures.ts';

const added = (lines = entriesOf(TEXT)): QuickOrderAddedLine[] =>
  lines.map((entry) => ({ ...entry, added: entry.toAdd }));

describe('the order-by-code rules', () => {
  it('takes a text of separators only for no entry', () => {
    expect(isBlankText('')).toBe(true);
    expect(isBlankText(' \n\t,;, ')).toBe(true);
    expect(isBlankText(' x ')).toBe(false);
  });

  it('can add when one entry puts units into the bag (a short entry with some left counts)', () => {
    expect(canAddLines([])).toBe(false);
    expect(canAddLines([line(1, 'unknown'), line(2, 'short', { toAdd: 0 })])).toBe(false);
    expect(canAddLines([line(1, 'unknown'), line(2, 'short', { toAdd: 1 })])).toBe(true);
  });

  it('keeps the attempt for the same text only', () => {
    let made = 0;
    const newKey = () => `key-${(made += 1)}`;
    const kept = { key: 'key-kept', text: 'A 1' };
    expect(attemptFor({ text: 'A 1', attempt: kept }, newKey)).toBe(kept);
    expect(attemptFor({ text: 'A 2', attempt: kept }, newKey)).toEqual({ key: 'key-1', text: 'A 2' });
    expect(attemptFor({ text: 'A 2', attempt: null }, newKey)).toEqual({ key: 'key-2', text: 'A 2' });
  });

  it('leaves in the text what was not added, but not the repeat of an added code', () => {
    const lines = added();
    expect(entriesLeft(lines).map((entry) => entry.index)).toEqual([3, 5]);
    expect(textLeft(lines)).toBe('XX-0000\n???');
    expect(addOutcome(lines)).toEqual({ products: 2, units: 3, left: 2 });

    // The first entry found no stock after all: its repeat stays with it.
    const none = lines.map((entry) => (entry.index === 1 ? { ...entry, added: 0 } : entry));
    expect(textLeft(none)).toBe('PF-1024 2\nXX-0000\nPF-1024 1\n???');
    expect(addOutcome(none)).toEqual({ products: 1, units: 1, left: 4 });
  });

  it('totals what "Add" would put into the bag at the price the bag charges', () => {
    expect(unitPrice({ price: 100, promoPrice: 80 })).toBe(80);
    expect(unitPrice({ price: 100, promoPrice: 120 })).toBe(100);
    expect(unitPrice({ price: 100, promoPrice: null })).toBe(100);
    expect(quickOrderTotals(entriesOf(TEXT))).toEqual({
      entries: 5,
      addable: 2,
      units: 3,
      // 2 × 100.00 + 1 × 400.00 (promotion)
      amount: 2 * 10_000 + 40_000,
      points: 2 * 2.5 + 10,
      currency: 'MDL',
    });
    expect(quickOrderTotals([line(1, 'unreadable')]).currency).toBeNull();
  });

  it('takes a 4xx for a refusal, and no answer, a time-out or a 5xx for an unknown outcome', () => {
    expect(addWasRefused({ status: 422, code: 'VALIDATION_FAILED' })).toBe(true);
    expect(addWasRefused({ status: 403, code: 'FORBIDDEN' })).toBe(true);
    expect(addWasRefused({ status: 500, code: 'NETWORK_ERROR' })).toBe(false);
    expect(addWasRefused({ status: 500, code: 'TIMEOUT' })).toBe(false);
    expect(addWasRefused({ status: 503 })).toBe(false);
    expect(addWasRefused(new TypeError('Failed to fetch'))).toBe(false);
  });
});
