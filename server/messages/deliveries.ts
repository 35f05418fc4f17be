/**
 * The worker's reads and writes for a batch of claimed deliveries (docs/adr/0100-message-delivery.md): what a batch
 * needs is read in one query per table, and what became of it is written in one statement, so a delivery costs a
 * share of a few statements instead of a handful of its own. Retries (rare) are written one by one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { orderIdOf, type StoredMessage } from './content.ts';
import { isMessageEvent } from './topics.ts';
import { loadOrderRecords, loadRecipients, recipientOf, type OrderRecord, type Recipient } from './facts.ts';

export interface Claimed {
  id: number;
  message_id: number;
  channel: DeliveryChannel;
  subscription_id: number | null;
  attempts: number;
  /** The message and its recipient when the claim read them too (null: gone); absent: loadBatch reads them. */
  message?: StoredMessage | null;
  recipient?: Recipient | null;
}

export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a batch of deliveries sends: its messages, their recipients and orders, the push subscriptions it targets. */
export interface BatchContext {
  messages: Map<number, StoredMessage>;
  recipients: Map<number, Recipient>;
  orders: Map<number, OrderRecord>;
  subscriptions: Map<number, PushTarget>;
}

/** A final state, to be recorded with the rest of its batch. */
export interface FinalState {
  delivery: Claimed;
  state: 'sent' | 'failed' | 'dropped';
  error: string | null;
  event: string;
  /** False when the message had no secret as the batch read it (its secret needs no clearing). */
  hadSecret?: boolean;
}

/** A claimed delivery with its message's and recipient's columns (null when they are gone). */
interface ClaimedRow {
  id: number | string;
  message_id: number;
  channel: DeliveryChannel;
  subscription_id: number | null;
  attempts: number;
  m_id: number | null;
  key: string;
  event: string;
  user_id: number;
  data: Record<string, unknown>;
  secret: string | null;
  created_at: Date | string;
  u_id: number | null;
  full_name: string;
  email: string;
  lang: string | null;
  is_partner: boolean;
  is_warehouse: boolean;
}

/**
 * Claims up to `limit` due deliveries of `channel` for `owner` with `FOR UPDATE SKIP LOCKED` (two processes never
 * take the same row), only the oldest unfinished one of each recipient's queue, and marks them `sending` with a
 * lease. The same statement reads each one's message and recipient, so a batch costs one statement to claim and
 * one to record (ADR 0144).
 */
