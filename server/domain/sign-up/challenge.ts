/**
 * The proof of work of public forms (docs/adr/0140-sign-up-under-a-sponsor.md): ALTCHA's PoW v2 through
 * `altcha-lib`, self-hosted. A challenge is PBKDF2/SHA-256 in deterministic mode: the server picks the counter,
 * signs the derived key's prefix (and the key itself), so checking a solution costs one HMAC, not a derivation.
 *
 * The signing key is derived from JWT_SECRET (which the production mode refuses to leave at its public default),
 * under a label of its own, so a challenge's signature is never a token's. A challenge is spent by its first use —
 * a row in `pow_spent` keyed by its signature, kept until it expires — so one solution opens one form, whichever
 * process answers.
 */
import { createHmac, randomInt } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { unprocessable } from '../../http/errors.ts';

const ALGORITHM = 'PBKDF2/SHA-256';

type PowConfig = Pick<Config, 'jwtSecret' | 'pow'>;

interface PowKeys {
  signature: string;
  keySignature: string;
}

/** The two HMAC keys of challenges, derived from the server's secret under labels of their own. */
function powKeys(config: PowConfig): PowKeys {
  const derive = (label: string) => createHmac('sha256', config.jwtSecret).update(label).digest('hex');
  return { signature: derive('altcha-challenge-v2'), keySignature: derive('altcha-derived-key-v2') };
}

/** A fresh signed challenge; the counter is drawn from the top half, so a solver tries ¾ × `maxCounter` on average. */
export async function newChallenge(config: PowConfig, now: Date = new Date()): Promise<Challenge> {
  const keys = powKeys(config);
  const { maxCounter, cost, ttlSeconds } = config.pow;
  return createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: randomInt(Math.floor(maxCounter / 2), maxCounter + 1),
    deriveKey,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
}

export type ChallengeRefusal = 'malformed' | 'expired' | 'invalid' | 'spent';

const REFUSAL_TEXT: Record<ChallengeRefusal, string> = {
  malformed: 'is not a solved challenge',
  expired: 'the challenge has expired',
  invalid: 'the challenge or its solution does not verify',
  spent: 'the challenge was already used',
};

/** `base64(JSON{ challenge, solution })` as the widget sends it, or null when it is not that shape. */
export function readPayload(text: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { challenge, solution } = value as Record<string, unknown>;
  if (typeof challenge !== 'object' || challenge === null) return null;
  if (typeof solution !== 'object' || solution === null) return null;
  const { parameters, signature } = challenge as Record<string, unknown>;
  const { counter, derivedKey } = solution as Record<string, unknown>;
  if (typeof parameters !== 'object' || parameters === null || typeof signature !== 'string') return null;
  if (typeof counter !== 'number' || typeof derivedKey !== 'string') return null;
  const p = parameters as Record<string, unknown>;
  if (p.algorithm !== ALGORITHM || typeof p.expiresAt !== 'number') return null;
  return value as Payload;
}

/** Why `text` does not pass (without spending it), or the challenge's signature and expiry when it does. */
export async function checkSolution(
  config: PowConfig,
  text: string,
): Promise<{ ok: true; signature: string; expiresAt: Date } | { ok: false; refusal: ChallengeRefusal }> {
  const payload = readPayload(text);
  if (payload === null) return { ok: false, refusal: 'malformed' };
  const keys = powKeys(config);
  let result;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: keys.signature,
      hmacKeySignatureSecret: keys.keySignature,
    });
  } catch {
    // The library throws on values it cannot even read (a counter out of range, a key that is not hex).
    return { ok: false, refusal: 'malformed' };
  }
  if (result.expired) return { ok: false, refusal: 'expired' };
  if (!result.verified) return { ok: false, refusal: 'invalid' };
  const { signature } = payload.challenge;
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (signature === undefined || expiresAt === undefined) return { ok: false, refusal: 'invalid' };
  return { ok: true, signature, expiresAt: new Date(expiresAt * 1000) };
}

const refuse = (refusal: ChallengeRefusal) =>
  unprocessable('CHALLENGE_FAILED', [
    { location: 'body', path: '/altcha', message: REFUSAL_TEXT[refusal], reason: `challenge.${refusal}` },
  ]);

/**
 * Verifies `text` and spends its challenge, in a transaction of its own that commits whatever the form's fate:
 * a refused form still used its proof, so every try costs the sender one. 422 `CHALLENGE_FAILED` otherwise.
 */
export async function spendSolution(db: Kysely<DB>, config: PowConfig, text: string): Promise<void> {
  const checked = await checkSolution(config, text);
  if (!checked.ok) throw refuse(checked.refusal);
  const spent = await db
    .insertInto('pow_spent')
    .values({ signature: checked.signature, expires_at: checked.expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  if (spent === undefined) throw refuse('spent');
}

/** Forgets spent challenges past their expiry (an expired one is refused as expired anyway). */
export async function pruneSpentChallenges(
  db: Kysely<DB> | Transaction<DB>,
  now: Date = new Date(),
): Promise<void> {
  await db.deleteFrom('pow_spent').where('expires_at', '<', now).execute();
}
