/**
 * Message delivery under load (docs/adr/0100-message-delivery.md), part of `npm run bench:api` and runnable alone:
 * `npx tsx scripts/bench/message-drain.ts [--messages N] [--rate N] [--orders N] [--no-yield]`.
 *
 * The real app (`buildApp`, its messages worker running as in production) on a fresh in-memory PGlite with the demo
 * set, sending to a real SMTP server on 127.0.0.1 (`smtp-server`, the one of the tests), through HTTP:
 *
 * 1. **Order action, idle**: `--orders` order creations by a distributor (cart filled untimed), the worker idle.
 * 2. **Drain**: `--messages` messages (default 10,000) to 500 recipients in five languages are committed in
 *    transactions of 10 at `--rate` per second (default: as fast as they can be written), as background work as the
 *    period close tells a month's statements (docs/adr/0150-requests-before-background-work.md: short transactions,
 *    requests first between two; `--no-yield`: never yielding), while the same order creations run again.
 *    Printed: throughput (messages accepted by the SMTP server per second, from the first commit
 *    to the last accept), the p50/p95/max from each message's commit (`messages.created_at`) to the server's accept,
 *    the order creation's p95 during the drain as a ratio to idle, and the CPU time per message.
 *
 * Goals: p95 commit → accept ≤ 5 s; order action p95 while draining ≤ 1.5× idle. Exit code 0 even when over a goal.
 */
// First, as in server/main.ts: React's production build for the e-mail templates, as the server sends them.
import { OPERATOR_NODE_ENV } from '../../server/react-build.ts';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { LANGS } from '../../server/db/reference.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { enqueueMessage } from '../../server/messages/outbox.ts';
import { inBackground, requestsFirst } from '../../server/ops/requests-first.ts';
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts';
import { seedDemo } from '../../server/seed/demo.ts';
import { Worker } from 'node:worker_threads';
import { startSmtpServer } from '../../tests/support/smtp-server.ts';
import type { AcceptedMail } from './smtp-server-thread.ts';

export const GOAL_LATENCY_P95_MS = 5000;
export const GOAL_ORDER_RATIO = 1.5;
const RECIPIENTS = 500;
const BATCH = 10;

export interface MessageDrainOptions {
  messages: number;
  /** messages committed per second (0: as fast as they can be written) */
  rate: number;
  /** timed order creations, idle and while draining */
  orders: number;
  /** the SMTP server in this thread, as before 2026-11-29, instead of a thread of its own */
  smtpInProcess?: boolean;
  /** let the event loop run between two write transactions, as requests would (default true) */
  yieldBetweenWrites?: boolean;
  log?: (message: string) => void;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN);
/** This thread's CPU time in µs (the main thread's: the SMTP client's own thread is not in it). */
const mainThreadCpu = (): number => {
  const usage = process.threadCpuUsage();
  return usage.user + usage.system;
};
const sortNum = (values: readonly number[]) => [...values].sort((a, b) => a - b);
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface BenchSmtp {
  url: string;
  received: AcceptedMail[];
  /** Waits until the accepts reported so far are in (the thread reports every 50 ms). */
  settle(since: number): Promise<void>;
  close(): Promise<void>;
}

/** The local SMTP server: in a thread of its own (smtp-server-thread.ts), or in this one (`--smtp-in-process`). */
async function benchSmtpServer(inProcess: boolean): Promise<BenchSmtp> {
  if (inProcess) {
    const smtp = await startSmtpServer({ parse: false });
    const received: AcceptedMail[] = [];
    smtp.onMessage = (mail) => {
      received.push({
        to: mail.to,
        messageId: /^Message-ID: (<[^>]*>)/im.exec(mail.raw)?.[1] ?? null,
        acceptedAt: mail.acceptedAt,
      });
      smtp.received.length = 0;
    };
    return { url: smtp.url, received, settle: async () => undefined, close: () => smtp.close() };
  }
  const worker = new Worker(new URL('./smtp-server-thread.ts', import.meta.url));
  const received: AcceptedMail[] = [];
  let lastReport = 0;
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', (message: { url?: string; accepted?: AcceptedMail[] }) => {
      if (message.url !== undefined) resolve(message.url);
      if (message.accepted !== undefined) {
        received.push(...message.accepted);
        lastReport = Date.now();
      }
    });
  });
  return {
    url,
    received,
    async settle() {
      await new Promise((resolve) => setTimeout(resolve, 150));
      while (Date.now() - lastReport < 100) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async close() {
      const closed = new Promise<void>((resolve) =>
        worker.on('message', (message: { closed?: boolean }) => {
          if (message.closed === true) resolve();
        }),
      );
      worker.postMessage({ close: true });
      await closed;
      await worker.terminate();
    },
  };
}

