/**
 * Wires message delivery into an app (docs/adr/0100-message-delivery.md): the transports (SMTP_URL or the
 * built-in mailbox; web push), this process's worker (`app.messages`, started with the app unless
 * BACKGROUND_JOBS=off, when tests call `deliverDue()`), its metrics and the development mailbox page.
 */
import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Listen } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import { mailboxTransport, threadedSmtpTransport, type MailTransport } from './mail.ts';
import { registerMailboxPage } from './mailbox-page.ts';
import { vapidKeys, webPushTransport, type PushTransport, type VapidKeys } from './push.ts';
import { MessageWorker, type DeliveryOutcome, type WorkerOptions } from './worker.ts';

export interface MessagesOptions {
  /** Instead of SMTP_URL / the mailbox (tests). */
  mail?: MailTransport;
  /** Instead of web push through `web-push` (tests). */
  push?: PushTransport;
  /** The HTTPS agent of web push requests (tests trust their local push service with it). */
  pushAgent?: Agent;
  /** Worker settings (tests: short leases and polls). */
  worker?: Pick<WorkerOptions, 'pollMs' | 'leaseMs' | 'probeMs' | 'owner'>;
}

/** The VAPID keys, read (or made) once per process. */
export function vapidKeysOnce(db: Kysely<DB>, config: Config): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | undefined;
  return () => {
    keys ??= vapidKeys(db, config).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

export function registerMessages(
  app: FastifyInstance,
  database: { db: Kysely<DB>; listen?: Listen | undefined },
  config: Config,
  options: MessagesOptions = {},
): MessageWorker {
  const { db } = database;
  const keys = vapidKeysOnce(db, config);
  const mail =
    options.mail ??
    (config.mail.smtpUrl === undefined
      ? mailboxTransport(db)
      : // One connection per send in flight (up to 16): with PIPELINING a connection still carries one mail at a
        // time, so the connections bound how many wait for the server at once (ADR 0144).
        threadedSmtpTransport(config.mail.smtpUrl, Math.max(1, Math.min(16, config.messages.concurrency))));
  const push =
    options.push ??
    webPushTransport(keys, config.push.subject, config.messages.pushTimeoutMs, options.pushAgent);
  const counters = messageCounters(app.metrics);
  const worker = new MessageWorker({
    db,
    listen: database.listen,
    config,
    mail,
    push,
    log: app.log,
    ...options.worker,
    onOutcome: (outcome) => counters.record(outcome),
  });
  app.decorate('messages', worker);
  app.decorate('vapidKeys', keys);
  if (config.backgroundJobs) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  registerDeliveryGauges(app.metrics, db);
  registerMailboxPage(app, config);
  return worker;
}

function messageCounters(registry: Registry) {
  const finished = new Counter({
    name: 'mlm_message_deliveries_total',
    help: 'Tries of message deliveries by this process, by channel and result (sent, retry, failed, dropped)',
    labelNames: ['channel', 'result'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'mlm_message_delivery_seconds',
    help: 'From the commit of a message to its acceptance by the mail server or push service',
    labelNames: ['channel'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
    registers: [registry],
  });
  return {
    record(outcome: DeliveryOutcome) {
      finished.inc({ channel: outcome.channel, result: outcome.result });
      if (outcome.latencyMs !== undefined)
        latency.observe({ channel: outcome.channel }, outcome.latencyMs / 1000);
    },
  };
}

/** Queue lengths and the oldest waiting delivery, read from the database (the same in every process). */
function registerDeliveryGauges(registry: Registry, db: Kysely<DB>): void {
  let reading:
    Promise<Array<{ channel: string; state: string; n: number; oldest: number | null }>> | undefined;
  const read = () => {
    reading ??= db
      .selectFrom('message_deliveries')
      .select((eb) => [
        'channel',
        'state',
        eb.fn.countAll<number>().as('n'),
        eb.fn.min('created_at').as('oldest_at'),
      ])
      .where('state', 'in', ['queued', 'sending', 'failed'])
      .groupBy(['channel', 'state'])
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          channel: row.channel,
          state: row.state,
          n: Number(row.n),
          oldest: row.oldest_at === null ? null : (Date.now() - new Date(row.oldest_at).getTime()) / 1000,
        })),
      )
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'mlm_message_deliveries',
    help: 'Message deliveries waiting (queued), being sent (sending) and failed for good (failed), by channel',
    labelNames: ['channel', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const channel of ['email', 'push'])
        for (const state of ['queued', 'sending', 'failed']) this.set({ channel, state }, 0);
      for (const row of await read()) this.set({ channel: row.channel, state: row.state }, row.n);
    },
  });
  new Gauge({
    name: 'mlm_message_oldest_waiting_seconds',
    help: 'Age of the oldest message delivery not yet sent, by channel (0: none waiting)',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await read();
      for (const channel of ['email', 'push']) {
        const ages = rows
          .filter((row) => row.channel === channel && row.state !== 'failed' && row.oldest !== null)
          .map((row) => row.oldest ?? 0);
        this.set({ channel }, ages.length === 0 ? 0 : Math.max(...ages));
      }
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's messages worker (server/messages/worker.ts). */
    messages: MessageWorker;
    /** The web-push key pair (configured, or kept in the database). */
    vapidKeys: () => Promise<VapidKeys>;
  }
}
