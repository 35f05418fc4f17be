import { sql, type Kysely } from 'kysely';

/**
 * The 1C exchange's sessions in the database, so that every server process serves every step of one exchange run
 * (`checkauth` on one, `query` / `success` / `file` on another):
 *
 * - `exchange_sessions`: one row per session, keyed by the SHA-256 of the cookie value (the value itself, a bearer
 *   secret, is never stored); `last_seen` drives the idle expiry; `last_query` holds the order ids of the session's
 *   last `mode=query` until `mode=success` confirms them.
 * - `exchange_file_parts`: the parts of files 1C sends in pieces, in arrival order (`id`), deleted with the session.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('exchange_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen', 'timestamptz', (col) => col.notNull())
    .addColumn('last_query', 'jsonb')
    .execute();
  await db.schema
    .createIndex('exchange_sessions_last_seen_idx')
    .on('exchange_sessions')
    .column('last_seen')
    .execute();

  await db.schema
    .createTable('exchange_file_parts')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('exchange_sessions.id').onDelete('cascade'),
    )
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('exchange_file_parts_session_idx')
    .on('exchange_file_parts')
    .columns(['session_id', 'filename', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('exchange_file_parts').execute();
  await db.schema.dropTable('exchange_sessions').execute();
}
