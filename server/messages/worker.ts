/**
 * The messages worker (docs/adr/0100-message-delivery.md, 0144): one per process, every process alike.
 *
 * - **Planning** (planner.ts): unplanned messages become deliveries, as the recipients' choices allow.
 * - **Claiming** (deliveries.ts): each channel is a lane (a hanging push service never holds up e-mail) working on
 *   up to LOOPS_PER_LANE batches at once; a batch is claimed with `FOR UPDATE SKIP LOCKED`, only the oldest unfinished
 *   delivery of each recipient's queue, with a lease, and read in the same statement. No two processes claim alike.
 * - **Sending, then marking**: `concurrency` sends at a time, final states written in one statement. At least once:
 *   a process that dies between the server's accept and the record leaves a lease that runs out; another process
 *   sends again, with the same Message-ID.
 * - **Failures**: a refusal fails at once (404/410 drops a push subscription); a temporary error is retried with
 *   exponential backoff up to MESSAGE_MAX_ATTEMPTS; an unreachable server is probed and retried (MESSAGE_GIVE_UP_MS).
 * - Woken by NOTIFY `mlm_messages` and a poll; nothing here runs inside a request.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism, hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { Listen } from '../db/database.ts';
import type { DB, DeliveryChannel } from '../db/schema.ts';
import { emailOf, pushOf, templateInput, type StoredMessage } from './content.ts';
import {
  claimBatch,
  loadBatch,
  releaseWaitingForServer,
  recordFinal,
  scheduleRetry,
  touchSubscriptions,
  type BatchContext,
  type Claimed,
  type FinalState,
} from './deliveries.ts';
import { DeliveryError, type MailTransport } from './mail.ts';
import { PLAN_BATCH, planMessages } from './planner.ts';
import { inBackground, pieces, requestsFirst } from '../ops/requests-first.ts';
import type { PushTransport } from './push.ts';

export const MESSAGES_CHANNEL = 'mlm_messages';
/** A server that cannot be reached is retried for this long before its deliveries fail (3 days). */
export const MESSAGE_GIVE_UP_MS = 3 * 24 * 60 * 60 * 1000;
/** Deliveries claimed per send a lane may have at once (256 at the default concurrency; ADR 0144). */
const BATCH_PER_SEND = 32;
/** Messages planned at most by one look (a lane's batch and more): planning keeps ahead of sending. */
const PLAN_PER_CALL = 1000;
/** Batches a lane works on at once: while one waits for the mail server, another is claimed and recorded. */
const LOOPS_PER_LANE = Math.max(2, Math.min(4, availableParallelism()));

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

/** A channel's work: the batches in hand (at most LOOPS_PER_LANE), and whether more may be due. */
interface Lane {
  channel: DeliveryChannel;
  loops: Set<Promise<void>>;
  again: boolean;
}

