/**
 * Telling members their closed month's statement is ready (docs/adr/0139-room-for-the-close.md): after the close,
 * not in its transaction. A close of 100,000 members would otherwise write 100,000 messages in the one transaction
 * that freezes the month; here each batch of members is its own short transaction, so nothing else waits on it,
 * with people's requests first between two (docs/adr/0150-requests-before-background-work.md).
 *
 * Exactly once across processes and crashes: the close's row keeps the last member id told (`told_through`) and is
 * locked `for update skip locked` while a batch is written (a second process takes another month or nothing), and
 * each message's key (`statement:YYYY-MM:<member>`) is unique, so a batch rewritten after a crash writes nothing
 * twice. `told_at` marks the month done.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { requestsFirst } from '../../ops/requests-first.ts';

/** Members told per transaction: a few milliseconds each, so requests wait little for one (ADR 0150). */
const BATCH = 100;

/** Writes the statement messages of every closed month not told yet, a batch at a time; answers how many. */
export async function tellClosedMonths(
  db: Kysely<DB>,
  options: { signal?: AbortSignal; batch?: number } = {},
): Promise<number> {
  const batch = options.batch ?? BATCH;
  let written = 0;
  for (;;) {
    if (options.signal?.aborted === true) return written;
    const step = await db.transaction().execute(async (trx) => {
      const close = await sql<{ month: string; through: number | null }>`
        select month::text as month, told_through as through from period_closes
        where told_at is null order by month limit 1 for update skip locked`.execute(trx);
      const row = close.rows[0];
      if (row === undefined) return null;
      const key = row.month.slice(0, 7);
      const { rows } = await sql<{ last: number | null; members: number; written: number }>`
        with next as (
          select user_id from monthly_volumes
          where month = ${row.month}::date and user_id > ${row.through ?? 0}
          order by user_id limit ${batch}
        ), written as (
          insert into messages (key, event, user_id, data)
          select 'statement:' || ${key} || ':' || n.user_id, 'business.statement_ready', n.user_id,
            jsonb_build_object('month', ${key}::text)
          from next n order by n.user_id
          on conflict (key) do nothing
          returning 1
        )
        select (select max(user_id) from next) as last, (select count(*)::int from next) as members,
          (select count(*)::int from written) as written`.execute(trx);
      const result = rows[0];
      const members = result?.members ?? 0;
      await trx
        .updateTable('period_closes')
        .set({
          told_through: result?.last ?? row.through,
          told_at: members < batch ? new Date() : null,
        })
        .where('month', '=', row.month)
        .execute();
      return result?.written ?? 0;
    });
    if (step === null) return written;
    written += step;
    await requestsFirst();
  }
}
