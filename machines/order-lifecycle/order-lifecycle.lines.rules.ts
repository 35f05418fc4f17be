import type { LineQuantity, OrderLine, OrderTotals } from './order-lifecycle.types.ts';

/** The quantity that counts for a line: the confirmed one once the warehouse confirmed, else the requested one. */
export function effectiveQuantity(line: OrderLine): number {
  return line.confirmed ?? line.requested;
}

/** Points are decimals with at most two places; rounding the sum keeps 0.1 + 0.2 at 0.3. */
function roundPoints(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Totals of an order from its lines (confirmed quantities where present). Used by the machine, server and SPA. */
export function computeTotals(lines: readonly OrderLine[]): OrderTotals {
  let itemCount = 0;
  let amount = 0;
  let points = 0;
  for (const line of lines) {
    const quantity = effectiveQuantity(line);
    itemCount += quantity;
    amount += quantity * line.price;
    points += quantity * line.points;
  }
  return { itemCount, amount, points: roundPoints(points) };
}

export type PartialProblem =
  | 'NO_LINES'
  | 'UNKNOWN_LINE'
  | 'DUPLICATE_LINE'
  | 'QUANTITY_OUT_OF_RANGE'
  | 'NOTHING_REDUCED'
  | 'NOTHING_LEFT';

export type PartialValidation =
  { ok: true; lines: OrderLine[] } | { ok: false; problem: PartialProblem; lineId?: string };

/**
 * Checks a partial confirmation and returns the lines it would produce. Lines not mentioned keep their requested
 * quantity. Valid when every quantity is an integer 0..requested, at least one line is reduced and at least one line
 * keeps a quantity above 0 (otherwise it is a full confirmation or a rejection).
 */
export function validatePartial(
  lines: readonly OrderLine[],
  changes: readonly LineQuantity[],
): PartialValidation {
  if (changes.length === 0) return { ok: false, problem: 'NO_LINES' };
  const byId = new Map<string, number>();
  for (const change of changes) {
    const line = lines.find((candidate) => candidate.lineId === change.lineId);
    if (!line) return { ok: false, problem: 'UNKNOWN_LINE', lineId: change.lineId };
    if (byId.has(change.lineId)) return { ok: false, problem: 'DUPLICATE_LINE', lineId: change.lineId };
    if (!Number.isInteger(change.quantity) || change.quantity < 0 || change.quantity > line.requested) {
      return { ok: false, problem: 'QUANTITY_OUT_OF_RANGE', lineId: change.lineId };
    }
    byId.set(change.lineId, change.quantity);
  }
  const next = lines.map((line) => ({ ...line, confirmed: byId.get(line.lineId) ?? line.requested }));
  const reduced = next.some((line, index) => line.confirmed < (lines[index]?.requested ?? 0));
  if (!reduced) return { ok: false, problem: 'NOTHING_REDUCED' };
  if (!next.some((line) => line.confirmed > 0)) return { ok: false, problem: 'NOTHING_LEFT' };
  return { ok: true, lines: next };
}

/** Every line confirmed as requested (a full confirmation). */
export function confirmAllLines(lines: readonly OrderLine[]): OrderLine[] {
  return lines.map((line) => ({ ...line, confirmed: line.requested }));
}

/** True unless the server knows a line's stock and it is short of the requested quantity. */
export function everyLineAvailable(lines: readonly OrderLine[]): boolean {
  return lines.every((line) => line.available === undefined || line.available >= line.requested);
}

/**
 * A valid partial confirmation for these lines if one can exist (used to ask "could the warehouse confirm
 * partially?"): reduce a line of two or more by one, else drop the first of two or more lines.
 */
export function samplePartial(lines: readonly OrderLine[]): LineQuantity[] | null {
  const reducible = lines.find((line) => line.requested >= 2);
  if (reducible) return [{ lineId: reducible.lineId, quantity: reducible.requested - 1 }];
  const nonEmpty = lines.filter((line) => line.requested > 0);
  const first = nonEmpty[0];
  if (first && nonEmpty.length >= 2) return [{ lineId: first.lineId, quantity: 0 }];
  return null;
}
