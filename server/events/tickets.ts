/**
 * Stream tickets: `EventSource` cannot send `Authorization`, and a bearer token in a URL would land in access logs
 * and browser history. So the SPA first asks `POST /events/ticket` (with its bearer token) for a ticket: 32 random
 * bytes, valid for `TICKET_TTL_SECONDS`, spendable once, stored only as a SHA-256 hash, carrying the token's user,
 * session version and expiry. `GET /events?ticket=…` spends it; a logged URL holds nothing reusable (and the
 * logger masks `ticket=` anyway).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/authenticate.ts';
import type { DB } from '../db/schema.ts';

export const TICKET_TTL_SECONDS = 30;

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

export interface IssuedTicket {
  ticket: string;
  expiresAt: string;
}

export async function issueTicket(db: Kysely<DB>, auth: AuthContext): Promise<IssuedTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_SECONDS * 1000);
  await db
    .insertInto('event_tickets')
    .values({
      ticket_hash: hashOf(ticket),
      user_id: auth.userId,
      session_version: auth.sessionVersion,
      token_expires_at: new Date(auth.tokenExpiresAt * 1000),
      expires_at: expiresAt,
      jti: auth.tokenId,
    })
    .execute();
  return { ticket, expiresAt: expiresAt.toISOString() };
}

/** Who a ticket opens a stream for (still current), or null when it is unknown, spent, expired or outdated. */
export interface TicketHolder {
  userId: number;
  sessionVersion: number;
  staffWarehouseId: number | null;
  tokenExpiresAt: Date;
  /** The token the ticket was asked with: its logout ends the stream. */
  tokenId: string | null;
}

/** Spends the ticket (once, atomically, whichever process is asked) and checks its session is still current. */
export async function redeemTicket(db: Kysely<DB>, ticket: string): Promise<TicketHolder | null> {
  const now = new Date();
  const spent = await db
    .updateTable('event_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', hashOf(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'session_version', 'token_expires_at', 'jti'])
    .executeTakeFirst();
  if (spent === undefined || spent.token_expires_at <= now) return null;
  const user = await db
    .selectFrom('users')
    .leftJoin('revoked_tokens', (join) =>
      join.onRef('revoked_tokens.user_id', '=', 'users.id').on('revoked_tokens.jti', '=', spent.jti ?? ''),
    )
    .select([
      'users.session_version',
      'users.is_warehouse',
      'users.warehouse_id',
      'revoked_tokens.jti as revoked',
    ])
    .where('users.id', '=', spent.user_id)
    .executeTakeFirst();
  if (user === undefined || user.session_version !== spent.session_version || user.revoked !== null)
    return null;
  return {
    userId: spent.user_id,
    sessionVersion: spent.session_version,
    staffWarehouseId: user.is_warehouse ? user.warehouse_id : null,
    tokenExpiresAt: spent.token_expires_at,
    tokenId: spent.jti,
  };
}
