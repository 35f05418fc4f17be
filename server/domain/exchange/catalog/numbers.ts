/**
 * Numbers as 1C writes them: `1 719,50`, `1 719.50` (a no-break space between thousands), `8,5`, `-3`. A number is
 * read whole or not at all: anything else in it (letters, two separators, an exponent) is not a number.
 */

/** A decimal number 1C wrote, or null when the text is not one. */
export function parseDecimal(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const compact = text.replace(/[\s\u00a0\u202f\u2009]+/g, '').replace(',', '.');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

/** A price in minor units (bani), or the reason it cannot be one. */
export function priceInMinorUnits(text: string | null): { ok: true; value: number } | { ok: false } {
  const value = parseDecimal(text);
  if (value === null || value < 0 || value > 21_474_836) return { ok: false };
  return { ok: true, value: Math.round(value * 100) };
}

/** PV per unit, two decimals at most (a `numeric(10,2)` column), or null when not a valid PV. */
export function pointsOf(text: string | null): number | null {
  const value = parseDecimal(text);
  if (value === null || value < 0 || value >= 1e8) return null;
  return Math.round(value * 100) / 100;
}

/**
 * A stock quantity: whole units (a fraction of a piece cannot be sold, so it is cut off), or the reason it cannot
 * be taken.
 */
export function quantityOf(
  text: string | null,
): { ok: true; value: number } | { ok: false; reason: 'not_a_number' | 'negative' } {
  const value = parseDecimal(text);
  if (value === null || value > 2_000_000_000) return { ok: false, reason: 'not_a_number' };
  if (value < 0) return { ok: false, reason: 'negative' };
  return { ok: true, value: Math.floor(value) };
}
