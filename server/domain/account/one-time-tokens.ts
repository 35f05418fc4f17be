/**
 * Single-use tokens of password reset and e-mail confirmation links: the one place that makes and checks them. A
 * token is usable while `used_at` is null and `expires_at` is in the future; issuing a new one of a kind ends the
 * earlier unused ones of that user, so only the latest link works.
 *
 * The database keeps a token's SHA-256 only (`outbox.token_hash`), as it keeps passwords' hashes: whoever reads
 * the tables cannot use a link. The raw token travels in the message that carries the link (`messages.secret`,
 * written in the same transaction), which delivery clears (docs/adr/0123-passwords-by-asvs.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { OutboxKind } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage, type MessageEvent } from '../../messages/outbox.ts';

/** Password reset links live one hour. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** E-mail confirmation links live seven days. */
export const EMAIL_CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const SETTINGS: Record<OutboxKind, { path: string; ttlMs: number; prefix: string; event: MessageEvent }> = {
  password_reset: {
    path: '/reset-pass',
    ttlMs: PASSWORD_RESET_TTL_MS,
    prefix: 'pr_',
    event: 'account.reset_password',
  },
  email_confirmation: {
    path: '/confirm-email',
    ttlMs: EMAIL_CONFIRMATION_TTL_MS,
    prefix: 'ec_',
    event: 'account.confirm_email',
  },
};

/** What the database keeps of a token. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

type Db = Kysely<DB> | Transaction<DB>;

export interface IssuedToken {
  token: string;
  /** Absolute link (`{publicUrl}/reset-pass?token=...`). */
  url: string;
  expiresAt: Date;
}

/** Joins the public origin and an app path (`/reset-pass?token=x`) without doubling the slash. */
export function publicLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * Writes a new token of `kind` for the user (its hash, with `email` in the payload) and the message that carries
 * its link (`account.reset_password` / `account.confirm_email`, the token in `secret`), and ends the user's earlier
 * unused tokens of that kind. Run it inside a transaction, so the token and its message commit together.
 */
export async function issueToken(
  db: Db,
  input: { kind: OutboxKind; userId: number; email: string; publicUrl: string; now?: Date },
): Promise<IssuedToken> {
  const settings = SETTINGS[input.kind];
  const now = input.now ?? new Date();
  const token = `${settings.prefix}${randomBytes(32).toString('base64url')}`;
  const path = `${settings.path}?token=${token}`;
  const url = publicLink(input.publicUrl, path);
  const expiresAt = new Date(now.getTime() + settings.ttlMs);
  await db
    .updateTable('outbox')
    .set({ expires_at: now })
    .where('user_id', '=', input.userId)
    .where('kind', '=', input.kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const row = await db
    .insertInto('outbox')
    .values({
      kind: input.kind,
      user_id: input.userId,
      token_hash: tokenHash(token),
      payload: JSON.stringify({ email: input.email }),
      created_at: now,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueMessage(db, {
    event: settings.event,
    userId: input.userId,
    key: `${settings.event}:${row.id}`,
    data: { expiresAt: expiresAt.toISOString() },
    secret: token,
  });
  return { token, url, expiresAt };
}

export interface UsableToken {
  id: number;
  userId: number;
}

/** The outbox entry of `token` when it is of `kind`, unused and unexpired; null otherwise. */
export async function findUsableToken(
  db: Db,
  kind: OutboxKind,
  token: string,
  now: Date = new Date(),
): Promise<UsableToken | null> {
  const row = await db
    .selectFrom('outbox')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row === undefined ? null : { id: row.id, userId: row.user_id };
}

/**
 * Marks a token used; true when this call spent it (false when a concurrent request got there first or it
 * expired meanwhile), so two requests with one token never both succeed.
 */
export async function spendToken(db: Db, id: number, now: Date = new Date()): Promise<boolean> {
  const spent = await db
    .updateTable('outbox')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}
