/**
 * The order's history: every change of an order writes its entries here, one insert for the whole server, and with
 * them the messages they ask for (order-messages.ts).
 */
import type { Insertable, Transaction } from 'kysely';
import type { DB, OrderHistoryTable } from '../../db/schema.ts';
import { enqueueOrderMessages } from './order-messages.ts';

export type HistoryEntry = Insertable<OrderHistoryTable>;

/** Writes one or more history entries in the caller's transaction. */
export async function recordHistory(
  trx: Transaction<DB>,
  entries: HistoryEntry | HistoryEntry[],
): Promise<void> {
  await trx.insertInto('order_history').values(entries).execute();
  await enqueueOrderMessages(trx, Array.isArray(entries) ? entries : [entries]);
}
