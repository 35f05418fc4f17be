/**
 * Single-use tokens: password reset and e-mail confirmation links. Issuing one also writes its message (the
 * messages outbox, server/messages/outbox.ts) in the same transaction, with the token as the message's secret:
 * delivery renders the link from it and clears it. A token is
 * usable while `used_at` is null and `expires_at` is in the future; issuing a new one of a kind ends the earlier
 * unused ones of that user, so only the latest link works.
 */
import { randomBytes } from 'node:crypto';
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
 * Writes a new token of `kind` for the user (payload: `email`, `path`, `url`), ends the user's earlier unused
 * tokens of that kind, and writes the message that carries the link. Run it inside the transaction of the change.
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
  const issued = await db
    .insertInto('outbox')
    .values({
      kind: input.kind,
      user_id: input.userId,
      token,
      payload: JSON.stringify({ email: input.email, path, url }),
      created_at: now,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await enqueueMessage(db, {
    event: settings.event,
    userId: input.userId,
    key: `${settings.event}:${issued.id}`,
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
    .where('token', '=', token)
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
