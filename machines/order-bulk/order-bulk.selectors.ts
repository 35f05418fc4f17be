/** What the bulk bar and the rows read from the bulk machine. */
import type { OrderBulkSnapshot } from './order-bulk.machine.ts';
import { eligibleFor } from './order-bulk.rules.ts';
import { BULK_ACTIONS, type BulkAction, type BulkOutcome, type BulkOutcomeKind } from './order-bulk.types.ts';

export const selectSelectedIds = (snapshot: OrderBulkSnapshot): ReadonlySet<number> =>
  new Set(snapshot.context.selected.map((order) => order.id));

export const selectSelectedCount = (snapshot: OrderBulkSnapshot): number => snapshot.context.selected.length;

export const selectSubmitting = (snapshot: OrderBulkSnapshot): boolean => snapshot.matches('submitting');

/** How many selected orders each action can move now (0 disables its button). */
export function selectEligibleCounts(snapshot: OrderBulkSnapshot): Record<BulkAction, number> {
  const counts = {} as Record<BulkAction, number>;
  for (const action of BULK_ACTIONS) counts[action] = eligibleFor(snapshot.context.selected, action).length;
  return counts;
}

export interface BulkResultRow extends BulkOutcome {
  number: string;
}

/** The last action's results, each with the order number, grouped counts first. */
export function selectResults(
  snapshot: OrderBulkSnapshot,
): { action: BulkAction; rows: BulkResultRow[]; counts: Record<BulkOutcomeKind, number> } | null {
  const { results, action, sentNumbers } = snapshot.context;
  if (results === null || action === null) return null;
  const counts: Record<BulkOutcomeKind, number> = { done: 0, changed: 0, not_allowed: 0, not_found: 0 };
  const rows = results.map((result) => {
    counts[result.outcome] += 1;
    return { ...result, number: result.order?.number ?? sentNumbers[result.id] ?? String(result.id) };
  });
  return { action, rows, counts };
}

export const selectBulkError = (snapshot: OrderBulkSnapshot): unknown => snapshot.context.error;

/** The ids of the selected orders (for printing a selection). */
export const selectSelectedOrderIds = (snapshot: OrderBulkSnapshot): number[] =>
  snapshot.context.selected.map((order) => order.id);
