/** Bulk loading for the seeds: inserts in chunks under PostgreSQL's parameter limit, and serial sequences moved on. */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Tables with a serial `id`, whose sequences are moved past explicitly inserted ids. */
const SERIAL_TABLES = [
  'warehouses',
  'pickup_points',
  'users',
  'addresses',
  'products',
  'clients',
  'orders',
  'order_lines',
  'order_history',
  'outbox',
  'qualifications',
  'idempotency_keys',
] as const;

type Tx = Transaction<DB> | Kysely<DB>;

/** Inserts `rows` in chunks that stay under the parameter limit, `columns` parameters a row. */
export async function insertChunks<T>(
  rows: readonly T[],
  columns: number,
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  // PostgreSQL takes at most 65,535 parameters per statement.
  const size = Math.max(1, Math.floor(30_000 / Math.max(columns, 1)));
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** True when the database already holds users (the demo seed only runs on an empty database). */
export async function hasData(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Moves every serial sequence past the largest id, so later inserts without ids continue from there. */
export async function resetSequences(db: Tx): Promise<void> {
  for (const table of SERIAL_TABLES) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
  await sql`select setval('order_number_seq', coalesce((select max(id) from orders), 0) + 1, false)`.execute(
    db,
  );
}
