/** The message that tells a person their password changed, with "not you?" (server/messages/outbox.ts). */
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { enqueueMessage } from '../../messages/outbox.ts';

/**
 * Writes `account.password_changed` in the transaction that changed the password; the new session version names
 * the change, so a replayed request writes one message.
 */
export async function passwordChangedMessage(
  trx: Transaction<DB>,
  userId: number,
  sessionVersion: number,
): Promise<void> {
  await enqueueMessage(trx, {
    event: 'account.password_changed',
    userId,
    key: `account.password_changed:${userId}:${sessionVersion}`,
  });
}
