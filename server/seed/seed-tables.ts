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

/**
 * Inserts `rows` (objects keyed by column) through one JSON parameter per chunk (`jsonb_populate_recordset` over the
 * table's row type): for tens of thousands of rows far faster than a parameter per value. `jsonColumns` hold JSON
 * text in `rows` (as Kysely writes them) and are sent as the JSON they contain.
 */
export async function insertJsonRows(
  db: Tx,
  table: string,
  rows: readonly Record<string, unknown>[],
  jsonColumns: readonly string[] = [],
  chunk = 5000,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const columns = Object.keys(first);
  const list = sql.join(columns.map((column) => sql.id(column)));
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk).map((row) => {
      if (jsonColumns.length === 0) return row;
      const copy: Record<string, unknown> = { ...row };
      for (const column of jsonColumns) {
        const value = copy[column];
        if (typeof value === 'string') copy[column] = JSON.parse(value) as unknown;
      }
      return copy;
    });
    await sql`
      insert into ${sql.table(table)} (${list})
      select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(part)}::jsonb)`.execute(
      db,
    );
  }
}

/**
 * Runs a bulk load with the foreign keys and the secondary indexes of `tables` set aside (PostgreSQL's own advice
 * for populating a database: checking each row's references and updating every index row by row costs more than the
 * insert itself), then puts every one of them back under its name and definition: an index is built once from the
 * loaded rows, a foreign key checks them all at once. Inside the caller's transaction: if any row breaks a
 * reference, the load fails as a whole. Unique and primary-key indexes stay (they back constraints).
 */
export async function bulkLoad<T>(
  db: Transaction<DB>,
  tables: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const { rows: keys } = await sql<{ table_name: string; name: string; definition: string }>`
    select c.conrelid::regclass::text as table_name, c.conname as name, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.conrelid = any(${[...tables]}::regclass[])
    order by 1, 2`.execute(db);
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    where i.indrelid = any(${[...tables]}::regclass[]) and not i.indisunique and not i.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by 1`.execute(db);
  for (const key of keys)
    await sql`alter table ${sql.table(key.table_name)} drop constraint ${sql.id(key.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  const result = await work();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  for (const key of keys)
    await sql`alter table ${sql.table(key.table_name)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  return result;
}