export async function claimBatch(
  db: Kysely<DB>,
  {
    channel,
    limit,
    owner,
    leaseMs,
  }: { channel: DeliveryChannel; limit: number; owner: string; leaseMs: number },
): Promise<Claimed[]> {
  const lease = sql.lit(`${leaseMs} milliseconds`);
  const { rows } = await sql<ClaimedRow>`
    with due as (
      select d.id from message_deliveries d
      where d.channel = ${channel} and d.state in ('queued', 'sending') and d.next_attempt_at <= now()
        and not exists (
          select 1 from message_deliveries e
          where e.queue_key = d.queue_key and e.id < d.id and e.state in ('queued', 'sending'))
      order by d.id
      limit ${limit}
      for update skip locked
    ), claimed as (
      update message_deliveries d
      set state = 'sending', attempts = d.attempts + 1, locked_by = ${owner},
        next_attempt_at = now() + ${lease}::interval
      where d.id = any(array(select id from due))
      returning d.id, d.message_id, d.channel, d.subscription_id, d.attempts
    )
    select c.id, c.message_id, c.channel, c.subscription_id, c.attempts,
      m.id as m_id, m.key, m.event, m.user_id, m.data, m.secret, m.created_at,
      u.id as u_id, u.full_name, u.email, u.lang, u.is_partner, u.is_warehouse
    from claimed c
    left join messages m on m.id = c.message_id
    left join users u on u.id = m.user_id`.execute(db);
  return rows
    .map((row): Claimed => ({
      id: Number(row.id),
      message_id: row.message_id,
      channel: row.channel,
      subscription_id: row.subscription_id,
      attempts: row.attempts,
      message:
        row.m_id === null
          ? null
          : {
              id: row.m_id,
              key: row.key,
              event: row.event as StoredMessage['event'],
              userId: row.user_id,
              data: row.data,
              secret: row.secret,
              createdAt: new Date(row.created_at),
            },
      recipient: row.u_id === null ? null : recipientOf({ ...row, id: row.u_id }),
    }))
    .sort((a, b) => a.id - b.id);
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/**
 * Reads the messages, recipients, orders and push subscriptions of `claimed` (one query each, none for what the
 * claim already read: the messages and recipients, orders only for order messages, subscriptions only for push).
 */
export async function loadBatch(
  db: Kysely<DB>,
  claimed: readonly Claimed[],
  handoverSecret: string,
): Promise<BatchContext> {
  const joined = claimed.every((delivery) => delivery.message !== undefined);
  const messageIds = joined ? [] : unique(claimed.map((delivery) => delivery.message_id));
  const subscriptionIds = unique(
    claimed.flatMap((delivery) => (delivery.subscription_id === null ? [] : [delivery.subscription_id])),
  );
  const [messageRows, subscriptionRows] = await Promise.all([
    messageIds.length === 0
      ? []
      : db
          .selectFrom('messages')
          .select(['id', 'key', 'event', 'user_id', 'data', 'secret', 'created_at'])
          .where('id', 'in', messageIds)
          .execute(),
    subscriptionIds.length === 0
      ? []
      : db
          .selectFrom('push_subscriptions')
          .select(['id', 'endpoint', 'p256dh', 'auth'])
          .where('id', 'in', subscriptionIds)
          .execute(),
  ]);
  const messages = new Map<number, StoredMessage>();
  const joinedRecipients = new Map<number, Recipient>();
  if (joined)
    for (const { message, recipient } of claimed) {
      if (message === undefined || message === null || !isMessageEvent(message.event)) continue;
      messages.set(message.id, message);
      if (recipient !== undefined && recipient !== null) joinedRecipients.set(recipient.id, recipient);
    }
  for (const row of messageRows)
    if (isMessageEvent(row.event))
      messages.set(row.id, {
        id: row.id,
        key: row.key,
        event: row.event,
        userId: row.user_id,
        data: row.data,
        secret: row.secret,
        createdAt: row.created_at,
      });
  const [recipients, orders] = await Promise.all([
    joined
      ? joinedRecipients
      : loadRecipients(db, unique([...messages.values()].map((message) => message.userId))),
    loadOrderRecords(
      db,
      [...messages.values()].flatMap((message) => orderIdOf(message) ?? []),
      handoverSecret,
    ),
  ]);
  return {
    messages,
    recipients,
    orders,
    subscriptions: new Map(subscriptionRows.map((row) => [row.id, row])),
  };
}

/**
 * Records the final states of a batch in one statement and answers, per delivery, the time from its message's
 * commit to now (ms). Then clears the secret of every message of the batch with no delivery left to make.
 */
export async function recordFinal(
  db: Kysely<DB>,
  finals: readonly FinalState[],
): Promise<Map<number, number>> {
  const latencies = new Map<number, number>();
  if (finals.length === 0) return latencies;
  const values = sql.join(
    finals.map(
      ({ delivery, state, error }) =>
        sql`(${delivery.id}::bigint, ${state}::text, ${error === null ? null : error.slice(0, 1000)}::text)`,
    ),
  );
  const { rows } = await sql<{ id: string | number; latency_ms: string | number }>`
    update message_deliveries d
    set state = v.state, locked_by = null, last_error = v.error, connection_failed = false,
      sent_at = case when v.state = 'sent' then now() else d.sent_at end
    from (values ${values}) as v(id, state, error), messages m
    where d.id = v.id and m.id = d.message_id
    returning d.id, extract(epoch from (now() - m.created_at)) * 1000 as latency_ms`.execute(db);
  for (const row of rows) latencies.set(Number(row.id), Number(row.latency_ms));
  const messageIds = unique(
    finals.flatMap(({ delivery, hadSecret }) => (hadSecret === false ? [] : [delivery.message_id])),
  );
  if (messageIds.length === 0) return latencies; // no secret in the batch: nothing to clear
  await db
    .updateTable('messages')
    .set({ secret: null })
    .where('id', 'in', messageIds)
    .where('secret', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_deliveries')
            .select('id')
            .whereRef('message_id', '=', 'messages.id')
            .where('state', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .execute();
  return latencies;
}

/** Puts a delivery back in its queue, due after `waitMs` (only while this process still holds it). */
export async function scheduleRetry(
  db: Kysely<DB>,
  owner: string,
  delivery: Claimed,
  error: string,
  connectionFailed: boolean,
  waitMs: number,
): Promise<void> {
  await db
    .updateTable('message_deliveries')
    .set({
      state: 'queued',
      locked_by: null,
      last_error: error.slice(0, 1000),
      connection_failed: connectionFailed,
      next_attempt_at: sql<Date>`now() + ${sql.lit(`${Math.round(waitMs)} milliseconds`)}::interval`,
    })
    .where('id', '=', delivery.id)
    .where('locked_by', '=', owner)
    .execute();
}

/** Notes when each push subscription of a batch last received something. */
export async function touchSubscriptions(db: Kysely<DB>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('push_subscriptions')
    .set({ last_sent_at: sql<Date>`now()` })
    .where('id', 'in', unique(ids))
    .execute();
}

/** The mail server is back: every e-mail that waited for it is due now. Answers how many. */
export async function releaseWaitingForServer(db: Kysely<DB>): Promise<number> {
  const released = await db
    .updateTable('message_deliveries')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('channel', '=', 'email')
    .where('state', '=', 'queued')
    .where('connection_failed', '=', true)
    .where('next_attempt_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}
