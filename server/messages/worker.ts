/**
 * The messages worker (docs/adr/0100-message-delivery.md): one per process, every process alike.
 *
 * - **Planning.** A message nobody has planned yet becomes deliveries: e-mail and one per push subscription, as
 *   the recipient's choices allow. One planner at a time (a transaction-scoped advisory lock), oldest first, so a
 *   recipient's deliveries are numbered in the order their messages were written.
 * - **Claiming.** Each channel has its own lane of `concurrency` sends at once (a hanging push service never holds
 *   up e-mail). A lane claims due deliveries with `FOR UPDATE SKIP LOCKED`, only the oldest unfinished one of each
 *   recipient's queue, and marks them `sending` with a lease; two processes never claim the same delivery, and a
 *   recipient gets their messages in order.
 * - **Sending, then marking.** At least once: a process that dies after the server accepted a message but before
 *   it wrote `sent` leaves a lease that runs out, and another process sends it again, with the same Message-ID.
 * - **Failures.** A refusal (5xx, a push service's 4xx) fails the delivery at once; 404/410 from a push service
 *   drops its subscription. A temporary error is retried with exponential backoff up to MESSAGE_MAX_ATTEMPTS. A
 *   server that cannot be reached is retried without that limit (for MESSAGE_GIVE_UP_MS): while it is down a probe
 *   asks every few seconds, and when it is back every waiting delivery is due at once.
 * - Woken by NOTIFY `mlm_messages` (a trigger on `messages`), and by a poll for retries and lost leases. Nothing here
 *   runs inside a request: the request only wrote the message.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Listen } from '../db/database.ts';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { emailOf, pushOf, templateInput, type StoredMessage } from './content.ts';
import { loadRecipient } from './facts.ts';
import { DeliveryError, type FailureKind, type MailTransport } from './mail.ts';
import { isMessageEvent, wantsEvent, type StoredChoice } from './topics.ts';
import type { PushTransport } from './push.ts';

export const MESSAGES_CHANNEL = 'mlm_messages';
/** A server that cannot be reached is retried for this long before its deliveries fail (3 days). */
export const MESSAGE_GIVE_UP_MS = 3 * 24 * 60 * 60 * 1000;
const PLANNING_LOCK = 0x6d73_6731; // 'msg1'
const PLAN_BATCH = 500;

export interface DeliveryOutcome {
  deliveryId: number;
  messageId: number;
  channel: DeliveryChannel;
  event: string;
  result: 'sent' | 'retry' | 'failed' | 'dropped';
  /** From the message's commit to the server's acceptance (sent only). */
  latencyMs?: number;
  error?: string;
}

export interface WorkerOptions {
  db: Kysely<DB>;
  listen?: Listen | undefined;
  config: Config;
  mail: MailTransport;
  push: PushTransport;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;
  owner?: string;
  /** How often to look for retries and lost leases (default 1 s with NOTIFY, 250 ms without). */
  pollMs?: number;
  /** How long a claimed delivery stays with this process before another may take it (default 2 min). */
  leaseMs?: number;
  /** How often to ask an unreachable server whether it is back (default 5 s). */
  probeMs?: number;
  /** Every finished try (metrics, tests). */
  onOutcome?: (outcome: DeliveryOutcome) => void;
}

interface Claimed {
  id: number;
  message_id: number;
  channel: DeliveryChannel;
  subscription_id: number | null;
  attempts: number;
}

interface Lane {
  channel: DeliveryChannel;
  inFlight: Set<Promise<void>>;
  filling: Promise<void> | null;
  again: boolean;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

export class MessageWorker {
  readonly owner: string;
  private readonly lanes: Record<DeliveryChannel, Lane> = {
    email: { channel: 'email', inFlight: new Set(), filling: null, again: false },
    push: { channel: 'push', inFlight: new Set(), filling: null, again: false },
  };
  private planning: Promise<number> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private started = false;
  private stopped = false;
  /** The mail server could not be reached on the last try: probe it until it answers. */
  private mailDown = false;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly probeMs: number;

