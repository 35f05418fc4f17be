export {
  decodeTokenPayload,
  roleFromToken,
  validTokenPayload,
} from '../../machines/auth/auth.token.rules.ts';
export type { TokenPayload } from '../../machines/auth/auth.token.rules.ts';

/** The cookie that holds the bare access token (spec section 3). */
export const TOKEN_COOKIE = 'token';

function hasDocument(): boolean {
  return typeof document !== 'undefined';
}

function isHttps(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

/**
 * The value read in this task, if any. Reading `document.cookie` asks the browser's cookie store (in Chromium a
 * call to another process), and a task may send several requests (a page's first reads, a refetch after a live
 * event), each asking for the token: one read per task answers them all. Another tab's change is seen by the next
 * task, as it would be a moment later anyway; this tab's own changes (below) at once.
 */
let readThisTask: { token: string | null } | null = null;

function remember(token: string | null): string | null {
  if (readThisTask === null) setTimeout(() => (readThisTask = null), 0);
  readThisTask = { token };
  return token;
}

/** The token cookie's value, or `null` when there is none. */
export function readTokenCookie(): string | null {
  if (!hasDocument()) return null;
  if (readThisTask !== null) return readThisTask.token;
  return remember(tokenIn(document.cookie));
}

function tokenIn(cookies: string): string | null {
  for (const pair of cookies.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== TOKEN_COOKIE) continue;
    const raw = pair.slice(separator + 1).trim();
    if (raw === '') return null;
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

function cookieAttributes(expires: Date): string {
  return `; expires=${expires.toUTCString()}; path=/; samesite=lax${isHttps() ? '; secure' : ''}`;
}

/** Stores the token in a cookie that expires with it, `sameSite=lax`, `secure` on https (spec section 3). */
export function writeTokenCookie(token: string, expiresAt: number): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}${cookieAttributes(new Date(expiresAt))}`;
  forgetRead();
}

export function clearTokenCookie(): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(new Date(0))}`;
  forgetRead();
}

/** After this tab writes the cookie, the next read reads it (the browser may refuse a write: not assumed kept). */
function forgetRead(): void {
  readThisTask = null;
}
