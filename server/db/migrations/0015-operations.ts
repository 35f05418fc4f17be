import { sql, type Kysely } from 'kysely';

/**
 * The operator's account commands (`npm run users`, server/ops/users/):
 *
 * - `users.disabled_at`: a disabled account cannot sign in, and its tokens stop working (disabling also bumps
 *   `session_version`, which every token carries and every process checks; docs/adr/0010-bearer-tokens.md).
 * - `account_audit`: every change an operator makes to an account, who made it and from where. Rows outlive the
 *   account (the e-mail is copied), and nothing updates or deletes them.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export const AUDIT_ACTIONS = ['add', 'disable', 'enable', 'set-role', 'reset-password'] as const;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'timestamptz').execute();

  await db.schema
    .createTable('account_audit')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) =>
      col.notNull().check(sql`action in (${sql.join(AUDIT_ACTIONS.map((action) => sql.lit(action)))})`),
    )
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('details', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema
    .createIndex('account_audit_user_idx')
    .on('account_audit')
    .columns(['user_id', 'at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_audit').execute();
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
