import { sql, type Kysely } from 'kysely';

/**
 * Signing up under a sponsor (docs/adr/0140-sign-up-under-a-sponsor.md).
 *
 * - `users.alias`: the distributor's public short name, chosen once (`/s/{alias}`, `/join/{alias}`); unique, and
 *   so is `alias_skeleton`, what the alias looks like to a reader (`a1ice` and `alice` have one skeleton), so no
 *   alias can be taken that reads as another's.
 * - `users.birth_date`: a distributor signs the agreement as an adult; the date the sign-up checked is kept.
 * - `users_phone_digits_idx`: a sign-up refuses a phone already in use, compared by its digits.
 * - `user_consents`: which edition of which document (marketing plan, ethics code) a person accepted, when.
 * - `pow_spent`: proof-of-work challenges already used, until they expire, so a solution works once across every
 *   process.
 */

/** Migrations see the database untyped: the schema they build is what `schema.ts` describes. */
type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table users add column alias text, add column alias_skeleton text, add column birth_date date`.execute(
    db,
  );
  await sql`create unique index users_alias_key on users (alias)`.execute(db);
  await sql`create unique index users_alias_skeleton_key on users (alias_skeleton)`.execute(db);
  await sql`create index users_phone_digits_idx on users (regexp_replace(phone, '[^0-9]', '', 'g')) where phone is not null`.execute(
    db,
  );
  await db.schema
    .createTable('user_consents')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('document', 'text', (col) => col.notNull())
    .addColumn('edition', 'text', (col) => col.notNull())
    .addColumn('lang', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_consents_pkey', ['user_id', 'document', 'edition'])
    .execute();
  await db.schema
    .createTable('pow_spent')
    .addColumn('signature', 'text', (col) => col.primaryKey())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('pow_spent_expires_idx').on('pow_spent').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('pow_spent').execute();
  await db.schema.dropTable('user_consents').execute();
  await sql`drop index if exists users_phone_digits_idx`.execute(db);
  await sql`alter table users drop column alias, drop column alias_skeleton, drop column birth_date`.execute(
    db,
  );
}
