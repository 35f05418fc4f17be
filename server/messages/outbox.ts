/**
 * The durable outbox of messages to people (`messages`, migration 0009). Whatever causes a message writes it
 * **in its own transaction**, through `enqueueMessage`, so a change and its message commit or roll back together;
 * delivery (e-mail, web push, the recipient's choices, attempts and backoff) happens later, outside the request.
 *
 * `key` names the cause (`order.ready_for_pickup:<order id>`, `account.reset_password:<token id>`): the same key
 * writes one message however often the change is retried or replayed, and `enqueueMessage` answers whether this
 * call wrote it. `data` holds what the message needs that the database will not hold later (a reason, an amount at
 * the time); what it can read at delivery (the order, the user's language) it reads then. `secret` holds what must
 * not outlive delivery (a one-time link's token): delivery clears it.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Every kind of message, by group. The group decides whether the recipient may turn it off: `account` messages
 * (security) cannot be; the others are chosen per group and channel in Personal data.
 */
export const MESSAGE_EVENTS = {
  'account.confirm_email': 'account',
  'account.reset_password': 'account',
  'account.password_changed': 'account',
  'account.login_burst': 'account',
  'order.placed': 'orders',
  'order.awaiting_answer': 'orders',
  'order.pay_now': 'orders',
  'order.payment_failed': 'orders',
  'order.payment_received': 'orders',
  'order.refunded': 'orders',
  'order.ready_for_pickup': 'orders',
  'order.out_for_delivery': 'orders',
  'order.received': 'orders',
  'order.cancelled': 'orders',
  'order.return_received': 'orders',
  'order.return_accepted': 'orders',
  'order.return_refused': 'orders',
  'business.statement_ready': 'business',
  'business.pv_reminder': 'business',
  'business.new_recruit': 'business',
  'business.client_order': 'business',
  'business.shop_client': 'business',
  'staff.queue_digest': 'staff',
} as const;

export type MessageEvent = keyof typeof MESSAGE_EVENTS;
export type MessageGroup = (typeof MESSAGE_EVENTS)[MessageEvent];

export const MESSAGE_GROUPS = [
  'account',
  'orders',
  'business',
  'staff',
] as const satisfies readonly MessageGroup[];

export interface NewMessage {
  event: MessageEvent;
  /** The recipient. */
  userId: number;
  /** Names the cause: one message per key, however often the cause is replayed. */
  key: string;
  data?: Record<string, unknown>;
  /** Cleared once the message is delivered or has failed for good. */
  secret?: string;
}

export function messageGroup(event: MessageEvent): MessageGroup {
  return MESSAGE_EVENTS[event];
}

/**
 * Writes `message` in `db` (pass the transaction of the change that causes it). Answers true when this call wrote
 * it, false when a message with the same key was already there (nothing is written then).
 */
export async function enqueueMessage(
  db: Kysely<DB> | Transaction<DB>,
  message: NewMessage,
): Promise<boolean> {
  if (!(message.event in MESSAGE_EVENTS)) throw new Error(`unknown message event ${message.event}`);
  if (message.key.length === 0 || message.key.length > 200)
    throw new Error('a message key is 1 to 200 characters');
  const written = await db
    .insertInto('messages')
    .values({
      key: message.key,
      event: message.event,
      user_id: message.userId,
      data: message.data ?? {},
      secret: message.secret ?? null,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}
