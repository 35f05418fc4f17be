import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import type { ScryptParams } from '../config.ts';

/** Cost used when no parameters are given: about 0.1 s per hash on the reference machine. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 1 << 15, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r * params.p },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** Hashes a password with scrypt and a random salt: `scrypt$N$r$p$<salt base64>$<hash base64>`. */
export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const hash = await scrypt(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

const positiveInt = (s: string | undefined): number | null =>
  s !== undefined && /^\d{1,8}$/.test(s) ? Number(s) : null;

function parseHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const N = positiveInt(parts[1]);
  const r = positiveInt(parts[2]);
  const p = positiveInt(parts[3]);
  if (N === null || r === null || p === null) return null;
  // Refuse parameters outside what we ever write, so a tampered row cannot make us burn memory.
  if (N < 2 || N > 1 << 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const hash = Buffer.from(parts[5] ?? '', 'base64');
  if (salt.length < 8 || hash.length < 16) return null;
  return { params: { N, r, p }, salt, hash };
}

/** Checks a password against an encoded hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (parsed === null) return false;
  const candidate = await scrypt(password, parsed.salt, parsed.hash.length, parsed.params);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when a hash was made with weaker parameters than `params` (a caller may re-hash after a login). */
export function needsRehash(encoded: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): boolean {
  const parsed = parseHash(encoded);
  if (parsed === null) return true;
  return parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}
