/**
 * What a person can choose about their messages (docs/adr/0102-message-choices.md): a **topic** per event (its
 * group, or the event itself when it is opt-in on its own) and a **channel** (e-mail, web push). Account security
 * cannot be turned off; the others have a default that a stored choice overrides.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryChannel } from '../db/schema.ts';
import { MESSAGE_EVENTS, messageGroup, type MessageEvent } from './outbox.ts';

export const CHANNELS = ['email', 'push'] as const satisfies readonly DeliveryChannel[];

/** Topics in the order Personal data lists them. */
export const MESSAGE_TOPICS = ['account', 'orders', 'business', 'business.pv_reminder', 'staff'] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

/** Events chosen on their own rather than with their group: opt-in nudges. */
const OWN_TOPIC: Partial<Record<MessageEvent, MessageTopic>> = {
  'business.pv_reminder': 'business.pv_reminder',
};

/** On unless turned off (account: always on); the PV reminder and the staff digest are opt-in. */
const DEFAULT_ON: Record<MessageTopic, boolean> = {
  account: true,
  orders: true,
  business: true,
  'business.pv_reminder': false,
  staff: false,
};

/** Topics nobody can turn off: account security (links, password changes, sign-in alerts). */
export const LOCKED_TOPICS: readonly MessageTopic[] = ['account'];

/**
 * Events that go by e-mail only: a one-time link proves control of the mailbox it was sent to, so it never shows
 * on a lock screen.
 */
export const EMAIL_ONLY_EVENTS: readonly MessageEvent[] = ['account.confirm_email', 'account.reset_password'];

/**
 * Topics whose e-mail carries `List-Unsubscribe` (RFC 8058): whatever is not strictly transactional. Account and
 * order messages are about the person's own account and orders.
 */
export const UNSUBSCRIBABLE_TOPICS: readonly MessageTopic[] = ['business', 'business.pv_reminder', 'staff'];

export function topicOf(event: MessageEvent): MessageTopic {
  return OWN_TOPIC[event] ?? messageGroup(event);
}

export function isTopic(value: unknown): value is MessageTopic {
  return typeof value === 'string' && (MESSAGE_TOPICS as readonly string[]).includes(value);
}

export function isMessageEvent(value: unknown): value is MessageEvent {
  return typeof value === 'string' && value in MESSAGE_EVENTS;
}

/** Who may see a topic: business ones are a partner's, the digest is staff's. */
export function topicsFor(user: { isPartner: boolean; isWarehouse: boolean }): MessageTopic[] {
  return MESSAGE_TOPICS.filter((topic) => {
    if (topic === 'business' || topic === 'business.pv_reminder') return user.isPartner;
    if (topic === 'staff') return user.isWarehouse;
    return true;
  });
}

export interface StoredChoice {
  topic: string;
  channel: DeliveryChannel;
  enabled: boolean;
}

/** Whether `topic` goes out on `channel`, given the person's stored choices. */
export function wants(
  choices: readonly StoredChoice[],
  topic: MessageTopic,
  channel: DeliveryChannel,
): boolean {
  if (LOCKED_TOPICS.includes(topic)) return true;
  const stored = choices.find((choice) => choice.topic === topic && choice.channel === channel);
  return stored?.enabled ?? DEFAULT_ON[topic];
}

/** Whether `event` goes out on `channel` (its topic, and e-mail-only events never by push). */
export function wantsEvent(
  choices: readonly StoredChoice[],
  event: MessageEvent,
  channel: DeliveryChannel,
): boolean {
  if (channel === 'push' && EMAIL_ONLY_EVENTS.includes(event)) return false;
  return wants(choices, topicOf(event), channel);
}

/* ------------------------------------------------------------------------------ one-click unsubscribe */

function signature(secret: string, userId: number, topic: MessageTopic): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe|${userId}|${topic}`)
    .digest('base64url')
    .slice(0, 32);
}

/** The token of a one-click unsubscribe link: who and which topic, signed with the server's secret. */
export function unsubscribeToken(secret: string, userId: number, topic: MessageTopic): string {
  return `${userId}.${topic}.${signature(secret, userId, topic)}`;
}

/** Reads a token made by `unsubscribeToken`; null when it is malformed or not signed by this server. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; topic: MessageTopic } | null {
  const match = /^(\d{1,10})\.([a-z_.]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (match === null) return null;
  const [, id, topic, given] = match;
  const userId = Number(id);
  if (!isTopic(topic) || !Number.isSafeInteger(userId) || given === undefined) return null;
  const expected = Buffer.from(signature(secret, userId, topic));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { userId, topic } : null;
}
