/**
 * Sign-in and password changes: credential checks in (roughly) constant time, new hashes with the configured scrypt
 * cost, and session ends (a password change bumps `session_version`, which every older token carries).
 */
import type { Kysely } from 'kysely';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/password.ts';
import { signAccessToken } from '../../auth/token.ts';
import type { Config, ScryptParams } from '../../config.ts';
import type { DB } from '../../db/schema.ts';

export interface AccessToken {
  access_token: string;
  token_type: 'Bearer';
}

const dummyHashes = new Map<string, Promise<string>>();

/** A hash no password matches in practice, made with `params`, so a missing user costs as much as a wrong password. */
function dummyHash(params: ScryptParams): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (hash === undefined) {
    hash = hashPassword(`dummy-${Math.random()}-${Date.now()}`, params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

export interface SignedInUser {
  id: number;
  is_warehouse: boolean;
  is_partner: boolean;
  session_version: number;
}

export function tokenFor(
  user: SignedInUser,
  config: Pick<Config, 'jwtSecret' | 'tokenTtlSeconds'>,
): Promise<string> {
  return signAccessToken(
    { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
    config,
  );
}

/**
 * The user with this e-mail (case-insensitive) and password, or null. A missing user is checked against a dummy
 * hash so both refusals take about the same time. A hash made with a weaker cost than configured is upgraded.
 */
export async function checkCredentials(
  db: Kysely<DB>,
  config: Pick<Config, 'scrypt'>,
  email: string,
  password: string,
): Promise<SignedInUser | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_warehouse', 'is_partner', 'session_version', 'disabled_at'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn('lower', [eb.val(email.trim())])))
    .executeTakeFirst();
  if (user === undefined) {
    await verifyPassword(password, await dummyHash(config.scrypt));
    return null;
  }
  if (!(await verifyPassword(password, user.password_hash))) return null;
  // A disabled account is refused like a wrong password, after the same work: saying "disabled" would confirm
  // the password to whoever holds it (docs/adr/0134-operator-account-commands.md).
  if (user.disabled_at !== null) return null;
  if (needsRehash(user.password_hash, config.scrypt)) {
    const upgraded = await hashPassword(password, config.scrypt);
    await db
      .updateTable('users')
      .set({ password_hash: upgraded })
      .where('id', '=', user.id)
      .where('password_hash', '=', user.password_hash)
      .execute();
  }
  return {
    id: user.id,
    is_warehouse: user.is_warehouse,
    is_partner: user.is_partner,
    session_version: user.session_version,
  };
}
