import { randomBytes } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';

export interface AccessTokenSubject {
  userId: number;
  /** Warehouse flag. */
  wh: boolean;
  /** Partner (distributor) flag. */
  par: boolean;
  /** The user's `session_version` when the token was issued. */
  sessionVersion: number;
}

export interface AccessTokenClaims extends AccessTokenSubject {
  /** The token's own id: `POST /users/logout` revokes exactly this token (docs/adr/0122-sessions-that-end.md). */
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch. */
  exp: number;
}

export type TokenErrorReason = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(
    readonly reason: TokenErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'TokenError';
  }
}

type TokenConfig = Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>;

export interface TokenClockOptions {
  /** Current time, for tests. */
  now?: Date;
  /** Overrides `config.tokenTtlSeconds` (may be negative in tests to make an expired token). */
  ttlSeconds?: number;
}

const ALGORITHM = 'HS256';
const keyCache = new Map<string, Uint8Array>();

function keyOf(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (key === undefined) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** Signs an HS256 access token with payload `{ sub, jti, iat, exp, wh, par, sv }` (a fresh random `jti`). */
export async function signAccessToken(
  subject: AccessTokenSubject,
  config: TokenConfig,
  options: TokenClockOptions = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const exp = iat + (options.ttlSeconds ?? config.tokenTtlSeconds);
  return new SignJWT({ wh: subject.wh, par: subject.par, sv: subject.sessionVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(keyOf(config.jwtSecret));
}

/**
 * Verifies signature, algorithm and expiry, and checks the payload's shape.
 * Throws TokenError('expired') for an expired token and TokenError('invalid') for anything else.
 */
export async function verifyAccessToken(
  token: string,
  config: Pick<Config, 'jwtSecret'>,
  options: Pick<TokenClockOptions, 'now'> = {},
): Promise<AccessTokenClaims> {
  let payload: Record<string, unknown>;
  try {
    const verified = await jwtVerify(token, keyOf(config.jwtSecret), {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
      ...(options.now === undefined ? {} : { currentDate: options.now }),
    });
    payload = verified.payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new TokenError('expired', 'token expired');
    throw new TokenError('invalid', 'token invalid');
  }
  const { sub, jti, exp, iat, wh, par, sv } = payload;
  if (
    typeof sub !== 'string' ||
    !/^[1-9]\d{0,15}$/.test(sub) ||
    typeof jti !== 'string' ||
    !/^[A-Za-z0-9_-]{16,64}$/.test(jti) ||
    typeof exp !== 'number' ||
    typeof iat !== 'number' ||
    typeof wh !== 'boolean' ||
    typeof par !== 'boolean' ||
    typeof sv !== 'number' ||
    !Number.isInteger(sv)
  ) {
    throw new TokenError('invalid', 'token payload malformed');
  }
  return { userId: Number(sub), jti, wh, par, sessionVersion: sv, iat, exp };
}
