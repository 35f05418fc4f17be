import { sql, type Kysely } from 'kysely';

/**
 * Two foundations of the work a server does besides answering requests:
 *
 * - `jobs`: one row per periodic job that must run **once across all server processes** (a period close, a
 *   reconciliation sweep, a digest). A process takes a due job by setting `locked_by`/`locked_until` in one
 *   conditional update, renews the lease while it runs, and on success moves `due_at` on. A process that dies
 *   mid-run leaves a lease that runs out, and another process takes the job over: jobs are written to be rerun.
 *   See server/jobs/scheduler.ts.
 * - `messages`: the durable outbox of messages to people (e-mail, web push). A message is written in the same
 *   transaction as the change that causes it, under a `key` naming that cause, so a retried or repeated change
 *   writes it once. `secret` holds what must not outlive delivery (a one-time link's token); delivery clears it.
 *   Delivery itself (channels, attempts, backoff) is the messages worker's. See server/messages/outbox.ts.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('due_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('runs', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_started_at', 'timestamptz')
    .addColumn('last_finished_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('data', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('secret', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('messages_user_idx')
    .on('messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('jobs').execute();
}
