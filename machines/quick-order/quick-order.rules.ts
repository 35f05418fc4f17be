import { errorCodeOf, isDefiniteRefusal } from '../checkout/checkout.rules.ts';
import type {
  QuickOrderAddedLine,
  QuickOrderAttempt,
  QuickOrderContext,
  QuickOrderFailure,
  QuickOrderLine,
} from './quick-order.types.ts';

/** Nothing but spaces, new lines, commas and semicolons: no entry at all. */
export function isBlankText(text: string): boolean {
  return text.replace(/[\s,;]+/g, '') === '';
}

/** An entry that puts units into the bag when added (`ok`, or `short` with something left to add). */
export function isAddable(line: Pick<QuickOrderLine, 'toAdd'>): boolean {
  return line.toAdd > 0;
}

/** At least one entry can be added: "Add" may be sent. */
export function canAddLines(lines: readonly Pick<QuickOrderLine, 'toAdd'>[]): boolean {
  return lines.some(isAddable);
}

/** The lines shown belong to the text as it is now (no newer text waits to be read). */
export function resolvedIsCurrent(context: Pick<QuickOrderContext, 'text' | 'resolvedText'>): boolean {
  return context.resolvedText !== null && context.resolvedText === context.text;
}

/**
 * The add attempt for the text as it is now: the kept one when it was made for this very text (a retry after a lost
 * answer repeats its `Idempotency-Key`), else a new one with a new key.
 */
export function attemptFor(
  context: Pick<QuickOrderContext, 'text' | 'attempt'>,
  newKey: () => string,
): QuickOrderAttempt {
  return context.attempt !== null && context.attempt.text === context.text
    ? context.attempt
    : { key: newKey(), text: context.text };
}

/**
 * The entries an add left out, as the user wrote them: every entry that put nothing into the bag, except a
 * duplicate whose first entry was added (the product is in the bag; keeping the repeat would add it again).
 */
export function entriesLeft(lines: readonly QuickOrderAddedLine[]): QuickOrderAddedLine[] {
  const added = new Set(lines.filter((line) => line.added > 0).map((line) => line.index));
  return lines.filter(
    (line) =>
      line.added === 0 &&
      !(line.status === 'duplicate' && line.duplicateOf !== null && added.has(line.duplicateOf)),
  );
}

/** The text the textarea keeps after an add: the entries left out, one a line. */
export function textLeft(lines: readonly QuickOrderAddedLine[]): string {
  return entriesLeft(lines)
    .map((line) => line.input)
    .join('\n');
}

/** What an add did: entries (products) that put units into the bag, the units, and the entries left out. */
export function addOutcome(lines: readonly QuickOrderAddedLine[]): {
  products: number;
  units: number;
  left: number;
} {
  const added = lines.filter((line) => line.added > 0);
  return {
    products: added.length,
    units: added.reduce((sum, line) => sum + line.added, 0),
    left: entriesLeft(lines).length,
  };
}

/** The unit price the bag charges: the promotion price when lower than the list price. */
export function unitPrice(product: { price: number; promoPrice: number | null }): number {
  return product.promoPrice !== null && product.promoPrice < product.price
    ? product.promoPrice
    : product.price;
}

export interface QuickOrderTotals {
  /** Every entry read. */
  entries: number;
  /** Entries that can be added. */
  addable: number;
  /** Units the addable entries put into the bag. */
  units: number;
  /** Their price (minor units) and PV. */
  amount: number;
  points: number;
  /** The products' currency (null when no entry names a product). */
  currency: string | null;
}

/** The totals of what "Add" would put into the bag. */
export function quickOrderTotals(lines: readonly QuickOrderLine[]): QuickOrderTotals {
  let addable = 0;
  let units = 0;
  let amount = 0;
  let points = 0;
  let currency: string | null = null;
  for (const line of lines) {
    if (line.product !== null) currency ??= line.product.currency;
    if (!isAddable(line) || line.product === null) continue;
    addable += 1;
    units += line.toAdd;
    amount += unitPrice(line.product) * line.toAdd;
    points += line.product.points * line.toAdd;
  }
  return { entries: lines.length, addable, units, amount, points, currency };
}

/** A failed call as the view shows it. */
export function failureOf(kind: QuickOrderFailure['kind'], error: unknown): QuickOrderFailure {
  return { kind, code: errorCodeOf(error), error };
}

/**
 * An add the server answered with a refusal (4xx): nothing was added, the key was not stored, so the next try makes
 * a new one. Anything else (no answer, time-out, 5xx) may have added the entries: the key is kept for the retry.
 */
export function addWasRefused(error: unknown): boolean {
  return isDefiniteRefusal(error);
}
