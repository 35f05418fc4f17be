/**
 * From a `messages` row to what its channels send: the template's input read at delivery, the e-mail with its
 * headers (a stable Message-ID, List-Unsubscribe where it belongs) and the push notification.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { mailAddress } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { compose, renderMessage, type RenderedMessage } from './email/render.ts';
import { formattersFor, type TemplateInput } from './email/template.ts';
import { loadOrderFacts, orderFactsIn, type OrderRecord, type Recipient } from './facts.ts';
import { messagesI18n } from './i18n.ts';
import type { OutgoingMail } from './mail.ts';
import { oneLine } from './one-line.ts';
import type { MessageEvent } from './outbox.ts';
import type { PushPayload } from './push.ts';
import { topicOf, UNSUBSCRIBABLE_TOPICS, unsubscribeToken } from './topics.ts';

export interface StoredMessage {
  id: number;
  key: string;
  event: MessageEvent;
  userId: number;
  data: Record<string, unknown>;
  secret: string | null;
  createdAt: Date;
}

/** Where a person chooses what they receive: Personal data, its messages card. */
export const MANAGE_PATH = '/personal#messages';

const join = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}`;

/** `<id.hash@domain>`: the same for every try of a message, so a repeat is recognisable as the same mail. */
export function messageIdHeader(message: Pick<StoredMessage, 'id' | 'key'>, from: string): string {
  const domain = mailAddress(from).split('@')[1] ?? 'localhost';
  const hash = createHash('sha256').update(message.key).digest('hex').slice(0, 16);
  return `<m${message.id}.${hash}@${domain}>`;
}

/** The one-click unsubscribe endpoint of RFC 8058 for `topic`. */
export function unsubscribeUrl(
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  userId: number,
  topic: Parameters<typeof unsubscribeToken>[2],
): string {
  const token = unsubscribeToken(config.jwtSecret, userId, topic);
  return join(config.publicUrl, `/api/v3/users/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
}

/** The order an `order.*` message is about, or null. */
export function orderIdOf(message: Pick<StoredMessage, 'event' | 'data'>): number | null {
  const orderId = message.data.orderId;
  return message.event.startsWith('order.') && typeof orderId === 'number' ? orderId : null;
}

/**
 * What the template of `message` reads, in the recipient's language. `orders`: the batch's orders, read at once
 * (deliveries.ts); without it the message's order is read alone.
 */
export async function templateInput(
  db: Kysely<DB>,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  message: StoredMessage,
  recipient: Recipient,
  orders?: ReadonlyMap<number, OrderRecord>,
): Promise<TemplateInput> {
  const orderId = orderIdOf(message);
  let order: TemplateInput['order'] = null;
  if (orderId !== null && orders !== undefined) {
    const record = orders.get(orderId);
    order = record === undefined ? null : orderFactsIn(record, recipient.lang);
  } else if (orderId !== null) order = await loadOrderFacts(db, orderId, recipient.lang, config.jwtSecret);
  return {
    i18n: messagesI18n(recipient.lang),
    lang: recipient.lang,
    recipient,
    data: message.data,
    secret: message.secret,
    order,
    createdAt: message.createdAt,
    link: (path) => join(config.publicUrl, path),
    format: formattersFor(recipient.lang),
  };
}

/** The e-mail of `message`, rendered and addressed. */
export async function emailOf(
  config: Pick<Config, 'publicUrl' | 'jwtSecret' | 'mail'>,
  message: StoredMessage,
  recipient: Recipient,
  input: TemplateInput,
): Promise<{ mail: OutgoingMail; rendered: RenderedMessage }> {
  const rendered = await renderMessage(message.event, input, join(config.publicUrl, MANAGE_PATH));
  const topic = topicOf(message.event);
  const headers: Record<string, string> = {
    // RFC 3834: written by a program; auto-responders stay quiet.
    'Auto-Submitted': 'auto-generated',
    'X-Auto-Response-Suppress': 'All',
  };
  if (UNSUBSCRIBABLE_TOPICS.includes(topic)) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(config, recipient.id, topic)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    rendered,
    mail: {
      from: config.mail.from,
      to: { name: recipient.name, address: recipient.email },
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      messageId: messageIdHeader(message, config.mail.from),
      date: new Date(),
      headers,
      images: rendered.images,
      outboxId: message.id,
    },
  };
}

/** The push notification of `message` (no HTML is rendered for it). */
export function pushOf(message: StoredMessage, input: TemplateInput): PushPayload {
  const composed = compose(message.event, input);
  const orderId = message.data.orderId;
  return {
    title: oneLine(composed.subject),
    body: oneLine(composed.summary),
    url: input.link(composed.path),
    tag: typeof orderId === 'number' ? `order-${orderId}` : message.event,
    id: message.id,
  };
}
