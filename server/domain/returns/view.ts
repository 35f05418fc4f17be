/**
 * Returns as the API shows them (`Return`, `ReturnSummary`) and the stored facts the return machine is restored
 * from. Reads only; every change is `change.ts` or `request.ts`.
 */
import { refundAmount } from '#machines/returns/returns.policy.rules.ts';
import type { Return, ReturnFacts, ReturnSummary } from '#machines/returns/returns.types.ts';
import type { Selectable } from 'kysely';
import type { OrderReturnLinesTable, OrderReturnsTable } from '../../db/schema-returns.ts';
import { imageUrlOf, roundPoints } from '../catalogue/product.ts';
import { HISTORY_ACTOR_ROLES, type HistoryActorRole } from '../orders/history-events.ts';
import type { Db } from '../orders/order-view.ts';

export type ReturnRow = Selectable<OrderReturnsTable>;
export type ReturnLineRow = Selectable<OrderReturnLinesTable>;

export const returnNumber = (orderNumber: string, seq: number): string => `${orderNumber}-R${seq}`;

function isActorRole(value: string): value is HistoryActorRole {
  return (HISTORY_ACTOR_ROLES as readonly string[]).includes(value);
}

/** The machine's facts of a stored return and its lines. */
export function returnFactsOf(row: ReturnRow, lines: readonly ReturnLineRow[]): ReturnFacts {
  return {
    status: row.status,
    refundState: row.refund_state,
    refuseComment: row.refuse_comment,
    paymentMethod: row.payment_method,
    ratePercent: row.rate_percent === 90 ? 90 : 100,
    lines: lines.map((line) => ({
      productId: line.product_id,
      requested: line.requested,
      received: line.received,
      damaged: line.damaged,
      unitPrice: line.unit_price,
      points: Number(line.points),
    })),
  };
}

export async function returnLines(db: Db, returnIds: readonly number[]): Promise<ReturnLineRow[]> {
  if (returnIds.length === 0) return [];
  return db
    .selectFrom('order_return_lines')
    .selectAll()
    .where('return_id', 'in', [...returnIds])
    .orderBy('return_id')
    .orderBy('order_line_id')
    .execute();
}

function summaryQuery(db: Db) {
  return db
    .selectFrom('order_returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.order_id',
      'r.seq',
      'r.status',
      'r.reason',
      'r.requested_at',
      'r.updated_at',
      'r.amount',
      'r.currency',
      'r.refund_state',
      'r.version',
      'o.number as order_number',
      'u.id as customer_id',
      'u.full_name as customer_name',
      'u.email as customer_email',
      'u.phone as customer_phone',
      'u.prn as customer_prn',
    ]);
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['executeTakeFirstOrThrow']>>;

function toSummary(row: SummaryRow, lines: readonly ReturnLineRow[]): ReturnSummary {
  return {
    id: row.id,
    number: returnNumber(row.order_number, row.seq),
    orderId: row.order_id,
    orderNumber: row.order_number,
    status: row.status,
    reason: row.reason,
    requestedAt: row.requested_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    itemCount: lines.reduce((sum, line) => sum + (line.received ?? line.requested), 0),
    refundAmount: row.amount,
    currency: row.currency,
    refundState: row.refund_state,
    version: row.version,
    customer: {
      id: row.customer_id,
      fullName: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      prn: row.customer_prn,
    },
  };
}

/** Summaries of these returns, in the order of `ids`. */
export async function loadReturnSummaries(db: Db, ids: readonly number[]): Promise<ReturnSummary[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    summaryQuery(db)
      .where('r.id', 'in', [...ids])
      .execute(),
    returnLines(db, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined
      ? []
      : [
          toSummary(
            row,
            lines.filter((line) => line.return_id === id),
          ),
        ];
  });
}

/** Whole returns (lines with names, refund, history), in the order of `ids`. */
export async function loadReturns(db: Db, ids: readonly number[], publicUrl: string): Promise<Return[]> {
  if (ids.length === 0) return [];
  const [rows, lines, history] = await Promise.all([
    summaryQuery(db)
      .select(['r.comment', 'r.refuse_comment', 'r.payment_method', 'r.rate_percent'])
      .where('r.id', 'in', [...ids])
      .execute(),
    db
      .selectFrom('order_return_lines as l')
      .innerJoin('order_lines as ol', 'ol.id', 'l.order_line_id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.return_id',
        'l.product_id',
        'l.order_line_id',
        'l.requested',
        'l.received',
        'l.damaged',
        'l.unit_price',
        'l.points',
        'ol.name',
        'ol.sku',
        'p.image_url',
      ])
      .where('l.return_id', 'in', [...ids])
      .orderBy('l.return_id')
      .orderBy('l.order_line_id')
      .execute(),
    db
      .selectFrom('order_return_history as h')
      .leftJoin('users as a', 'a.id', 'h.actor_id')
      .select([
        'h.return_id',
        'h.at',
        'h.actor_id',
        'h.actor_role',
        'a.full_name as actor_name',
        'h.status',
        'h.event',
        'h.comment',
      ])
      .where('h.return_id', 'in', [...ids])
      .orderBy('h.return_id')
      .orderBy('h.at')
      .orderBy('h.id')
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id): Return[] => {
    const row = byId.get(id);
    if (row === undefined) return [];
    const own = lines.filter((line) => line.return_id === id);
    const lineRows: ReturnLineRow[] = own.map((line) => ({
      return_id: line.return_id,
      product_id: line.product_id,
      order_line_id: line.order_line_id,
      requested: line.requested,
      received: line.received,
      damaged: line.damaged,
      unit_price: line.unit_price,
      points: line.points,
    }));
    const rate = row.rate_percent === 90 ? 90 : 100;
    return [
      {
        ...toSummary(row, lineRows),
        comment: row.comment,
        refuseComment: row.refuse_comment,
        paymentMethod: row.payment_method,
        lines: own.map((line) => ({
          productId: line.product_id,
          article: line.sku,
          name: line.name,
          imageUrl: imageUrlOf({ sku: line.sku, image_url: line.image_url }, publicUrl),
          unitPrice: line.unit_price,
          points: roundPoints(Number(line.points)),
          requested: line.requested,
          received: line.received,
          damaged: line.damaged,
        })),
        refund: {
          method: row.payment_method,
          ratePercent: rate,
          amount: refundAmount(
            lineRows.map((line) => ({
              requested: line.requested,
              received: line.received,
              unitPrice: line.unit_price,
            })),
            rate,
          ),
          currency: row.currency,
          state: row.refund_state,
        },
        history: history
          .filter((entry) => entry.return_id === id)
          .map((entry) => ({
            at: entry.at.toISOString(),
            status: entry.status,
            event: entry.event as Return['history'][number]['event'],
            by:
              entry.actor_id !== null && entry.actor_name !== null && isActorRole(entry.actor_role)
                ? { id: entry.actor_id, fullName: entry.actor_name, role: entry.actor_role }
                : null,
            comment: entry.comment,
          })),
      },
    ];
  });
}

export async function loadExistingReturn(db: Db, id: number, publicUrl: string): Promise<Return> {
  const [found] = await loadReturns(db, [id], publicUrl);
  if (found === undefined) throw new Error(`return ${id} vanished`);
  return found;
}
