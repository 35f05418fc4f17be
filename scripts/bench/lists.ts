/**
 * The lists' cost against the size of the data (docs/adr/0040-lists-at-constant-cost.md), part of
 * `npm run bench:api`: the same calls on the demo set and on the large set (demo + `seedLarge`: 100k distributors,
 * 100k orders at warehouse 1), both apps running in this process at once and called in turn (so a busy machine slows
 * both alike), each call's p50 printed as a ratio to `GET /users/me` on the same database, and the growth of that
 * ratio from the demo set to the large one. Goals: every list's growth ≤ 1.5× and ratio ≤ 5×.
 *
 * Data: two PGlite templates under `.tmp/lists-bench-<hash>/` (hash of `server/db` and `server/seed` and the sizes),
 * built once; every run works on fresh copies, vacuumed and analysed (PGlite runs no autovacuum).
 *
 * The searches look for what is in both sets alike (a demo customer's and a demo distributor's e-mail name), so the
 * number of matches is the same and only the size of the tables differs; a search whose matches grow with the data
 * (a common surname) costs what counting its matches costs, and is printed apart, outside the goals.
 */
import { OPERATOR_NODE_ENV } from '../../server/react-build.ts';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts';
import { hasData, seedDemo } from '../../server/seed/demo.ts';
import { seedLarge } from '../../server/seed/large.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const GOAL_GROWTH = 1.5;
/** The warehouse list's page size as its screen asks by default (`DEFAULT_PAGE_SIZE`); the downline's is 20 too. */
const PAGE_SIZE = 20;
export const GOAL_RATIO = 5;

export type ListsBenchOptions = {
  distributors: number;
  orders: number;
  /** timed requests per call and set */
  requests: number;
  log?: (message: string) => void;
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return entry.isFile() && entry.name.endsWith('.ts') ? [path] : [];
    })
    .sort();
}

