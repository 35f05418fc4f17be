/**
 * Points as exact numbers (docs/adr/0080-volume-engine.md): the engine keeps every volume as an integer number of
 * hundredths of a point (`Hundredths`), the database as `numeric(…, 2)`, and converts only at the edges. Money is
 * an integer in minor units. No figure a statement shows passes through a binary fraction.
 */

/** An integer number of hundredths of a point (12.50 PV is 1250). */
export type Hundredths = number;

/** Hundredths of a `numeric` read as text (`'12.5'`, `'-3.07'`, `'40'`); throws on anything else. */
export function parseHundredths(text: string): Hundredths {
  const match = /^(-?)(\d+)(?:\.(\d{1,2})0*)?$/.exec(text.trim());
  if (match === null) throw new Error(`not a decimal with at most two fraction digits: ${text}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' && value !== 0 ? -value : value;
}

/** The decimal text of hundredths (`1250` → `'12.50'`), what `numeric` columns are written with. */
export function hundredthsText(value: Hundredths): string {
  if (!Number.isSafeInteger(value)) throw new Error(`not a whole number of hundredths: ${value}`);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Hundredths as the number the API answers (`1250` → `12.5`; exact for every value below 2^53 / 100). */
export const hundredthsNumber = (value: Hundredths): number => Number(hundredthsText(value));

/** Hundredths of whole points (a threshold of the plan: `25` → `2500`). */
export const points = (whole: number): Hundredths => Math.round(whole * 100);

/** `value × numerator / denominator`, rounded half away from zero, in integers only. */
export function mulDivRound(value: number, numerator: number, denominator: number): number {
  const product = value * numerator;
  if (!Number.isSafeInteger(product)) throw new Error(`overflow: ${value} × ${numerator}`);
  const quotient = Math.trunc(product / denominator);
  const remainder = product - quotient * denominator;
  if (2 * Math.abs(remainder) >= denominator) return quotient + Math.sign(product);
  return quotient;
}
