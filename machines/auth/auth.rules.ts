import { bareToken, type TokenPayload } from './auth.token.rules.ts';
import type { AuthUser } from './auth.types.ts';

/** Where a 401 or an expired token does not send the user again: the login paths (spec section 8). */
export const LOGIN_PATHS: readonly string[] = ['/login', '/reset-pass'];

/** The query parameter that carries a token on `/` (spec section 2). */
export const URL_TOKEN_PARAM = 'token';

/** setTimeout holds at most 2^31 - 1 ms; a longer expiry timer is re-armed when it fires early. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * A sign-up link (`/join/{alias}`, docs/adr/0141-join-page-proof-of-work.md) and a distributor's storefront
 * (`/s/{alias}…`, docs/adr/0147-the-storefront-and-client-checkout.md) are signed-out pages too: an expired cookie
 * or a sign-out there leaves the visitor on the invitation or the shop instead of sending them to /login.
 */
const SIGN_UP_PATH = /^\/(?:join\/[^/]+|s\/[^/]+(?:\/checkout|\/p\/[^/]+)?)$/;

export function isLoginPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return LOGIN_PATHS.includes(path) || SIGN_UP_PATH.test(path);
}

/**
 * The bare token in the query string of `initialUrl` when the path is `/` (with or without a `Bearer ` prefix);
 * `null` otherwise (also for an empty value).
 */
export function urlTokenOf(initialUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(initialUrl, 'http://portal.invalid');
  } catch {
    return null;
  }
  if (url.pathname !== '/') return null;
  const token = bareToken(url.searchParams.get(URL_TOKEN_PARAM) ?? '');
  return token === '' ? null : token;
}

/** The query string of `search` (with or without `?`) without the token parameter, `?` included when non-empty. */
export function searchWithoutToken(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(URL_TOKEN_PARAM);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The error code a machine keeps from a failed call: the server's `code` (spec section 8 error shape), else
 * `HTTP_<status>`, else `UNKNOWN`. Views translate codes; the toast bridge shows the server's own translations.
 */
export function errorCodeOf(error: unknown): string {
  if (isRecord(error)) {
    if (typeof error.code === 'string' && error.code !== '') return error.code;
    if (typeof error.status === 'number') return `HTTP_${error.status}`;
  }
  return 'UNKNOWN';
}

/**
 * The user kept in local storage (`user-storage`), when it has the shape of `GET /users/me` and belongs to the
 * token's subject: shown while `/users/me` reloads, never trusted for another account.
 */
export function storedUserFor(stored: unknown, payload: TokenPayload): AuthUser | null {
  if (!isRecord(stored) || stored.isAuthenticated !== true) return null;
  const user = stored.user;
  if (
    !isRecord(user) ||
    typeof user.id !== 'number' ||
    typeof user.email !== 'string' ||
    typeof user.emailConfirmed !== 'boolean' ||
    typeof user.role !== 'string' ||
    payload.sub === undefined ||
    String(user.id) !== payload.sub
  ) {
    return null;
  }
  return user as unknown as AuthUser;
}
