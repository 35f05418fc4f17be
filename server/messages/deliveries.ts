/**
 * The worker's reads and writes for a batch of claimed deliveries (docs/adr/0100-message-delivery.md): what a batch
 * needs is read in one query per table, and what became of it is written in one statement, so a delivery costs a
 * share of a few statements instead of a handful of its own. Retries (rare) are written one by one.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { orderIdOf, type StoredMessage } from './content.ts';
import { isMessageEvent } from './topics.ts';
import { loadOrderRecords, loadRecipients, type OrderRecord, type Recipient } from './facts.ts';

export interface Claimed {
  id: number;
  message_id: number;
  channel: DeliveryChannel;
  subscription_id: number | null;
  attempts: number;
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

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];

/** Reads the messages, recipients, orders and push subscriptions of `claimed` (one query each). */
export async function loadBatch(
  db: Kysely<DB>,
  claimed: readonly Claimed[],
  handoverSecret: string,
): Promise<BatchContext> {
  const messageIds = unique(claimed.map((delivery) => delivery.message_id));
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
    loadRecipients(db, unique([...messages.values()].map((message) => message.userId))),
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
