/**
 * Planning (docs/adr/0100-message-delivery.md): a message nobody has planned yet becomes deliveries — e-mail, and one
 * per push subscription — as the recipient's choices allow. One planner at a time across processes (a
 * transaction-scoped advisory lock), oldest first, so a recipient's deliveries are numbered in the order their
 * messages were written. A message no channel will carry loses its secret at once.
 */
import { sql, type Kysely } from 'kysely';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { isMessageEvent, wantsEvent, type StoredChoice } from './topics.ts';

const PLANNING_LOCK = 0x6d73_6731; // 'msg1'
/** Messages planned in one transaction: a few milliseconds, so requests wait little for it (ADR 0150). */
export const PLAN_BATCH = 32;

/** Turns up to PLAN_BATCH unplanned messages into deliveries; answers how many it planned. */
export async function planMessages(db: Kysely<DB>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${PLANNING_LOCK}) as locked`.execute(trx);
    if (rows[0]?.locked !== true) return 0;
    const messages = await trx
      .selectFrom('messages')
      .select(['id', 'user_id', 'event'])
      .where('planned_at', 'is', null)
      .orderBy('id')
      .limit(PLAN_BATCH)
      .execute();
    if (messages.length === 0) return 0;
    const userIds = [...new Set(messages.map((message) => message.user_id))];
    const [choices, subscriptions] = await Promise.all([
      trx
        .selectFrom('message_choices')
        .select(['user_id', 'topic', 'channel', 'enabled'])
        .where('user_id', 'in', userIds)
        .execute(),
      trx
        .selectFrom('push_subscriptions')
        .select(['id', 'user_id'])
        .where('user_id', 'in', userIds)
        .orderBy('id')
        .execute(),
    ]);
    const choicesOf = new Map<number, StoredChoice[]>();
    for (const choice of choices)
      choicesOf.set(choice.user_id, [...(choicesOf.get(choice.user_id) ?? []), choice]);
    const deliveries: Array<{
      message_id: number;
      channel: DeliveryChannel;
      target: string;
      queue_key: string;
      subscription_id: number | null;
    }> = [];
    const silent: number[] = [];
    for (const message of messages) {
      const before = deliveries.length;
      if (isMessageEvent(message.event)) {
        const own = choicesOf.get(message.user_id) ?? [];
        if (wantsEvent(own, message.event, 'email'))
          deliveries.push({
            message_id: message.id,
            channel: 'email',
            target: 'email',
            queue_key: `email:${message.user_id}`,
            subscription_id: null,
          });
        if (wantsEvent(own, message.event, 'push'))
          for (const subscription of subscriptions)
            if (subscription.user_id === message.user_id)
              deliveries.push({
                message_id: message.id,
                channel: 'push',
                target: `push:${subscription.id}`,
                queue_key: `push:${subscription.id}`,
                subscription_id: subscription.id,
              });
      }
      if (deliveries.length === before) silent.push(message.id);
    }
    if (deliveries.length > 0)
      for (let i = 0; i < deliveries.length; i += 1000)
        await trx
          .insertInto('message_deliveries')
          .values(deliveries.slice(i, i + 1000))
          .onConflict((oc) => oc.columns(['message_id', 'target']).doNothing())
          .execute();
    await trx
      .updateTable('messages')
      .set({ planned_at: sql<Date>`now()` })
      .where(
        'id',
        'in',
        messages.map((message) => message.id),
      )
      .execute();
    // Nobody will send these (every channel turned off): what must not outlive delivery goes now.
    if (silent.length > 0)
      await trx.updateTable('messages').set({ secret: null }).where('id', 'in', silent).execute();
    return messages.length;
  });
}
