import type { AuthRole } from './auth.types.ts';

/** The claims of the access token the portal reads (spec section 3; the server also sets `iat` and `sv`). */
export interface TokenPayload {
  /** The user's id, as a string. */
  sub?: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** Warehouse flag. */
  wh: boolean;
  /** Partner (distributor) flag. */
  par: boolean;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes base64url (with or without padding) to bytes; `null` when the text is not base64url. */
function base64UrlToBytes(text: string): Uint8Array | null {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of standard) {
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A flag claim: `true`/`1` set, anything else (missing, `false`, `0`) not set. */
function flag(value: unknown): boolean {
  return value === true || value === 1;
}

/**
 * The JWT without a `Bearer ` prefix (spec section 3 calls the token bearer-prefixed; a link may carry either form).
 * The app keeps and sends the bare token, so the `Authorization` header never reads `Bearer Bearer ...`.
 */
export function bareToken(token: string): string {
  return token
    .trim()
    .replace(/^Bearer\s+/i, '')
    .trim();
}

/**
 * Reads the payload of a JWT without verifying it (the server verifies; the client only needs `exp`, `wh`, `par`).
 * Accepts the bare token or one with a `Bearer ` prefix. `null` for anything that is not a readable JWT with a
 * numeric `exp`.
 */
export function decodeTokenPayload(token: string): TokenPayload | null {
  const parts = bareToken(token).split('.');
  if (parts.length !== 3) return null;
  const bytes = base64UrlToBytes(parts[1] ?? '');
  if (bytes === null) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isRecord(claims) || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  const payload: TokenPayload = { exp: claims.exp, wh: flag(claims.wh), par: flag(claims.par) };
  if (typeof claims.sub === 'string' || typeof claims.sub === 'number') payload.sub = String(claims.sub);
  return payload;
}

/** Spec section 5: a token is valid only if its `exp` is later than the current time. */
export function isPayloadUnexpired(payload: TokenPayload, nowMs: number): boolean {
  return payload.exp * 1000 > nowMs;
}

/** The decoded payload of `token` when it is readable and not expired, else `null`. */
export function validTokenPayload(token: string | null | undefined, nowMs: number): TokenPayload | null {
  if (typeof token !== 'string' || token === '') return null;
  const payload = decodeTokenPayload(token);
  return payload !== null && isPayloadUnexpired(payload, nowMs) ? payload : null;
}

/** Spec section 6: wh and par = partner_warehouse, wh = warehouse, par = partner, neither = user. */
export function roleFromPayload(payload: TokenPayload | null): AuthRole {
  if (payload === null) return 'unspecified';
  if (payload.wh && payload.par) return 'partner_warehouse';
  if (payload.wh) return 'warehouse';
  if (payload.par) return 'partner';
  return 'user';
}

/** Role of a token as the spec defines it; `unspecified` for no token or an unreadable one. */
export function roleFromToken(token: string | null | undefined): AuthRole {
  return roleFromPayload(typeof token === 'string' ? decodeTokenPayload(token) : null);
}
