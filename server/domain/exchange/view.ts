/**
 * The order's `exchange` field (`OrderExchange` in the contract) from its row and its `EXCHANGE_*` history:
 * state (an order in `sent_to_1c` whose state was never written counts as `queued`), error, 1C's document number,
 * and when it was queued, last fetched by 1C and confirmed.
 *
 * The orders domain fills `Order.exchange` / `OrderSummary.exchange` with `loadOrderExchanges` (one query for the
 * rows, one grouped query over the history, for a whole page of orders).
 */
import type { Kysely, Transaction } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB, OrdersTable } from '../../db/schema.ts';
import type { Selectable } from 'kysely';
import { EXCHANGE_EVENTS, SEND_TO_1C_EVENT } from './queue.ts';

export type OrderExchange = components['schemas']['OrderExchange'];
type Db = Kysely<DB> | Transaction<DB>;

export type ExchangeColumns = Pick<
  Selectable<OrdersTable>,
  'status' | 'exchange_state' | 'exchange_error' | 'onec_document_number' | 'exchanged_at'
>;

export interface ExchangeTimes {
  queuedAt: Date | null;
  sentAt: Date | null;
  confirmedAt: Date | null;
}

const NO_TIMES: ExchangeTimes = { queuedAt: null, sentAt: null, confirmedAt: null };

const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());

/** The exchange view of one order, or null when it never took part in the exchange. */
export function exchangeOf(row: ExchangeColumns, times: ExchangeTimes = NO_TIMES): OrderExchange | null {
  const state = row.exchange_state ?? (row.status === 'sent_to_1c' ? 'queued' : null);
  if (state === null) return null;
  return {
    state,
    error: state === 'error' ? (row.exchange_error ?? null) : null,
    documentNumber: row.onec_document_number,
    queuedAt: iso(times.queuedAt),
    sentAt: iso(times.sentAt ?? (state === 'sent' ? row.exchanged_at : null)),
    confirmedAt: state === 'confirmed' ? iso(times.confirmedAt ?? row.exchanged_at) : null,
  };
}

const TIMED_EVENTS = [
  SEND_TO_1C_EVENT,
  EXCHANGE_EVENTS.requeue,
  EXCHANGE_EVENTS.sent,
  EXCHANGE_EVENTS.confirmed,
];

/** `exchange` of each order id (null for orders outside the exchange); ids that do not exist are left out. */
export async function loadOrderExchanges(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, OrderExchange | null>> {
  const out = new Map<number, OrderExchange | null>();
  if (ids.length === 0) return out;
  const [rows, events] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'status', 'exchange_state', 'exchange_error', 'onec_document_number', 'exchanged_at'])
      .where('id', 'in', ids)
      .execute(),
    db
      .selectFrom('order_history')
      .select((eb) => ['order_id', 'event', eb.fn.max('at').as('at')])
      .where('order_id', 'in', ids)
      .where('event', 'in', TIMED_EVENTS)
      .groupBy(['order_id', 'event'])
      .execute(),
  ]);
  const times = new Map<number, ExchangeTimes>();
  const later = (a: Date | null, b: Date): Date => (a === null || b > a ? b : a);
  for (const event of events) {
    const at = new Date(event.at);
    const entry = times.get(event.order_id) ?? { ...NO_TIMES };
    if (event.event === SEND_TO_1C_EVENT || event.event === EXCHANGE_EVENTS.requeue) {
      entry.queuedAt = later(entry.queuedAt, at);
    } else if (event.event === EXCHANGE_EVENTS.sent) {
      entry.sentAt = later(entry.sentAt, at);
    } else {
      entry.confirmedAt = later(entry.confirmedAt, at);
    }
    times.set(event.order_id, entry);
  }
  for (const row of rows) out.set(row.id, exchangeOf(row, times.get(row.id)));
  return out;
}

/** The items with their `exchange` field filled (a page of summaries, or one order). */
export async function withExchanges<T extends { id: number }>(
  db: Db,
  items: readonly T[],
): Promise<Array<T & { exchange: OrderExchange | null }>> {
  const exchanges = await loadOrderExchanges(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => ({ ...item, exchange: exchanges.get(item.id) ?? null }));
}

/** One order with its `exchange` field filled. */
export async function withExchange<T extends { id: number }>(
  db: Db,
  item: T,
): Promise<T & { exchange: OrderExchange | null }> {
  const [filled] = await withExchanges(db, [item]);
  return filled ?? { ...item, exchange: null };
}