export async function benchMessageDrain(options: MessageDrainOptions): Promise<void> {
  const log = options.log ?? ((message: string) => console.log(message));
  const smtp = await benchSmtpServer(options.smtpInProcess === true);
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(database.db);
  await seedDemo(database.db);
  const { db } = database;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: OPERATOR_NODE_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    BACKGROUND_JOBS: 'true',
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    LOGIN_RATE_LIMIT_MAX: '1000',
    JWT_SECRET: `bench-${randomUUID()}-${randomUUID()}`,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/api/v3`;
  try {
    // Recipients: distributors in the five languages, as a real month's statement would reach.
    const partner = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const recipients = await db
      .insertInto('users')
      .values(
        Array.from({ length: RECIPIENTS }, (_, i) => ({
          email: `bench.mail.${i}@bench.test`,
          password_hash: partner.password_hash,
          full_name: `Bench Recipient ${i}`,
          lang: LANGS[i % LANGS.length],
          is_partner: true,
          email_confirmed: true,
          sponsor_id: partner.id,
          warehouse_id: partner.warehouse_id,
        })),
      )
      .returning('id')
      .execute();

    const call = async (
      method: string,
      path: string,
      init: {
        token?: string;
        json?: unknown;
        form?: Record<string, string>;
        headers?: Record<string, string>;
      } = {},
    ) => {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined;
      if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form !== undefined) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      }
      const response = await fetch(`${origin}${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
      const text = await response.text();
      return { status: response.status, text };
    };
    const login = await call('POST', '/users/login', {
      form: { email: 'partner@demo.test', password: DEMO_PASSWORD },
    });
    const token = (JSON.parse(login.text) as { access_token?: string }).access_token;
    if (token === undefined) throw new Error(`login: ${login.status} ${login.text}`);
    // Stock is per warehouse (docs/adr/0091-stock-per-warehouse.md): what the partner's warehouse has most of.
    const available = sql<number>`s.quantity - s.held`;
    const products = await db
      .selectFrom('products as p')
      .innerJoin('warehouse_stock as s', (join) =>
        join.onRef('s.product_id', '=', 'p.id').on('s.warehouse_id', '=', partner.warehouse_id ?? 1),
      )
      .select('p.id')
      .where(available, '>', 0)
      .orderBy(available, 'desc')
      .orderBy('p.id')
      .limit(40)
      .execute();
    const point = await db
      .selectFrom('pickup_points')
      .select('id')
      .where('warehouse_id', '=', partner.warehouse_id ?? 1)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const createOrder = async (i: number): Promise<number> => {
      const product = products[i % products.length];
      if (product === undefined) throw new Error('no stocked product');
      const added = await call('POST', '/orders/cart/add-to-cart', {
        token,
        json: { productId: product.id, quantity: 1 },
      });
      if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${added.text}`);
      const t0 = performance.now();
      const created = await call('POST', '/orders/create', {
        token,
        headers: { 'idempotency-key': `bench-${randomUUID()}` },
        json: { deliveryType: 'pickup', pickupPointId: point.id, paymentMethod: 'cash' },
      });
      const elapsed = performance.now() - t0;
      if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
      return elapsed;
    };
    const orderRun = async (offset: number) => {
      const samples: number[] = [];
      for (let i = 0; i < options.orders; i++) samples.push(await createOrder(offset + i));
      return sortNum(samples);
    };

    /** Until every message written so far is planned and none of its deliveries waits. */
    const settled = async (): Promise<void> => {
      for (;;) {
        const unplanned = await db
          .selectFrom('messages')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('planned_at', 'is', null)
          .executeTakeFirstOrThrow();
        const waiting = await db
          .selectFrom('message_deliveries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', ['queued', 'sending'])
          .executeTakeFirstOrThrow();
        if (Number(unplanned.n) === 0 && Number(waiting.n) === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    for (let i = 0; i < 10; i++) await createOrder(i);
    await settled();
    const [load0] = loadavg();
    const idle = await orderRun(100);
    // The idle run's own order messages go out before the drain starts.
    await settled();
    const base = smtp.received.length;
    const startedAt = Date.now();

    // The drain: commits at the asked rate, order creations alongside.
    const cpu0 = process.cpuUsage();
    const mainCpu0 = mainThreadCpu();
    const t0 = Date.now();
    let writtenAt = t0;
    const enqueue = inBackground(async () => {
      for (let written = 0; written < options.messages; written += BATCH) {
        const count = Math.min(BATCH, options.messages - written);
        await db.transaction().execute(async (trx) => {
          for (let k = 0; k < count; k++) {
            const n = written + k;
            const recipient = recipients[n % recipients.length];
            if (recipient === undefined) continue;
            await enqueueMessage(trx, {
              event: 'business.statement_ready',
              userId: recipient.id,
              key: `bench:${n}`,
              data: { month: '2026-10' },
            });
          }
        });
        // PGlite answers in microtasks: a loop of transactions that never yields starves the event loop (sockets,
        // timers, the SMTP thread's replies, the order calls) until its last commit. A burst is background work (a
        // period close), requests first between two transactions; `--no-yield` keeps the loop that never yields.
        if (options.yieldBetweenWrites !== false) await requestsFirst();
        if (options.rate > 0) {
          const due = t0 + ((written + count) / options.rate) * 1000;
          const wait = due - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }
      writtenAt = Date.now();
    });
    const busy = await orderRun(100 + options.orders);
    await enqueue;
    const committedAt = Date.now();
    await settled();
    await smtp.settle(startedAt);
    const benchMails = smtp.received
      .slice(base)
      .filter((mail) => mail.to.some((to) => to.startsWith('bench.mail.')));
    const lastAccept = Math.max(...benchMails.map((mail) => mail.acceptedAt));
    const firstAccept = Math.min(...benchMails.map((mail) => mail.acceptedAt));
    const acceptedWhileWriting = benchMails.filter((mail) => mail.acceptedAt <= writtenAt).length;
    const [load1] = loadavg();
    const cpu = process.cpuUsage(cpu0);
    const mainCpu = mainThreadCpu() - mainCpu0;

    // Commit → accept per bench message: its row's created_at against the server's accept time.
    const created = new Map(
      (
        await db.selectFrom('messages').select(['id', 'created_at']).where('key', 'like', 'bench:%').execute()
      ).map((row) => [row.id, new Date(row.created_at).getTime()]),
    );
    const latencies: number[] = [];
    for (const mail of benchMails) {
      const id = /^<m(\d+)\./.exec(mail.messageId ?? '')?.[1];
      const at = id === undefined ? undefined : created.get(Number(id));
      if (at !== undefined) latencies.push(mail.acceptedAt - at);
    }
    const sortedLatency = sortNum(latencies);
    const seconds = (lastAccept - t0) / 1000;
    const idleP95 = percentile(idle, 95);
    const busyP95 = percentile(busy, 95);
    const ratio = busyP95 / idleP95;
    const p95 = percentile(sortedLatency, 95);

    log(
      `\nMessage delivery: ${options.messages} messages to ${RECIPIENTS} recipients through SMTP (127.0.0.1), in-memory PGlite, MESSAGE_CONCURRENCY ${config.messages.concurrency}`,
    );
    log(
      `  committed ${options.rate > 0 ? `at ${options.rate}/s` : 'as fast as written'}${options.yieldBetweenWrites === false ? ' (never yielding)' : ''} in ${((committedAt - t0) / 1000).toFixed(1)} s; all accepted after ${seconds.toFixed(1)} s`,
    );
    log(
      `  the ${options.messages} written in ${((writtenAt - t0) / 1000).toFixed(1)} s (${acceptedWhileWriting} accepted by then); ` +
        `first accepted after ${((firstAccept - t0) / 1000).toFixed(1)} s`,
    );
    log(`  throughput: ${(options.messages / seconds).toFixed(0)} messages/s`);
    log(
      `  commit → SMTP accept: p50 ${ms(percentile(sortedLatency, 50))}, p95 ${ms(p95)}, max ${ms(sortedLatency.at(-1) ?? NaN)} (${latencies.length} measured)`,
    );
    log(
      `  order creation p95: idle ${ms(idleP95)}, while draining ${ms(busyP95)} → ${ratio.toFixed(2)}× (${options.orders} each)`,
    );
    // CPU time, less disturbed than wall time by other work on the machine (it includes writing the messages, the
    // order calls and the SMTP server, which run in this process too).
    const perMessage = (micros: number) => `${(micros / 1000 / options.messages).toFixed(2)} ms/message`;
    log(
      `  CPU during the drain: process ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s (${perMessage(cpu.user + cpu.system)}), ` +
        `main thread ${(mainCpu / 1e6).toFixed(1)} s (${perMessage(mainCpu)})`,
    );
    log(`  load average ${(load0 ?? 0).toFixed(1)} → ${(load1 ?? 0).toFixed(1)} on ${cpus().length} CPUs`);
    log(
      `  ${p95 <= GOAL_LATENCY_P95_MS ? 'GOAL MET' : 'GOAL NOT MET'}: p95 commit → accept ≤ ${GOAL_LATENCY_P95_MS / 1000} s; ` +
        `${ratio <= GOAL_ORDER_RATIO ? 'GOAL MET' : 'GOAL NOT MET'}: order p95 while draining ≤ ${GOAL_ORDER_RATIO}× idle`,
    );
    if (latencies.length !== options.messages)
      throw new Error(`measured ${latencies.length} of ${options.messages} messages`);
  } finally {
    await app.close();
    await database.close();
    await smtp.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '10000' },
      rate: { type: 'string', default: '0' },
      orders: { type: 'string', default: '100' },
      'no-yield': { type: 'boolean', default: false },
      'smtp-in-process': { type: 'boolean', default: false },
    },
    strict: true,
  });
  benchMessageDrain({
    messages: Number(values.messages),
    rate: Number(values.rate),
    orders: Number(values.orders),
    yieldBetweenWrites: !values['no-yield'],
    smtpInProcess: values['smtp-in-process'],
  }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
