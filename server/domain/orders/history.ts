/** The order's history: every change of an order writes its entries here, one insert for the whole server. */
import type { Insertable, Transaction } from 'kysely';
import type { DB, OrderHistoryTable } from '../../db/schema.ts';

export type HistoryEntry = Insertable<OrderHistoryTable>;

/** Writes one or more history entries in the caller's transaction. */
export async function recordHistory(
  trx: Transaction<DB>,
  entries: HistoryEntry | HistoryEntry[],
): Promise<void> {
  await trx.insertInto('order_history').values(entries).execute();
}