  constructor(private readonly options: WorkerOptions) {
    this.owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.pollMs = options.pollMs ?? (options.listen === undefined ? 250 : 1000);
    this.leaseMs = options.leaseMs ?? 120_000;
    this.probeMs = options.probeMs ?? 5000;
  }

  get mailTransport(): MailTransport {
    return this.options.mail;
  }

  /** Listens for new messages and polls for due retries (idempotent). */
  async start(): Promise<void> {
    if (this.started || this.stopped) return;
    this.started = true;
    if (this.options.listen !== undefined)
      this.unlisten = await this.options.listen(
        MESSAGES_CHANNEL,
        () => this.poke(),
        () => this.poke(),
      );
    this.timer = setInterval(() => this.poke(), this.pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Stops taking work and waits for the sends in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    if (this.probeTimer !== undefined) clearInterval(this.probeTimer);
    await this.unlisten?.().catch(() => undefined);
    for (const lane of Object.values(this.lanes)) {
      await lane.filling?.catch(() => undefined);
      await Promise.allSettled([...lane.inFlight]);
    }
    await this.planning?.catch(() => undefined);
    this.options.mail.close();
  }

  /** Looks for work now (a NOTIFY arrived, a send finished, a test asks). */
  poke(): void {
    if (this.stopped) return;
    for (const lane of Object.values(this.lanes)) this.fill(lane);
  }

  /**
   * Plans every message and sends everything due, until nothing is due now (what a test or an operator's command
   * waits for). Deliveries waiting for a later retry stay queued.
   */
  async deliverDue(): Promise<void> {
    for (;;) {
      while ((await this.plan()) > 0);
      const busy = await Promise.all(
        Object.values(this.lanes).map(async (lane) => {
          const claimed = await this.claim(lane.channel, this.options.config.messages.concurrency);
          await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
          return claimed.length;
        }),
      );
      if (busy.every((count) => count === 0)) return;
    }
  }

  private fill(lane: Lane): void {
    if (lane.filling !== null) {
      lane.again = true;
      return;
    }
    lane.filling = this.fillLane(lane)
      .catch((error: unknown) =>
        this.options.log.error({ err: error, channel: lane.channel }, 'messages: lane'),
      )
      .finally(() => {
        lane.filling = null;
        if (lane.again && !this.stopped) {
          lane.again = false;
          this.fill(lane);
        }
      });
  }

  private async fillLane(lane: Lane): Promise<void> {
    await this.planOnce();
    const free = this.options.config.messages.concurrency - lane.inFlight.size;
    if (free <= 0 || this.stopped) return;
    if (lane.channel === 'email' && this.mailDown) return; // the probe says when it is back
    const claimed = await this.claim(lane.channel, free);
    for (const delivery of claimed) {
      const running: Promise<void> = this.deliver(delivery)
        .catch((error: unknown) =>
          this.options.log.error({ err: error, deliveryId: delivery.id }, 'messages: delivery'),
        )
        .finally(() => {
          lane.inFlight.delete(running);
          this.fill(lane);
        });
      lane.inFlight.add(running);
    }
    if (claimed.length === free) lane.again = true;
  }

  /** Plans once at a time in this process; the advisory lock makes it once at a time across processes. */
  private planOnce(): Promise<number> {
    this.planning ??= this.plan().finally(() => {
      this.planning = null;
    });
    return this.planning;
  }

  /** Turns up to PLAN_BATCH unplanned messages into deliveries; answers how many it planned. */
  private async plan(): Promise<number> {
    const { db } = this.options;
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

  /** Claims up to `limit` due deliveries of `channel`: the oldest unfinished one of each recipient's queue. */
  private async claim(channel: DeliveryChannel, limit: number): Promise<Claimed[]> {
    const lease = sql.lit(`${this.leaseMs} milliseconds`);
    const { rows } = await sql<Claimed>`
      with due as (
        select d.id from message_deliveries d
        where d.channel = ${channel} and d.state in ('queued', 'sending') and d.next_attempt_at <= now()
          and not exists (
            select 1 from message_deliveries e
            where e.queue_key = d.queue_key and e.id < d.id and e.state in ('queued', 'sending'))
        order by d.id
        limit ${limit}
        for update skip locked
      )
      update message_deliveries d
      set state = 'sending', attempts = d.attempts + 1, locked_by = ${this.owner},
        next_attempt_at = now() + ${lease}::interval
      from due where d.id = due.id
      returning d.id, d.message_id, d.channel, d.subscription_id, d.attempts`.execute(this.options.db);
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** Sends one claimed delivery and records what happened. */
  private async deliver(delivery: Claimed): Promise<void> {
    const { db, config } = this.options;
    const row = await db
      .selectFrom('messages')
      .select(['id', 'key', 'event', 'user_id', 'data', 'secret', 'created_at'])
      .where('id', '=', delivery.message_id)
      .executeTakeFirst();
    const recipient = row === undefined ? null : await loadRecipient(db, row.user_id);
    if (row === undefined || recipient === null || !isMessageEvent(row.event)) {
      await this.finish(delivery, 'failed', 'the message or its recipient is gone');
      return;
    }
    const message: StoredMessage = {
      id: row.id,
      key: row.key,
      event: row.event,
      userId: row.user_id,
      data: row.data,
      secret: row.secret,
      createdAt: row.created_at,
    };
    try {
      const input = await templateInput(db, config, message, recipient);
      if (delivery.channel === 'email') {
        const { mail } = await emailOf(config, message, recipient, input);
        await this.options.mail.send(mail);
        if (this.mailDown) await this.mailIsBack();
      } else {
        const subscription =
          delivery.subscription_id === null
            ? undefined
            : await db
                .selectFrom('push_subscriptions')
                .select(['id', 'endpoint', 'p256dh', 'auth'])
                .where('id', '=', delivery.subscription_id)
                .executeTakeFirst();
        if (subscription === undefined) {
          await this.finish(delivery, 'dropped', 'the push subscription is gone');
          return;
        }
        await this.options.push.send(subscription, pushOf(message, input), {
          ttlSeconds: 7 * 24 * 60 * 60,
          topic: `m${message.id}`,
        });
        await db
          .updateTable('push_subscriptions')
          .set({ last_sent_at: sql<Date>`now()` })
          .where('id', '=', subscription.id)
          .execute();
      }
      await this.finish(delivery, 'sent', null, message);
    } catch (error) {
      const failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError('temporary', errorText(error), { cause: error });
      await this.failed(delivery, message, failure);
    }
  }

  private async failed(delivery: Claimed, message: StoredMessage, failure: DeliveryError): Promise<void> {
    const { config, log } = this.options;
    if (failure.gone && delivery.subscription_id !== null) {
      await this.options.db
        .deleteFrom('push_subscriptions')
        .where('id', '=', delivery.subscription_id)
        .execute();
      log.info(
        { subscriptionId: delivery.subscription_id, messageId: message.id },
        'messages: push subscription dropped',
      );
      await this.finish(delivery, 'dropped', failure.message, message);
      return;
    }
    const giveUp =
      failure.kind === 'permanent' ||
      (failure.kind === 'temporary' && delivery.attempts >= config.messages.maxAttempts) ||
      (failure.kind === 'connection' && Date.now() - message.createdAt.getTime() > MESSAGE_GIVE_UP_MS);
    if (giveUp) {
      await this.finish(delivery, 'failed', failure.message, message);
      return;
    }
    if (delivery.channel === 'email' && failure.kind === 'connection') this.mailIsDown();
    const waitMs = Math.min(
      config.messages.retryMaxMs,
      config.messages.retryBaseMs * 2 ** Math.max(0, delivery.attempts - 1),
    );
    await this.options.db
      .updateTable('message_deliveries')
      .set({
        state: 'queued',
        locked_by: null,
        last_error: failure.message.slice(0, 1000),
        connection_failed: failure.kind === 'connection',
        next_attempt_at: sql<Date>`now() + ${sql.lit(`${Math.round(waitMs)} milliseconds`)}::interval`,
      })
      .where('id', '=', delivery.id)
      .where('locked_by', '=', this.owner)
      .execute();
    log.warn(
      {
        deliveryId: delivery.id,
        messageId: message.id,
        event: message.event,
        channel: delivery.channel,
        attempts: delivery.attempts,
        kind: failure.kind,
        retryInMs: waitMs,
        error: failure.message,
      },
      'messages: delivery will be retried',
    );
    this.options.onOutcome?.({
      deliveryId: delivery.id,
      messageId: message.id,
      channel: delivery.channel,
      event: message.event,
      result: 'retry',
      error: failure.message,
    });
  }

  /** Records a final state; once every delivery of the message is final, its secret is cleared. */
  private async finish(
    delivery: Claimed,
    state: 'sent' | 'failed' | 'dropped',
    error: string | null,
    message?: StoredMessage,
  ): Promise<void> {
    const { db, log } = this.options;
    const finished = await db
      .updateTable('message_deliveries')
      .set({
        state,
        locked_by: null,
        last_error: error === null ? null : error.slice(0, 1000),
        connection_failed: false,
        ...(state === 'sent' ? { sent_at: sql<Date>`now()` } : {}),
      })
      .where('id', '=', delivery.id)
      .returning(
        sql<number>`extract(epoch from (now() - (select created_at from messages where id = ${delivery.message_id}))) * 1000`.as(
          'latency_ms',
        ),
      )
      .executeTakeFirst();
    await db
      .updateTable('messages')
      .set({ secret: null })
      .where('id', '=', delivery.message_id)
      .where('secret', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('message_deliveries')
              .select('id')
              .where('message_id', '=', delivery.message_id)
              .where('state', 'in', ['queued', 'sending']),
          ),
        ),
      )
      .execute();
    const event = message?.event ?? 'unknown';
    const details = {
      deliveryId: delivery.id,
      messageId: delivery.message_id,
      event,
      channel: delivery.channel,
      attempts: delivery.attempts,
    };
    if (state === 'sent') log.info(details, 'messages: sent');
    else
      log.error(
        { ...details, error },
        state === 'dropped' ? 'messages: delivery dropped' : 'messages: delivery failed',
      );
    this.options.onOutcome?.({
      deliveryId: delivery.id,
      messageId: delivery.message_id,
      channel: delivery.channel,
      event,
      result: state,
      ...(state === 'sent' && finished !== undefined ? { latencyMs: Number(finished.latency_ms) } : {}),
      ...(error === null ? {} : { error }),
    });
  }

  private mailIsDown(): void {
    if (this.mailDown) return;
    this.mailDown = true;
    this.options.log.warn('messages: the mail server cannot be reached; asking again every few seconds');
    const probe = this.options.mail.verify;
    if (probe === undefined) return;
    this.probeTimer = setInterval(() => {
      probe().then(
        () => void this.mailIsBack(),
        () => undefined,
      );
    }, this.probeMs);
    this.probeTimer.unref();
  }

  /** The mail server answered again: every delivery that waited for it is due now. */
  private async mailIsBack(): Promise<void> {
    if (!this.mailDown) return;
    this.mailDown = false;
    if (this.probeTimer !== undefined) clearInterval(this.probeTimer);
    this.probeTimer = undefined;
    const released = await this.options.db
      .updateTable('message_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('channel', '=', 'email')
      .where('state', '=', 'queued')
      .where('connection_failed', '=', true)
      .where('next_attempt_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    this.options.log.info({ released: Number(released.numUpdatedRows) }, 'messages: the mail server is back');
    this.poke();
  }
}

export type { FailureKind };
