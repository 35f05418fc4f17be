/**
 * Password hashes (docs/adr/0123-passwords-by-asvs.md): new ones are argon2id with OWASP's parameters (19 MiB, two
 * passes, one lane by default; `ARGON2_*`), in the PHC string form `$argon2id$v=19$m=…,t=…,p=…$<salt>$<hash>`.
 * Hashes of the earlier scheme (`scrypt$N$r$p$<salt>$<hash>`) still verify, and `needsRehash` tells the sign-in to
 * replace them (and any argon2id hash weaker than configured) with the current one. Passwords are NFKC-normalised
 * first, so the same password typed on another keyboard matches.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import type { PasswordHashParams } from '../config.ts';

/** OWASP's argon2id minimum (Password Storage Cheat Sheet): m = 19 MiB, t = 2, p = 1. */
export const DEFAULT_PASSWORD_HASH: PasswordHashParams = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };

/** Limits of what a stored hash may ask for, so a tampered row cannot make a sign-in burn memory or time. */
const MAX_MEMORY_KIB = 262_144;
const MAX_ITERATIONS = 16;
const MAX_PARALLELISM = 8;

const normalized = (password: string): string => password.normalize('NFKC');

/** `Algorithm.Argon2id` of the package (a const enum, which this project's module syntax cannot read). */
const ARGON2ID = 2;

/** Hashes a password with argon2id and a random salt. */
export async function hashPassword(
  password: string,
  params: PasswordHashParams = DEFAULT_PASSWORD_HASH,
): Promise<string> {
  return argon2Hash(normalized(password), {
    algorithm: ARGON2ID,
    memoryCost: params.memoryKiB,
    timeCost: params.iterations,
    parallelism: params.parallelism,
    salt: randomBytes(16),
  });
}

interface Argon2Parts {
  params: PasswordHashParams;
}

function parseArgon2(encoded: string): Argon2Parts | null {
  const match =
    /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{16,}$/.exec(
      encoded,
    );
  if (match === null) return null;
  const [memoryKiB, iterations, parallelism] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  if (memoryKiB < 8 || memoryKiB > MAX_MEMORY_KIB || iterations < 1 || iterations > MAX_ITERATIONS)
    return null;
  if (parallelism < 1 || parallelism > MAX_PARALLELISM) return null;
  return { params: { memoryKiB, iterations, parallelism } };
}

interface ScryptParts {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

const positiveInt = (s: string | undefined): number | null =>
  s !== undefined && /^\d{1,8}$/.test(s) ? Number(s) : null;

/** The earlier scheme, read only to verify a password once and replace its hash. */
function parseScrypt(encoded: string): ScryptParts | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const N = positiveInt(parts[1]);
  const r = positiveInt(parts[2]);
  const p = positiveInt(parts[3]);
  if (N === null || r === null || p === null) return null;
  if (N < 2 || N > 1 << 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const hash = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { N, r, p, salt, hash };
}

function scrypt(password: string, parts: ScryptParts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      normalized(password),
      parts.salt,
      parts.hash.length,
      { N: parts.N, r: parts.r, p: parts.p, maxmem: 256 * parts.N * parts.r * parts.p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Checks a password against a stored hash (argon2id, or the earlier scrypt); a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (parseArgon2(encoded) !== null) {
    try {
      return await argon2Verify(encoded, normalized(password));
    } catch {
      return false;
    }
  }
  const legacy = parseScrypt(encoded);
  if (legacy === null) return false;
  return timingSafeEqual(await scrypt(password, legacy), legacy.hash);
}

/** True when a hash is of the earlier scheme or weaker than `params` (the sign-in then stores a new one). */
export function needsRehash(encoded: string, params: PasswordHashParams = DEFAULT_PASSWORD_HASH): boolean {
  const parsed = parseArgon2(encoded);
  if (parsed === null) return true;
  return (
    parsed.params.memoryKiB < params.memoryKiB ||
    parsed.params.iterations < params.iterations ||
    parsed.params.parallelism < params.parallelism
  );
}
