/**
 * Order by code, the reading (`POST /goods/by-codes`, `POST /orders/cart/add-by-codes`; docs/adr/0136-order-by-code.md):
 * a paper order's text as entries, each a code and a quantity. Pure: no database, no clock.
 *
 * - Entries are separated by new lines, commas or semicolons; each is trimmed and empty ones are skipped, so
 *   `index` counts the non-empty entries from 1. More than `MAX_ENTRIES` of them is 422 `VALIDATION_FAILED`.
 * - An entry is a code (no whitespace, `×` or `*` in it) and, optionally, a quantity after whitespace, after `×`
 *   or `*` (with or without spaces around), or after whitespace and `x` (`PF-1024 2`, `PF-1024 × 2`,
 *   `PF-1024*2`, `PF-1024 x2`; `PF-1024x2` is one code). Without a quantity it is 1.
 * - `unreadable`: no code, more than a code and a quantity, or a quantity that is not a positive whole number in
 *   digits (`0`, `-2`, `2.5`, `two`); then `code` and `quantity` are null. `too_many`: a quantity above
 *   `MAX_LINE_QUANTITY` (reported as read, at most `Number.MAX_SAFE_INTEGER`).
 * - `duplicate`: the code (letter case aside) came in an earlier entry, which counts; `duplicateOf` is its index.
 * - `input` is the entry as written, cut at `MAX_INPUT_LENGTH` characters (code points, as the contract counts).
 */
import { unprocessable } from '../../http/errors.ts';

/** Most non-empty entries one text may hold. */
export const MAX_ENTRIES = 500;
/** Most units of one product a bag line may hold (the contract's `Quantity` maximum, as `addToCart`). */
export const MAX_LINE_QUANTITY = 999;
/** Longest `input` an answer repeats. */
export const MAX_INPUT_LENGTH = 200;

/** One entry as read; `problem` is set when the text alone already says the entry is not added. */
export interface ReadEntry {
  index: number;
  input: string;
  code: string | null;
  quantity: number | null;
  problem: 'unreadable' | 'too_many' | 'duplicate' | null;
  /** For `duplicate`: the index of the earlier entry with the same code. */
  duplicateOf: number | null;
}

const SEPARATORS = /\r\n|[\r\n,;]/;

/** The code, then a separator (`×`/`*` with optional spaces, whitespace and `x`, or whitespace), then the quantity. */
const CODE_AND_QUANTITY = /^([^\s×*]+)(?:\s*[×*]\s*|\s+[xX]\s*|\s+)([^\s×*]+)$/;
const CODE_ONLY = /^[^\s×*]+$/;
const DIGITS = /^[0-9]+$/;

/** The non-empty entries of `text`, trimmed, in order. */
export function splitEntries(text: string): string[] {
  return text
    .split(SEPARATORS)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** A trimmed entry's code and quantity, or null when it is not a code and a positive whole quantity. */
export function parseEntry(entry: string): { code: string; quantity: number } | null {
  if (CODE_ONLY.test(entry)) return { code: entry, quantity: 1 };
  const match = CODE_AND_QUANTITY.exec(entry);
  const code = match?.[1];
  const written = match?.[2];
  if (code === undefined || written === undefined || !DIGITS.test(written)) return null;
  const quantity = Math.min(Number(written), Number.MAX_SAFE_INTEGER);
  return quantity >= 1 ? { code, quantity } : null;
}

/** `text` cut to at most `max` code points (never inside a surrogate pair). */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  return points.length <= max ? text : points.slice(0, max).join('');
}

/** The key under which two codes are the same code. */
export const codeKey = (code: string): string => code.toLowerCase();

/** Every non-empty entry of `text` as read (see the module comment); throws 422 above `MAX_ENTRIES` entries. */
export function readQuickOrder(text: string): ReadEntry[] {
  const entries = splitEntries(text);
  if (entries.length > MAX_ENTRIES) {
    throw unprocessable('VALIDATION_FAILED', [
      {
        location: 'body',
        path: '/text',
        message: `${entries.length} entries; at most ${MAX_ENTRIES} are read at once`,
      },
    ]);
  }
  const firstOf = new Map<string, number>();
  return entries.map((entry, position): ReadEntry => {
    const index = position + 1;
    const input = cut(entry, MAX_INPUT_LENGTH);
    const parsed = parseEntry(entry);
    if (parsed === null) {
      return { index, input, code: null, quantity: null, problem: 'unreadable', duplicateOf: null };
    }
    const { code, quantity } = parsed;
    const first = firstOf.get(codeKey(code));
    if (first !== undefined) {
      return { index, input, code, quantity, problem: 'duplicate', duplicateOf: first };
    }
    firstOf.set(codeKey(code), index);
    const problem = quantity > MAX_LINE_QUANTITY ? 'too_many' : null;
    return { index, input, code, quantity, problem, duplicateOf: null };
  });
}
