/**
 * A cap on the event streams one user holds open, across every server process (docs/adr/0121-limits-that-hold.md):
 * each open stream is a row of `event_streams` whose lease its process renews; opening one past the cap removes the
 * user's oldest rows and appends a `session` event naming them, and the hub of whichever process holds them ends
 * them (`too_many_streams`). A process that dies leaves leases that run out and are pruned.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** How long a stream counts as open without its process renewing it. */
export const STREAM_LEASE_MS = 2 * 60 * 1000;

/** Registers a new stream of the user and closes the oldest ones past `cap`; answers the new stream's id. */
export async function registerStream(db: Kysely<DB>, userId: number, cap: number): Promise<string> {
  return db.transaction().execute(async (trx) => {
    // One opening per user at a time, so two at once cannot both keep the cap's last place.
    await sql`select pg_advisory_xact_lock(7723002, ${userId})`.execute(trx);
    const opened = await trx
      .insertInto('event_streams')
      .values({ user_id: userId, alive_until: new Date(Date.now() + STREAM_LEASE_MS) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const over = await trx
      .selectFrom('event_streams')
      .select('id')
      .where('user_id', '=', userId)
      .where('alive_until', '>', new Date())
      .orderBy('id', 'desc')
      .offset(cap)
      .limit(1000)
      .execute();
    if (over.length > 0) {
      const ids = over.map((row) => String(row.id));
      await trx.deleteFrom('event_streams').where('id', 'in', ids).execute();
      await sql`select events_append('session', ${userId}, null, null,
        jsonb_build_object('closeStreams', ${JSON.stringify(ids)}::jsonb))`.execute(trx);
    }
    return String(opened.id);
  });
}

/** Renews the leases of the streams this process holds. */
export async function renewStreams(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('event_streams')
    .set({ alive_until: new Date(Date.now() + STREAM_LEASE_MS) })
    .where('id', 'in', [...ids])
    .execute();
}

/** Forgets a closed stream. */
export async function forgetStream(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('event_streams').where('id', '=', id).execute();
}

/** Removes streams whose process stopped renewing them (housekeeping; any process may run it). */
export async function pruneStreams(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('event_streams').where('alive_until', '<', new Date()).execute();
}
