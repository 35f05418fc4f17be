import { sql, type Kysely } from 'kysely';

/**
 * Sessions that end, limits that hold, secrets that are not kept (docs/adr/0121-limits-that-hold.md,
 * docs/adr/0122-sessions-that-end.md, docs/adr/0123-passwords-by-asvs.md):
 *
 * - `revoked_tokens`: the ids (`jti`) of access tokens ended before their expiry by `POST /users/logout`, kept
 *   until the token would have expired; every process reads the same list.
 * - `event_tickets.jti`: the token a stream was opened with, so its logout closes that stream too.
 * - `event_streams`: the event streams open now, whichever process holds them (renewed while open), so a user's
 *   streams can be capped across processes, the oldest closed first.
 * - `rate_limits` gain backoff: `strikes` (how often the key went over its limit lately), `blocked_until`, and the
 *   burst they belong to (`burst_started_at`, `burst_hits`) for telling an account's owner once per burst.
 * - `outbox.token` becomes `token_hash`: a one-time link's token is kept as its SHA-256 only (the raw token goes
 *   with the message that carries the link, `messages.secret`, until it is delivered). Existing tokens are
 *   hashed in place and the links dropped from their payloads, so they keep working.
 */

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_idx')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('event_tickets').addColumn('jti', 'text').execute();

  await db.schema
    .createTable('event_streams')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('opened_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('alive_until', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('event_streams_user_idx')
    .on('event_streams')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .alterTable('rate_limits')
    .addColumn('strikes', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('blocked_until', 'timestamptz')
    .addColumn('burst_started_at', 'timestamptz')
    .addColumn('burst_hits', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await sql`alter table outbox rename column token to token_hash`.execute(db);
  await sql`update outbox set token_hash = encode(sha256(convert_to(token_hash, 'UTF8')), 'hex'),
    payload = payload - 'url' - 'path'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // Hashed tokens cannot be turned back: the links they belonged to stop working.
  await sql`update outbox set expires_at = least(expires_at, now())`.execute(db);
  await sql`alter table outbox rename column token_hash to token`.execute(db);
  await db.schema
    .alterTable('rate_limits')
    .dropColumn('strikes')
    .dropColumn('blocked_until')
    .dropColumn('burst_started_at')
    .dropColumn('burst_hits')
    .execute();
  await db.schema.dropTable('event_streams').execute();
  await db.schema.alterTable('event_tickets').dropColumn('jti').execute();
  await db.schema.dropTable('revoked_tokens').execute();
}
