/**
 * Telling an account's owner that someone is trying passwords on it: when the account's sign-in limit first
 * blocks (a burst), one `account.login_burst` message, written in the transaction that counted the attempt, keyed
 * by the account and the burst's start so a burst is told once however many processes count it.
 */
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { enqueueMessage } from '../messages/outbox.ts';

/** A run of attempts on one key that went over its limit (server/auth/rate-limit.ts). */
export interface Burst {
  /** When the attempts that led to the first block began. */
  since: Date;
  /** Attempts in the burst so far (the one that crossed the limit included). */
  attempts: number;
}

export async function notifyLoginBurst(trx: Transaction<DB>, email: string, burst: Burst): Promise<void> {
  if (email === '') return;
  const user = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .executeTakeFirst();
  // An unknown address has no owner to tell (and answers exactly as a known one does).
  if (user === undefined) return;
  await enqueueMessage(trx, {
    event: 'account.login_burst',
    userId: user.id,
    key: `account.login_burst:${user.id}:${burst.since.getTime()}`,
    data: { attempts: burst.attempts, since: burst.since.toISOString() },
  });
}
