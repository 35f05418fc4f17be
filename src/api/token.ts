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

/** The token cookie's value, or `null` when there is none. */
export function readTokenCookie(): string | null {
  if (!hasDocument()) return null;
  for (const pair of document.cookie.split(';')) {
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
}

export function clearTokenCookie(): void {
  if (!hasDocument()) return;
  document.cookie = `${TOKEN_COOKIE}=${cookieAttributes(new Date(0))}`;
}