/** What became of one try: a final state (recorded with its batch), or a retry (already recorded). */
type TryResult = { final: FinalState; pushed?: number } | null;

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));
export class MessageWorker {
  readonly owner: string;
  private readonly lanes: Record<DeliveryChannel, Lane> = {
    email: { channel: 'email', loops: new Set(), again: false },
    push: { channel: 'push', loops: new Set(), again: false },
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
    for (const lane of Object.values(this.lanes))
      await Promise.all([...lane.loops].map((loop) => loop.catch(() => undefined)));
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
      while ((await planMessages(this.options.db)) > 0);
      const busy = await Promise.all(
        Object.values(this.lanes).map(async (lane) => {
          const claimed = await this.claim(lane.channel, this.batchSize);
          await this.deliverBatch(claimed);
          return claimed.length;
        }),
      );
      if (busy.every((count) => count === 0)) return;
    }
  }

  /** Starts another batch of `lane` when it has room for one, else notes that there is more to do. */
  private fill(lane: Lane): void {
    if (lane.loops.size >= LOOPS_PER_LANE) {
      lane.again = true;
      return;
    }
    lane.again = false;
    const loop: Promise<void> = inBackground(() => this.fillLane(lane))
      .catch((error: unknown) =>
        this.options.log.error({ err: error, channel: lane.channel }, 'messages: lane'),
      )
      .finally(() => {
        lane.loops.delete(loop);
        if (lane.again && !this.stopped) this.fill(lane);
      });
    lane.loops.add(loop);
  }

  private get batchSize(): number {
    return this.options.config.messages.concurrency * BATCH_PER_SEND;
  }

  /** One batch: claim, send, record; then the lane looks again (the next of each recipient's queue is due). */
  private async fillLane(lane: Lane): Promise<void> {
    await this.planOnce();
    if (this.stopped) return;
    if (lane.channel === 'email' && this.mailDown) return; // the probe says when it is back
    const claimed = await this.claim(lane.channel, this.batchSize);
    if (claimed.length === 0) return;
    // A full batch: there may be more due now, for another loop to claim while this one sends.
    if (claimed.length === this.batchSize) this.fill(lane);
    await this.deliverBatch(claimed);
    lane.again = true;
  }

  /** Plans once at a time in this process; the advisory lock makes it once at a time across processes. */
  private planOnce(): Promise<number> {
    this.planning ??= this.planIfAny().finally(() => {
      this.planning = null;
    });
    return this.planning;
  }

  /**
   * Plans when a message waits for it (a cheap look first: most pokes find nothing to plan): up to
   * PLAN_PER_CALL, a short transaction at a time with requests first between two (ADR 0150).
   */
  private async planIfAny(): Promise<number> {
    const waiting = await this.options.db
      .selectFrom('messages')
      .select('id')
      .where('planned_at', 'is', null)
      .limit(1)
      .executeTakeFirst();
    if (waiting === undefined) return 0;
    let planned = 0;
    for (;;) {
      const step = await planMessages(this.options.db);
      planned += step;
      if (step < PLAN_BATCH || planned >= PLAN_PER_CALL) return planned;
      await requestsFirst();
    }
  }

  /** Claims up to `limit` due deliveries of `channel` for this process (deliveries.ts). */
  private claim(channel: DeliveryChannel, limit: number): Promise<Claimed[]> {
    return claimBatch(this.options.db, { channel, limit, owner: this.owner, leaseMs: this.leaseMs });
  }

  /**
   * Sends a batch `concurrency` at a time and records the final states together. A delivery whose send is cut
   * short by an unexpected error stays `sending` until its lease runs out, then goes again.
   */
  private async deliverBatch(claimed: readonly Claimed[]): Promise<void> {
    if (claimed.length === 0) return;
    const context = await loadBatch(this.options.db, claimed, this.options.config.jwtSecret);
    const results: TryResult[] = [];
    const tryOne = async (delivery: Claimed): Promise<void> => {
      try {
        results.push(await this.deliver(delivery, context));
      } catch (error) {
        this.options.log.error({ err: error, deliveryId: delivery.id }, 'messages: delivery');
      }
    };
    // Messages are rendered in this thread (under a millisecond each): in pieces of a few, requests first between
    // two (ADR 0150). E-mail: each goes to the SMTP pool once rendered, the pool bounds what is in flight; push:
    // `concurrency` at a time.
    const { concurrency } = this.options.config.messages;
    const inFlight = new Set<Promise<void>>();
    const piece = pieces();
    const limit = claimed[0]?.channel === 'email' ? claimed.length : concurrency;
    for (const delivery of claimed) {
      if (inFlight.size >= limit) await Promise.race(inFlight);
      await piece.next();
      const sending: Promise<void> = tryOne(delivery).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    await Promise.all(inFlight);
    const finals = results.flatMap((result) => (result === null ? [] : [result.final]));
    await touchSubscriptions(
      this.options.db,
      results.flatMap((result) => (result?.pushed === undefined ? [] : [result.pushed])),
    );
    const latencies = await recordFinal(this.options.db, finals);
    for (const final of finals) this.report(final, latencies.get(final.delivery.id));
  }

  /** Sends one claimed delivery: its final state, or null when it was put back for a retry. */
  private async deliver(delivery: Claimed, context: BatchContext): Promise<TryResult> {
    const { db, config } = this.options;
    const message = context.messages.get(delivery.message_id);
    const recipient = message === undefined ? undefined : context.recipients.get(message.userId);
    const final = (state: FinalState['state'], error: string | null) => ({
      final: {
        delivery,
        state,
        error,
        event: message?.event ?? 'unknown',
        hadSecret: message?.secret != null,
      },
    });
    if (message === undefined || recipient === undefined)
      return final('failed', 'the message or its recipient is gone');
    try {
      const input = await templateInput(db, config, message, recipient, context.orders);
      if (delivery.channel === 'email') {
        const { mail } = await emailOf(config, message, recipient, input);
        await this.options.mail.send(mail);
        if (this.mailDown) await this.mailIsBack();
        return final('sent', null);
      }
      const subscription =
        delivery.subscription_id === null ? undefined : context.subscriptions.get(delivery.subscription_id);
      if (subscription === undefined) return final('dropped', 'the push subscription is gone');
      await this.options.push.send(subscription, pushOf(message, input), {
        ttlSeconds: 7 * 24 * 60 * 60,
        topic: `m${message.id}`,
      });
      return { ...final('sent', null), pushed: subscription.id };
    } catch (error) {
      const failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError('temporary', errorText(error), { cause: error });
      return this.failed(delivery, message, failure);
    }
  }

  /** A try failed: the final state when it is given up on (or its subscription is gone), else a retry. */
  private async failed(
    delivery: Claimed,
    message: StoredMessage,
    failure: DeliveryError,
  ): Promise<TryResult> {
    const { config, db, log } = this.options;
    const final = (state: FinalState['state']): TryResult => ({
      final: {
        delivery,
        state,
        error: failure.message,
        event: message.event,
        hadSecret: message.secret !== null,
      },
    });
    if (failure.gone && delivery.subscription_id !== null) {
      await db.deleteFrom('push_subscriptions').where('id', '=', delivery.subscription_id).execute();
      log.info(
        { subscriptionId: delivery.subscription_id, messageId: message.id },
        'messages: push subscription dropped',
      );
      return final('dropped');
    }
    const giveUp =
      failure.kind === 'permanent' ||
      (failure.kind === 'temporary' && delivery.attempts >= config.messages.maxAttempts) ||
      (failure.kind === 'connection' && Date.now() - message.createdAt.getTime() > MESSAGE_GIVE_UP_MS);
    if (giveUp) return final('failed');
    if (delivery.channel === 'email' && failure.kind === 'connection') this.mailIsDown();
    const waitMs = Math.min(
      config.messages.retryMaxMs,
      config.messages.retryBaseMs * 2 ** Math.max(0, delivery.attempts - 1),
    );
    await scheduleRetry(db, this.owner, delivery, failure.message, failure.kind === 'connection', waitMs);
    const tried = {
      deliveryId: delivery.id,
      messageId: message.id,
      event: message.event,
      channel: delivery.channel,
    };
    const error = failure.message;
    log.warn(
      { ...tried, attempts: delivery.attempts, kind: failure.kind, retryInMs: waitMs, error },
      'messages: delivery will be retried',
    );
    this.options.onOutcome?.({ ...tried, result: 'retry', error });
    return null;
  }

  /** Logs a recorded final state and tells `onOutcome`. */
  private report({ delivery, state, error, event }: FinalState, latencyMs: number | undefined): void {
    const details = {
      deliveryId: delivery.id,
      messageId: delivery.message_id,
      event,
      channel: delivery.channel,
      attempts: delivery.attempts,
    };
    if (state === 'sent') this.options.log.info(details, 'messages: sent');
    else
      this.options.log.error(
        { ...details, error },
        state === 'dropped' ? 'messages: delivery dropped' : 'messages: delivery failed',
      );
    this.options.onOutcome?.({
      deliveryId: delivery.id,
      messageId: delivery.message_id,
      channel: delivery.channel,
      event,
      result: state,
      ...(state === 'sent' && latencyMs !== undefined ? { latencyMs } : {}),
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
    const released = await releaseWaitingForServer(this.options.db);
    this.options.log.info({ released }, 'messages: the mail server is back');
    this.poke();
  }
}
