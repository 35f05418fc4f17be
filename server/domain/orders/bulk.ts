/**
 * `POST /orders/bulk`: one lifecycle action over several orders of the caller's warehouse, each order in its own
 * transaction through `changeOrder` (lock, access, the caller's version, the lifecycle machine, history) — the same
 * path as one order's action, so the server enforces the same machine and nothing is changed twice: an order
 * someone else changed since the caller read it fails its version check and is reported `changed`, untouched.
 * Orders go one after another (a warehouse's bulk is at most 100 orders; one at a time keeps the database's
 * connection free for everyone else and the history in the order the clerk selected).
 */
import type { LifecycleEventType } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import type { components } from '#openapi/schema.d.ts';
import { HttpError } from '../../http/errors.ts';
import { changeOrder, type OrderActor } from './apply.ts';
import { summarise, summaryColumns, type Db, type OrderViewOptions } from './order-view.ts';

export type BulkOrderAction = components['schemas']['BulkOrderAction'];
export type BulkOrderRequest = components['schemas']['BulkOrderRequest'];
export type BulkOrderResult = components['schemas']['BulkOrderResult'];
type BulkOrderOutcome = components['schemas']['BulkOrderOutcome'];

/** The lifecycle event each bulk action sends, always as the warehouse. */
export const BULK_EVENTS = {
  check: 'check.start',
  confirm: 'order.confirm',
  ready: 'order.markReady',
  send_to_1c: 'order.sendTo1c',
} as const satisfies Record<BulkOrderAction, LifecycleEventType>;

type Outcome = Omit<BulkOrderOutcome, 'order'>;

/** What a refusal of `changeOrder` means for one order of a bulk action. */
function outcomeOfError(id: number, error: unknown): Outcome {
  if (!(error instanceof HttpError)) throw error;
  const reason = error.details?.[0]?.message ?? error.code;
  if (error.status === 404) return { id, outcome: 'not_found', reason: 'not an order of your warehouse' };
  if (error.code === 'VERSION_CONFLICT') return { id, outcome: 'changed', reason };
  if (error.status === 409 || error.status === 422) return { id, outcome: 'not_allowed', reason };
  throw error;
}

export async function bulkOrderAction(
  db: Db,
  view: OrderViewOptions,
  actor: OrderActor,
  request: BulkOrderRequest,
): Promise<BulkOrderResult> {
  const type = BULK_EVENTS[request.action];
  const outcomes: Outcome[] = [];
  const seen = new Set<number>();
  for (const { id, version } of request.orders) {
    if (seen.has(id)) continue;
    seen.add(id);
    try {
      await changeOrder(db, view, {
        orderId: id,
        actor,
        version,
        change: { kind: 'event', event: { type }, roles: ['warehouse'], where: 'body' },
      });
      outcomes.push({ id, outcome: 'done' });
    } catch (error) {
      outcomes.push(outcomeOfError(id, error));
    }
  }
  // The orders as they are now, for the ones the caller may see (one query for the whole answer).
  const visible = outcomes.filter((entry) => entry.outcome !== 'not_found').map((entry) => entry.id);
  const rows =
    visible.length === 0
      ? []
      : await summaryColumns(db).select('o.status_changed_at').where('o.id', 'in', visible).execute();
  const summaries = await summarise(db, rows, view.lang);
  const since = new Map(rows.map((row) => [row.id, row.status_changed_at.toISOString()]));
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return {
    action: request.action,
    results: outcomes.map((entry) => {
      const order = byId.get(entry.id);
      return order === undefined
        ? entry
        : { ...entry, order: { ...order, statusSince: since.get(entry.id) ?? order.updatedAt } };
    }),
  };
}
