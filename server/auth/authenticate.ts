import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type {} from '../http/decorations.ts';
import { HttpError } from '../http/errors.ts';
import { roleOf, type Role } from './roles.ts';
import { TokenError, verifyAccessToken } from './token.ts';

/** Who is calling, as `request.auth` holds it after a valid bearer token (null otherwise). */
export interface AuthContext {
  userId: number;
  role: Role;
  /** Warehouse flag (from the user's row, which the token mirrors). */
  wh: boolean;
  /** Partner flag. */
  par: boolean;
  /** The warehouse a partner orders from or staff work at. */
  warehouseId: number | null;
  /** A shop client's distributor (docs/adr/0146-the-shop-link.md): they pay retail; null for everyone else. */
  shopOwnerId: number | null;
  emailConfirmed: boolean;
  sessionVersion: number;
  /** The token's expiry (seconds since the epoch). */
  tokenExpiresAt: number;
  /** The token's id (`jti`), which `POST /users/logout` revokes. */
  tokenId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the contract router's security check; null on public routes and for anonymous callers. */
    auth: AuthContext | null;
  }
}

export type BearerToken = { kind: 'absent' } | { kind: 'malformed' } | { kind: 'present'; token: string };

/** Reads `Authorization: Bearer <jwt>`; any other form of the header is malformed. */
export function readBearerToken(header: string | undefined): BearerToken {
  if (header === undefined || header === '') return { kind: 'absent' };
  const match = /^Bearer[ ]+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)[ ]*$/i.exec(header);
  const token = match?.[1];
  return token === undefined ? { kind: 'malformed' } : { kind: 'present', token };
}

/**
 * Verifies the bearer token of a request and checks it against the database in one read: the user must exist, the
 * token's session version must be current (a password change or "sign out on all devices" bumps it) and the token
 * must not be revoked (`POST /users/logout`). Returns null when the request carries no token.
 * Throws HttpError 401 `TOKEN_EXPIRED` for an expired token, 401 `UNAUTHORIZED` for anything else that is wrong.
 */
export async function authenticate(
  db: Kysely<DB>,
  config: Pick<Config, 'jwtSecret'>,
  authorization: string | undefined,
): Promise<AuthContext | null> {
  const bearer = readBearerToken(authorization);
  if (bearer.kind === 'absent') return null;
  if (bearer.kind === 'malformed')
    throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'malformed Authorization header' });
  let claims;
  try {
    claims = await verifyAccessToken(bearer.token, config);
  } catch (error) {
    if (error instanceof TokenError) {
      throw new HttpError(401, error.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED', {
        logMessage: error.message,
      });
    }
    throw error;
  }
  const user = await db
    .selectFrom('users')
    .leftJoin('revoked_tokens', (join) =>
      join.onRef('revoked_tokens.user_id', '=', 'users.id').on('revoked_tokens.jti', '=', claims.jti),
    )
    .select([
      'users.id',
      'users.session_version',
      'users.is_warehouse',
      'users.is_partner',
      'users.warehouse_id',
      'users.shop_owner_id',
      'users.email_confirmed',
      'users.disabled_at',
      'revoked_tokens.jti as revoked',
    ])
    .where('users.id', '=', claims.userId)
    .executeTakeFirst();
  if (user === undefined)
    throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'token of an unknown user' });
  // Disabling also bumps the session version; this holds even for a token signed with the new one meanwhile.
  if (user.disabled_at !== null)
    throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'token of a disabled account' });
  if (claims.sessionVersion !== user.session_version) {
    throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'token of an ended session' });
  }
  if (user.revoked !== null)
    throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'token signed out (revoked)' });
  return {
    userId: user.id,
    role: roleOf(user.is_warehouse, user.is_partner),
    wh: user.is_warehouse,
    par: user.is_partner,
    warehouseId: user.warehouse_id,
    shopOwnerId: user.shop_owner_id,
    emailConfirmed: user.email_confirmed,
    sessionVersion: user.session_version,
    tokenExpiresAt: claims.exp,
    tokenId: claims.jti,
  };
}

/** Reads and checks the request's token; sets and returns `request.auth` (null without a token). */
export async function authenticateRequest(request: FastifyRequest): Promise<AuthContext | null> {
  const auth = await authenticate(request.server.db, request.server.config, request.headers.authorization);
  request.auth = auth;
  return auth;
}

/** `onRequest` hook: the request must carry a valid token (401 otherwise). */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  const auth = await authenticateRequest(request);
  if (auth === null) throw new HttpError(401, 'UNAUTHORIZED', { logMessage: 'no bearer token' });
}

/**
 * `onRequest` hook for operations that work with or without a caller: a valid token sets `request.auth`,
 * a missing or bad one leaves it null (a stale cookie must not break a public page).
 */
export async function optionalAuth(request: FastifyRequest): Promise<void> {
  try {
    await authenticateRequest(request);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    request.auth = null;
  }
}

/** Adds `request.auth` (null until a security hook sets it). */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}