function dataKey(distributors: number, orders: number): string {
  const hash = createHash('sha256').update(`lists ${distributors}/${orders}\n`);
  for (const file of [...sourceFiles(join(ROOT, 'server/db')), ...sourceFiles(join(ROOT, 'server/seed'))]) {
    hash.update(relative(ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}

/** A fresh, vacuumed copy of the template `name` (built first when missing). */
async function openSet(
  base: string,
  name: string,
  large: { distributors: number; orders: number } | null,
  log: (message: string) => void,
): Promise<Database> {
  const template = join(base, `${name}-template`);
  const ready = join(base, `${name}-ready.json`);
  if (!existsSync(ready)) {
    rmSync(template, { recursive: true, force: true });
    const started = performance.now();
    const database = await openDatabase({ dataDir: template });
    try {
      await migrateToLatest(database.db);
      if (!(await hasData(database.db))) await seedDemo(database.db);
      if (large !== null) await seedLarge(database.db, { ...large, log: (m) => log(`  ${m}`) });
    } finally {
      await database.close();
    }
    writeFileSync(ready, JSON.stringify({ ...large, builtAt: new Date().toISOString() }));
    log(`${name} set built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const run = join(base, `${name}-run`);
  rmSync(run, { recursive: true, force: true });
  cpSync(template, run, { recursive: true });
  const database = await openDatabase({ dataDir: run });
  await migrateToLatest(database.db);
  await sql`vacuum (analyze)`.execute(database.db);
  return database;
}

type Get = (path: string, token?: string) => Promise<{ status: number; text: string }>;

function client(origin: string): Get {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (path, token) =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (token !== undefined) headers.authorization = `Bearer ${token}`;
      const request = http.request(`${origin}/api/v3${path}`, { headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end();
    });
}

async function login(origin: string, email: string): Promise<string> {
  const body = new URLSearchParams({ email, password: DEMO_PASSWORD }).toString();
  const text = await new Promise<string>((resolve, reject) => {
    const request = http.request(
      `${origin}/api/v3/users/login`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || !('access_token' in parsed))
    throw new Error(`login ${email}: ${text.slice(0, 200)}`);
  return String(parsed.access_token);
}

type SetUnderTest = {
  name: string;
  database: Database;
  close: () => Promise<void>;
  get: Get;
  calls: Map<string, { path: string; token: string }>;
};

/** The calls of one set: what to ask for is read from its database (the same demo records in both). */
async function startSet(name: string, database: Database): Promise<SetUnderTest> {
  const { db } = database;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: OPERATOR_NODE_ENV,
    HOST: '127.0.0.1',
    PORT: '0',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    LOGIN_RATE_LIMIT_MAX: '1000',
    JWT_SECRET: process.env.JWT_SECRET ?? `bench-${randomUUID()}-${randomUUID()}`,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
  config.publicUrl = origin;
  const warehouse = await login(origin, 'warehouse@demo.test');
  const partner = await login(origin, 'partner@demo.test');

  // A demo customer with orders at warehouse 1, a demo distributor of the partner's downline.
  const customer = await db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select((eb) => ['u.email', eb.fn.countAll<number>().as('n')])
    .where('o.warehouse_id', '=', 1)
    .where('u.email', 'like', '%@demo.test')
    .groupBy('u.email')
    .orderBy('n', 'desc')
    .orderBy('u.email')
    .executeTakeFirstOrThrow();
  const root = await db
    .selectFrom('users')
    .select(['id', 'path'])
    .where('email', '=', 'partner@demo.test')
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('users')
    .select('email')
    .where('path', 'like', `${root.path}%`)
    .where('id', '<>', root.id)
    .where('is_partner', '=', true)
    .where('email', 'like', '%@demo.test')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // The key of page 2,000: the last order of page 1,999; on a set too small for it, of the page before the last.
  const listed = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('warehouse_id', '=', 1)
    .executeTakeFirstOrThrow();
  const deepPage = Math.min(2000, Math.max(2, Math.ceil(Number(listed.n) / PAGE_SIZE)));
  const before = await db
    .selectFrom('orders')
    .select('id')
    .where('warehouse_id', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset((deepPage - 1) * PAGE_SIZE - 1)
    .limit(1)
    .executeTakeFirst();
  const customerTerm = encodeURIComponent(customer.email.split('@')[0] ?? '');
  const memberTerm = encodeURIComponent(member.email.split('@')[0] ?? '');
  const list = `/orders/get/list/warehouse?pageSize=${PAGE_SIZE}`;
  const calls = new Map<string, { path: string; token: string }>([
    ['GET /users/me', { path: '/users/me', token: partner }],
    ['warehouse first page', { path: `${list}&page=1`, token: warehouse }],
    ['warehouse search', { path: `${list}&page=1&q=${customerTerm}`, token: warehouse }],
    ['warehouse search, tab', { path: `${list}&page=1&tab=completed&q=${customerTerm}`, token: warehouse }],
    [
      'warehouse page 2,000 (after)',
      { path: `${list}&page=${deepPage}&after=${before?.id ?? 1}`, token: warehouse },
    ],
    [
      'downline first page',
      { path: `/users/my-network/search?page=1&pageSize=${PAGE_SIZE}`, token: partner },
    ],
    [
      'downline search',
      { path: `/users/my-network/search?page=1&pageSize=${PAGE_SIZE}&q=${memberTerm}`, token: partner },
    ],
    // Who needs attention: the default order reads the maintained table (migration 0008).
    ...(['pv_zero', 'below_active', 'no_orders', 'rank_drop'] as const).map(
      (kind) =>
        [
          `attention ${kind} first page`,
          { path: `/users/my-network/search?page=1&pageSize=${PAGE_SIZE}&attention=${kind}`, token: partner },
        ] as const,
    ),
    // The warehouse queue: a sort, a filter and a search together; a sort and a filter; the home.
    [
      'queue: sort + filter + search',
      {
        path: `${list}&page=1&tab=completed&sort=amount&dir=desc&payment=cash&q=${customerTerm}`,
        token: warehouse,
      },
    ],
    [
      'queue: sort + filter',
      { path: `${list}&page=1&tab=new&sort=age&dir=desc&delivery=pickup`, token: warehouse },
    ],
    ['queue: home queues', { path: '/orders/get/warehouse-queues', token: warehouse }],
    // Outside the goals: cost that follows the number of matches or the depth by definition.
    ['(page 2,000 by offset)', { path: `${list}&page=${deepPage}`, token: warehouse }],
    ['(search, a common surname)', { path: `${list}&page=1&q=rusu`, token: warehouse }],
    [
      '(attention below_active, sort=pv: computed live)',
      {
        path: `/users/my-network/search?page=1&pageSize=${PAGE_SIZE}&attention=below_active&sort=pv`,
        token: partner,
      },
    ],
  ]);
  return {
    name,
    database,
    get: client(origin),
    calls,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The warehouse queue's goal (docs/adr/0028-warehouse-queue.md): its first page with a sort, a filter and a search,
 * p95 on PGlite.
 */
export const QUEUE_GOAL_P95_MS = 30;

const percentile = (samples: readonly number[], q: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

const median = (samples: readonly number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

/** Runs the lists benchmark and prints its table; true when every goal is met. */
export async function benchLists(options: ListsBenchOptions): Promise<boolean> {
  const log = options.log ?? ((message: string) => console.log(message));
  const base = join(ROOT, '.tmp', `lists-bench-${dataKey(options.distributors, options.orders)}`);
  if (!existsSync(base)) {
    for (const name of existsSync(join(ROOT, '.tmp')) ? readdirSync(join(ROOT, '.tmp')) : [])
      if (name.startsWith('lists-bench-')) rmSync(join(ROOT, '.tmp', name), { recursive: true, force: true });
    mkdirSync(base, { recursive: true });
  }
  log(`\nlists: preparing the demo set and the large set (${options.distributors} + ${options.orders})...`);
  const demo = await startSet('demo', await openSet(base, 'demo', null, log));
  const large = await startSet(
    'large',
    await openSet(base, 'large', { distributors: options.distributors, orders: options.orders }, log),
  );
  const sets = [demo, large];
  const names = [...demo.calls.keys()];
  const samples = new Map<string, number[]>();
  try {
    // Warm-up, then the calls in turn: each call once on one set, then on the other, round after round.
    for (const set of sets)
      for (const [name, call] of set.calls)
        for (let i = 0; i < 10; i++) {
          const answer = await set.get(call.path, call.token);
          if (answer.status !== 200)
            throw new Error(`${set.name} ${name}: ${answer.status} ${answer.text.slice(0, 300)}`);
        }
    for (let round = 0; round < options.requests; round++)
      for (const name of names)
        for (const set of round % 2 === 0 ? sets : [...sets].reverse()) {
          const call = set.calls.get(name);
          if (call === undefined) continue;
          const t0 = performance.now();
          const answer = await set.get(call.path, call.token);
          const ms = performance.now() - t0;
          if (answer.status !== 200) throw new Error(`${set.name} ${name}: ${answer.status}`);
          const key = `${set.name} ${name}`;
          samples.set(key, [...(samples.get(key) ?? []), ms]);
        }
  } finally {
    await demo.close();
    await large.close();
  }

  const p50 = (set: string, name: string): number => median(samples.get(`${set} ${name}`) ?? []);
  const header = ['call', 'demo ms', 'demo ×me', 'large ms', 'large ×me', 'growth', ''];
  const failures: string[] = [];
  const rows = names.map((name) => {
    const demoRatio = p50('demo', name) / p50('demo', 'GET /users/me');
    const largeRatio = p50('large', name) / p50('large', 'GET /users/me');
    const growth = largeRatio / demoRatio;
    // The queue calls are judged by their own absolute goal below (p95).
    const judged = name !== 'GET /users/me' && !name.startsWith('(') && !name.startsWith('queue');
    const over = judged && (growth > GOAL_GROWTH || largeRatio > GOAL_RATIO || demoRatio > GOAL_RATIO);
    if (over) failures.push(name);
    return [
      name,
      p50('demo', name).toFixed(1),
      demoRatio.toFixed(2),
      p50('large', name).toFixed(1),
      largeRatio.toFixed(2),
      `${growth.toFixed(2)}×`,
      judged ? (over ? 'OVER' : 'ok') : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  log(
    `\nLists against the size of the data: p50 of ${options.requests} requests each (pages of ${PAGE_SIZE}), sequential, the two sets in turn`,
  );
  log(`(×me: ratio to GET /users/me on the same set; growth: large ×me ÷ demo ×me)\n`);
  log(line(header));
  log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) log(line(row));
  // The queue's absolute goal: p95 on the large set.
  const queueCalls = names.filter((name) => name.startsWith('queue'));
  log(
    `\nThe warehouse queue on the large set (${options.orders} orders), goal p95 <= ${QUEUE_GOAL_P95_MS} ms:`,
  );
  for (const name of queueCalls) {
    const list = samples.get(`large ${name}`) ?? [];
    const p95 = percentile(list, 0.95);
    const over = p95 > QUEUE_GOAL_P95_MS;
    if (over) failures.push(`${name} p95`);
    log(
      `  ${name.padEnd(32)} p50 ${median(list).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${over ? 'OVER' : 'ok'}`,
    );
  }
  if (failures.length === 0)
    log(`\nLISTS GOAL MET: growth <= ${GOAL_GROWTH}x and ratio <= ${GOAL_RATIO}x for every list`);
  else
    log(`\nLISTS GOAL NOT MET (growth <= ${GOAL_GROWTH}x, ratio <= ${GOAL_RATIO}x): ${failures.join('; ')}`);
  return failures.length === 0;
}
