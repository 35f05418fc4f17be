/**
 * A person's message settings as Personal data shows them (docs/adr/0102-message-choices.md): per topic and
 * channel whether it goes out, the devices that receive web push, and the last e-mail their mail server refused.
 */
import { sql, type Kysely } from 'kysely';
import type { components } from '../../openapi/schema.d.ts';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { LOCKED_TOPICS, topicsFor, wants, type MessageTopic } from './topics.ts';

export type MessageSettings = components['schemas']['MessageSettings'];

export async function readMessageSettings(
  db: Kysely<DB>,
  userId: number,
  pushKey: string,
): Promise<MessageSettings | null> {
  const user = await db
    .selectFrom('users')
    .select(['is_partner', 'is_warehouse'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user === undefined) return null;
  const [choices, devices, problem] = await Promise.all([
    db
      .selectFrom('message_choices')
      .select(['topic', 'channel', 'enabled'])
      .where('user_id', '=', userId)
      .execute(),
    db
      .selectFrom('push_subscriptions')
      .select(['id', 'endpoint', 'label', 'created_at', 'last_sent_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    // The latest e-mail the mail server refused for good, unless a later one arrived.
    db
      .selectFrom('message_deliveries as d')
      .innerJoin('messages as m', 'm.id', 'd.message_id')
      .select(['d.last_error', 'd.created_at'])
      .where('m.user_id', '=', userId)
      .where('d.channel', '=', 'email')
      .where('d.state', '=', 'failed')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('message_deliveries as later')
              .innerJoin('messages as lm', 'lm.id', 'later.message_id')
              .select(sql.lit(1).as('one'))
              .where('lm.user_id', '=', userId)
              .where('later.channel', '=', 'email')
              .where('later.state', '=', 'sent')
              .whereRef('later.id', '>', 'd.id'),
          ),
        ),
      )
      .orderBy('d.id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const topics = topicsFor({ isPartner: user.is_partner, isWarehouse: user.is_warehouse });
  return {
    topics: topics.map((topic) => ({
      topic,
      email: wants(choices, topic, 'email'),
      push: wants(choices, topic, 'push'),
      locked: LOCKED_TOPICS.includes(topic),
    })),
    pushKey,
    devices: devices.map((device) => ({
      id: device.id,
      endpoint: device.endpoint,
      label: device.label,
      createdAt: device.created_at.toISOString(),
      lastSentAt: device.last_sent_at === null ? null : device.last_sent_at.toISOString(),
    })),
    emailProblem:
      problem === undefined
        ? null
        : { at: problem.created_at.toISOString(), reason: problem.last_error ?? '' },
  };
}

/** Stores one choice (the caller checked that the topic is the user's and not locked). */
export async function storeChoice(
  db: Kysely<DB>,
  userId: number,
  topic: MessageTopic,
  channel: DeliveryChannel,
  enabled: boolean,
): Promise<void> {
  await db
    .insertInto('message_choices')
    .values({ user_id: userId, topic, channel, enabled })
    .onConflict((oc) =>
      oc.columns(['user_id', 'topic', 'channel']).doUpdateSet({ enabled, updated_at: sql<Date>`now()` }),
    )
    .execute();
}

/** Whether `topic` is one the user receives and may change. */
export async function choosableTopic(db: Kysely<DB>, userId: number, topic: MessageTopic): Promise<boolean> {
  if (LOCKED_TOPICS.includes(topic)) return false;
  const user = await db
    .selectFrom('users')
    .select(['is_partner', 'is_warehouse'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    user !== undefined &&
    topicsFor({ isPartner: user.is_partner, isWarehouse: user.is_warehouse }).includes(topic)
  );
}

/**
 * Keeps this browser's subscription for the user. A browser that another account had subscribed is taken from it
 * (a new row, so that account's undelivered notifications are dropped rather than shown to this one).
 */
export async function storePushSubscription(
  db: Kysely<DB>,
  userId: number,
  subscription: { endpoint: string; p256dh: string; auth: string; label: string },
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', subscription.endpoint)
    .where('user_id', '<>', userId)
    .execute();
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, ...subscription })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: userId,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        label: subscription.label,
      }),
    )
    .execute();
}
