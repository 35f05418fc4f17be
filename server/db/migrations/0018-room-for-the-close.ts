import { sql, type Kysely } from 'kysely';

/**
 * Room on the pages the period close rewrites (docs/adr/0139-room-for-the-close.md).
 *
 * A close updates every member's month row (frozen, bonus, streaks) and raises the highest rank reached on
 * `users`. Without free space on a page, PostgreSQL writes each new row version elsewhere and adds it to every
 * index of the table — twelve on `users`, four of them GIN trigram indexes — so raising 80,000 ranks wrote 270 MB
 * of WAL and took 8–18 s of a 20 s close. With room on the page and no index on a changed column the update is
 * made in place (a heap-only tuple) and touches no index.
 *
 * - `users`: fillfactor 50 (a raise rewrites most rows of a page in one close).
 * - `monthly_volumes`: fillfactor 70 (every credit updates the buyer's and sponsors' rows of the open month, a close
 *   updates all of them once), and the partial index on `not closed` goes: a column in an index's predicate counts
 *   as indexed, so no freeze could be made in place. The open months are found from `period_closes` instead
 *   (every month before the first open one is closed, oldest first) through `monthly_volumes_month_idx`.
 * - `period_closes.told_through` / `told_at`: the members told of their closed month's statement are told after the
 *   close, a batch per transaction, by member id (`told_through`, the last one told; `told_at` once all are). The
 *   close itself no longer writes 100,000 messages in its transaction.
 * - Both tables are rewritten once (`cluster`), so the room exists for rows written before this migration too; on a
 *   new database they are empty and this is instant.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table users set (fillfactor = 50)`.execute(db);
  await sql`cluster users using users_pkey`.execute(db);
  await sql`drop index if exists monthly_volumes_open_idx`.execute(db);
  await sql`alter table monthly_volumes set (fillfactor = 70)`.execute(db);
  await sql`cluster monthly_volumes using monthly_volumes_pkey`.execute(db);
  // Closes before this migration told their members in the close's own transaction.
  await sql`alter table period_closes add column told_through integer, add column told_at timestamptz`.execute(
    db,
  );
  await sql`update period_closes set told_at = closed_at`.execute(db);
  await sql`create index period_closes_telling_idx on period_closes (month) where told_at is null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  await sql`alter table period_closes drop column told_through, drop column told_at`.execute(db);
  await sql`alter table monthly_volumes reset (fillfactor)`.execute(db);
  await sql`create index monthly_volumes_open_idx on monthly_volumes (month) where not closed`.execute(db);
  await sql`alter table users reset (fillfactor)`.execute(db);
}
