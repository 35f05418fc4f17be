/**
 * Three server processes (`server/main.ts`, PORT=0) on one PostgreSQL database with one JWT_SECRET, behind a real
 * nginx configured with the block docs/scaling.md documents (tests/multi/support/nginx.ts). Proves they behave as
 * one: idempotent creation, versioned actions, stock, the 1C two-phase export, the login limit, and live events
 * (LISTEN/NOTIFY) across processes; requests that must land on a given process go to it directly, the others
 * through nginx; and the documented nginx spreads requests, streams events unbuffered, keeps a forged
 * X-Forwarded-For from escaping the login limit, passes its request id, and keeps the metrics private.
 *
 * Needs DATABASE_URL (run through `npm run test:multi`, which starts a throwaway PostgreSQL); without it the suite
 * is skipped with the reason printed (npm test skips the step itself when no PostgreSQL is installed, and fails
 * instead on CI).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../server/auth/token.ts';
import { openDatabase, type Database } from '../../server/db/database.ts';
import { openSse } from '../../scripts/lib/sse-client.ts';
import { makeSelfSignedCertificate } from '../../scripts/lib/self-signed.mjs';
import { ROOT, startServer, type StartedServer } from '../../scripts/lib/server-process.mjs';
import { findNginx, freePort, startNginx, type RunningNginx } from './support/nginx.ts';

const BASE_URL = process.env.DATABASE_URL;
const JWT_SECRET = `multi-process-secret-${randomBytes(16).toString('hex')}`;
const EXCHANGE = { user: '1c-multi', password: 'multi-exchange-secret' };
const LOGIN_LIMIT = 5;

if (BASE_URL === undefined) {
  console.log(
    '[multi-process] SKIPPED: DATABASE_URL is not set (run `npm run test:multi` to get a PostgreSQL)',
  );
}

interface Answer<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

let servers: StartedServer[] = [];
/** Each process's metrics endpoint (METRICS_PORT=0: a free port, printed as `METRICS <url>`). */
const metricsUrls: string[] = [];
let nginx: RunningNginx | undefined;
let database: Database;
let databaseName = '';
let adminUrl = '';
const runDir = join(ROOT, '.tmp', `multi-${process.pid}`);

/** `'edge'`: through nginx, as a browser; a number: that process directly. */
type Via = number | 'edge';

const api = (via: Via): string =>
  via === 'edge' ? `${nginx?.httpsUrl ?? ''}/api/v3` : `${servers[via % servers.length]?.url ?? ''}/api/v3`;

async function call<T = unknown>(
  index: Via,
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${api(index)}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const json = /json/.test(response.headers.get('content-type') ?? '') && text !== '';
  return {
    status: response.status,
    body: (json ? JSON.parse(text) : text) as T,
    text,
    headers: response.headers,
  };
}

async function tokenOf(email: string): Promise<string> {
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirstOrThrow();
  return signAccessToken(
    { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
    { jwtSecret: JWT_SECRET, tokenTtlSeconds: 3600 },
  );
}

async function tokenOfId(id: number): Promise<string> {
  const user = await database.db
    .selectFrom('users')
    .select(['id', 'is_warehouse', 'is_partner', 'session_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return signAccessToken(
    { userId: user.id, wh: user.is_warehouse, par: user.is_partner, sessionVersion: user.session_version },
    { jwtSecret: JWT_SECRET, tokenTtlSeconds: 3600 },
  );
}

async function fillCart(userId: number, lines: ReadonlyArray<[number, number]>): Promise<void> {
  await database.db.deleteFrom('carts').where('user_id', '=', userId).execute();
  await database.db
    .insertInto('carts')
    .values(lines.map(([productId, quantity]) => ({ user_id: userId, product_id: productId, quantity })))
    .execute();
}

interface OrderBody {
  id: number;
  version: number;
  status: string;
}

const CHECKOUT = { deliveryType: 'pickup', pickupPointId: 1, paymentMethod: 'cash' } as const;

describe.skipIf(BASE_URL === undefined)('three server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    const base = new URL(BASE_URL ?? '');
    databaseName = `multi_${randomBytes(4).toString('hex')}`;
    adminUrl = base.toString();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    base.pathname = `/${databaseName}`;
    const url = base.toString();
    const nginxBinary = findNginx();
    if (nginxBinary === undefined)
      throw new Error(
        'nginx is not installed (apt-get install nginx, or set NGINX_BIN); .ci/run installs it',
      );
    rmSync(runDir, { recursive: true, force: true });
    mkdirSync(runDir, { recursive: true });
    const certificate = makeSelfSignedCertificate(runDir);
    // The test process trusts the throwaway certificate nginx presents (fetch and node:https alike).
    setDefaultCACertificates([...getCACertificates('default'), readFileSync(certificate.certFile, 'utf8')]);
    const [httpsPort, httpPort] = [await freePort(), await freePort()];
    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: url,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_ITERATIONS: '1',
      LOGIN_RATE_LIMIT_MAX: String(LOGIN_LIMIT),
      LOGIN_RATE_LIMIT_WINDOW_MS: '60000',
      EXCHANGE_USER: EXCHANGE.user,
      EXCHANGE_PASSWORD: EXCHANGE.password,
      APP_DIST: '',
      PUBLIC_URL: `https://127.0.0.1:${httpsPort}`,
      TRUST_PROXY: '1',
      METRICS_PORT: '0',
    };
    const metricsOf = (index: number) => (line: string) => {
      const match = /^METRICS (\S+)/.exec(line);
      if (match?.[1] !== undefined) metricsUrls[index] = match[1];
    };
    // The first process migrates and seeds; the other two find the database ready.
    const first = await startServer({ env: { ...env, SEED: 'demo' }, onLine: metricsOf(0) });
    const rest = await Promise.all(
      [1, 2].map((index) => startServer({ env: { ...env, SEED: 'none' }, onLine: metricsOf(index) })),
    );
    servers = [first, ...rest];
    nginx = await startNginx(nginxBinary, join(runDir, 'nginx'), {
      upstreams: servers.map((server) => new URL(server.url).host),
      httpPort,
      httpsPort,
      certFile: certificate.certFile,
      keyFile: certificate.keyFile,
    });
    database = await openDatabase({ databaseUrl: url });
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(runDir, { recursive: true, force: true });
    await database?.close();
    if (databaseName !== '') {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${databaseName} with (force)`);
      await admin.end();
    }
  }, 60_000);

  it('20 concurrent creations with one Idempotency-Key make one order', async () => {
    const token = await tokenOf('partner@demo.test');
    const partner = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const product = await database.db
      .selectFrom('warehouse_stock')
      .select('product_id as id')
      .where('warehouse_id', '=', 1)
      .where((eb) => eb('quantity', '-', eb.ref('held')), '>=', 50)
      .orderBy('product_id')
      .executeTakeFirstOrThrow();
    await fillCart(partner.id, [[product.id, 2]]);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        // Half through nginx (which spreads them itself), half straight at each process.
        call<OrderBody>(index % 2 === 0 ? 'edge' : index, 'POST', '/orders/create', {
          token,
          json: CHECKOUT,
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    const keys = await database.db
      .selectFrom('idempotency_keys')
      .select('order_id')
      .where('key', '=', key)
      .execute();
    expect(keys).toHaveLength(1);
    expect(keys[0]?.order_id).toBe(answers[0]?.body.id);
  });

  it('1,000 interleaved actions by two staff with stale versions: no lost update, one acceptance per version', async () => {
    const staff = [await tokenOf('warehouse@demo.test'), await tokenOf('warehouse2@demo.test')];
    const orders = await database.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 1)
      .orderBy('id', 'desc')
      .limit(4)
      .execute();
    const ids = orders.map((order) => order.id);
    const comments = async (): Promise<Map<number, number>> => {
      const rows = await database.db
        .selectFrom('order_history')
        .select(['order_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('order_id', 'in', ids)
        .where('event', '=', 'COMMENT')
        .groupBy('order_id')
        .execute();
      return new Map(rows.map((row) => [row.order_id, Number(row.n)]));
    };
    const commentsBefore = await comments();
    const accepted = new Map<number, number[]>(ids.map((id) => [id, []]));
    let conflicts = 0;
    let sent = 0;
    // Each lane is one open order page of one of the two staff: it knows the versions its answers told it.
    const lane = async (index: number): Promise<void> => {
      const known = new Map(orders.map((order) => [order.id, order.version]));
      while (sent < 1000) {
        sent += 1;
        const n = sent;
        const id = ids[n % ids.length] ?? 0;
        const current = known.get(id) ?? 1;
        // Every fifth action is deliberately stale; the others race each other on what the lane last saw.
        const version = n % 5 === 0 ? Math.max(1, current - 1) : current;
        const answer = await call<OrderBody & { order?: OrderBody }>(
          index % 2 === 0 ? 'edge' : index,
          'POST',
          `/orders/set/${id}/comment?comment=c${n}&version=${version}`,
          { token: staff[index % 2] ?? '' },
        );
        if (answer.status === 200) {
          accepted.get(id)?.push(version);
          known.set(id, answer.body.version);
        } else if (answer.status === 409 && answer.body.order !== undefined) {
          conflicts += 1;
          known.set(id, answer.body.order.version);
        } else throw new Error(`unexpected ${answer.status}: ${answer.text.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => lane(index)));
    const commentsAfter = await comments();
    const finals = await database.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('id', 'in', ids)
      .execute();
    const total = [...accepted.values()].reduce((sum, versions) => sum + versions.length, 0);
    expect(total + conflicts).toBe(1000);
    expect(conflicts).toBeGreaterThan(0);
    for (const order of orders) {
      const versions = accepted.get(order.id) ?? [];
      const final = finals.find((row) => row.id === order.id);
      // One acceptance per version, every acceptance kept (no lost update), one history entry each.
      expect(new Set(versions).size).toBe(versions.length);
      expect((final?.version ?? 0) - order.version).toBe(versions.length);
      expect((commentsAfter.get(order.id) ?? 0) - (commentsBefore.get(order.id) ?? 0)).toBe(versions.length);
    }
  }, 120_000);

  it('never takes stock below zero when distributors race for the last units', async () => {
    // Warehouse 1 has 3 units left (1C's quantity is what its orders hold plus 3).
    const product = await database.db
      .selectFrom('warehouse_stock')
      .select(['product_id as id', 'held'])
      .where('warehouse_id', '=', 1)
      .where((eb) => eb('quantity', '-', eb.ref('held')), '>=', 5)
      .orderBy('product_id', 'desc')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('warehouse_stock')
      .set({ quantity: product.held + 3 })
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', product.id)
      .execute();
    const buyers = await database.db
      .selectFrom('users')
      .select('id')
      .where('is_partner', '=', true)
      .where('email_confirmed', '=', true)
      .where('warehouse_id', '=', 1)
      .orderBy('id')
      .limit(10)
      .execute();
    expect(buyers).toHaveLength(10);
    for (const buyer of buyers) await fillCart(buyer.id, [[product.id, 1]]);
    const tokens = await Promise.all(buyers.map((buyer) => tokenOfId(buyer.id)));
    const answers = await Promise.all(
      tokens.map((token, index) =>
        call<{ code?: string }>(index % 2 === 0 ? 'edge' : index, 'POST', '/orders/create', {
          token,
          json: CHECKOUT,
          headers: { 'idempotency-key': randomUUID() },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 422).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: 7 }, () => 'OUT_OF_STOCK'),
    );
    const after = await database.db
      .selectFrom('warehouse_stock')
      .select(['quantity', 'held'])
      .where('warehouse_id', '=', 1)
      .where('product_id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(after.quantity - after.held).toBe(0);
  });

  it('1C: checkauth on A, query on B, success on C exports each order exactly once', async () => {
    await database.db
      .updateTable('orders')
      .set({ exchange_state: 'queued', exchange_error: null })
      .where('warehouse_id', '=', 1)
      .where('status', 'in', ['prepared', 'ready', 'completed'])
      .execute();
    const waiting = await database.db
      .selectFrom('orders')
      .select('id')
      .where('exchange_state', 'in', ['queued', 'sent'])
      .execute();
    expect(waiting.length).toBeGreaterThan(0);
    const ids = waiting.map((row) => row.id);
    const historyCounts = async (): Promise<Map<string, number>> => {
      const rows = await database.db
        .selectFrom('order_history')
        .select(['order_id', 'event', (eb) => eb.fn.countAll<number>().as('n')])
        .where('event', 'in', ['EXCHANGE_SENT', 'EXCHANGE_CONFIRMED'])
        .where('order_id', 'in', ids)
        .groupBy(['order_id', 'event'])
        .execute();
      return new Map(rows.map((row) => [`${row.order_id}:${row.event}`, Number(row.n)]));
    };
    const before = await historyCounts();
    const basic = `Basic ${Buffer.from(`${EXCHANGE.user}:${EXCHANGE.password}`).toString('base64')}`;
    const auth = await call(0, 'GET', '/exchange/1c?type=sale&mode=checkauth', {
      headers: { authorization: basic },
    });
    expect(auth.status).toBe(200);
    const [, name, value] = auth.text.split('\n');
    const cookie = `${name ?? ''}=${value ?? ''}`;
    for (let round = 0; round < 10; round += 1) {
      const query = await call(1, 'GET', '/exchange/1c?type=sale&mode=query', { headers: { cookie } });
      expect(query.status).toBe(200);
      // 1C's success arrives twice at once, on two processes: the orders are confirmed once.
      const successes = await Promise.all(
        [2, 0].map((lane) =>
          call(lane, 'GET', '/exchange/1c?type=sale&mode=success', { headers: { cookie } }),
        ),
      );
      expect(successes.map((answer) => answer.status)).toEqual([200, 200]);
      if (!query.text.includes('<Документ>')) break;
    }
    const after = await historyCounts();
    const delta = (id: number, event: string): number =>
      (after.get(`${id}:${event}`) ?? 0) - (before.get(`${id}:${event}`) ?? 0);
    expect(ids.filter((id) => delta(id, 'EXCHANGE_SENT') !== 1)).toEqual([]);
    expect(ids.filter((id) => delta(id, 'EXCHANGE_CONFIRMED') !== 1)).toEqual([]);
    const left = await database.db
      .selectFrom('orders')
      .select('id')
      .where('exchange_state', 'in', ['queued', 'sent'])
      .execute();
    expect(left).toEqual([]);
  }, 60_000);

  it('counts the login limit across processes', async () => {
    const email = `nobody-${randomUUID()}@test.md`;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i += 1) {
      const answer = await call(i, 'POST', '/users/login', { form: { email, password: 'wrong-password' } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array.from({ length: LOGIN_LIMIT }, () => 401), 429]);
  });

  it('a logout on one process makes the old token 401 on every process', async () => {
    const signedIn = await call<{ access_token: string }>(0, 'POST', '/users/login', {
      form: { email: 'user@demo.test', password: 'demo1234' },
    });
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.access_token;
    for (const index of [0, 1, 2])
      expect((await call(index, 'GET', '/users/me', { token })).status).toBe(200);
    expect((await call(1, 'POST', '/users/logout', { token })).status).toBe(204);
    for (const index of [0, 1, 2])
      expect((await call(index, 'GET', '/users/me', { token })).status).toBe(401);
  });

  it('an event made on A reaches a stream on C within 1 s', async () => {
    const staff = await tokenOf('warehouse@demo.test');
    const ticket = await call<{ ticket: string }>(0, 'POST', '/events/ticket', { token: staff });
    const stream = await openSse(`${api(2)}/events?ticket=${ticket.body.ticket}`);
    await stream.waitFor((frame) => frame.event === 'ready');
    const order = await database.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const changed = await call<OrderBody>(
      0,
      'POST',
      `/orders/set/${order.id}/comment?comment=live&version=${order.version}`,
      {
        token: staff,
      },
    );
    expect(changed.status).toBe(200);
    const frame = await stream.waitFor(
      (f) =>
        f.event === 'order' &&
        (JSON.parse(f.data) as OrderBody & { orderId: number }).version === changed.body.version,
      1000,
    );
    expect(frame.receivedAt - started).toBeLessThan(1000);
    stream.close();
  });

  it('a stream resumed with Last-Event-ID after a forced drop misses nothing', async () => {
    const staff = await tokenOf('warehouse2@demo.test');
    const first = await openSse(
      `${api(1)}/events?ticket=${(await call<{ ticket: string }>(1, 'POST', '/events/ticket', { token: staff })).body.ticket}`,
    );
    await first.waitFor((frame) => frame.event === 'ready');
    const order = await database.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 1)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    let version = order.version;
    const versions: number[] = [];
    const act = async (lane: number): Promise<void> => {
      const answer = await call<OrderBody>(
        lane,
        'POST',
        `/orders/set/${order.id}/comment?comment=drop&version=${version}`,
        {
          token: staff,
        },
      );
      expect(answer.status).toBe(200);
      version = answer.body.version;
      versions.push(version);
    };
    await act(0);
    await first.waitFor((f) => f.event === 'order');
    const resumeFrom = first.lastId() ?? '';
    first.close(); // the forced drop
    for (let i = 0; i < 6; i += 1) await act(i);
    const ticket = await call<{ ticket: string }>(2, 'POST', '/events/ticket', { token: staff });
    const resumed = await openSse(`${api(2)}/events?ticket=${ticket.body.ticket}`, {
      'last-event-id': resumeFrom,
    });
    await resumed.waitFor((f) => f.event === 'ready');
    const seen = resumed.frames
      .filter((f) => f.event === 'order')
      .map((f) => JSON.parse(f.data) as { orderId: number; version: number })
      .filter((data) => data.orderId === order.id)
      .map((data) => data.version);
    expect(seen).toEqual(versions.slice(1));
    resumed.close();
  });

  it('nginx spreads requests over the three processes (their own metrics say so)', async () => {
    const served = async (): Promise<number[]> =>
      Promise.all(
        metricsUrls.map(async (url) => {
          const text = await (await fetch(url)).text();
          const line = text
            .split('\n')
            .find(
              (l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/healthz"'),
            );
          return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(' ') + 1));
        }),
      );
    expect(metricsUrls).toHaveLength(3);
    const before = await served();
    for (let i = 0; i < 30; i += 1) {
      const answer = await fetch(`${nginx?.httpsUrl ?? ''}/healthz`);
      expect(answer.status).toBe(200);
      await answer.text();
    }
    const after = await served();
    const share = after.map((count, index) => count - (before[index] ?? 0));
    expect(share.reduce((sum, n) => sum + n, 0)).toBe(30);
    for (const n of share) expect(n).toBeGreaterThanOrEqual(5);
  });

  it('through nginx: its request id in the answer and its log, plain http redirected to https', async () => {
    const answer = await call('edge', 'GET', '/users/me', {
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(answer.status).toBe(401);
    const id = answer.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await new Promise((done) => setTimeout(done, 200));
    expect(readFileSync(nginx?.accessLog ?? '', 'utf8')).toContain(id);
    const plain = await fetch(`${nginx?.httpUrl ?? ''}/api/v3/users/me`, { redirect: 'manual' });
    expect(plain.status).toBe(301);
    expect(plain.headers.get('location')).toBe('https://127.0.0.1/api/v3/users/me');
  });

  it('through nginx: a guesser rotating X-Forwarded-For is limited like any other', async () => {
    const email = `rotating-${randomUUID()}@test.md`;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT + 1; i += 1) {
      const answer = await call('edge', 'POST', '/users/login', {
        form: { email, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array.from({ length: LOGIN_LIMIT }, () => 401), 429]);
  });

  it('through nginx: a live stream gets an event within 1 s (nothing buffers it)', async () => {
    const staff = await tokenOf('warehouse@demo.test');
    const ticket = await call<{ ticket: string }>('edge', 'POST', '/events/ticket', { token: staff });
    const stream = await openSse(`${api('edge')}/events?ticket=${ticket.body.ticket}`);
    expect(stream.status).toBe(200);
    await stream.waitFor((frame) => frame.event === 'ready');
    const order = await database.db
      .selectFrom('orders')
      .select(['id', 'version'])
      .where('warehouse_id', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const started = performance.now();
    const changed = await call<OrderBody>(
      'edge',
      'POST',
      `/orders/set/${order.id}/comment?comment=edge&version=${order.version}`,
      { token: staff },
    );
    expect(changed.status).toBe(200);
    const frame = await stream.waitFor(
      (f) => f.event === 'order' && (JSON.parse(f.data) as OrderBody).version === changed.body.version,
      1000,
    );
    expect(frame.receivedAt - started).toBeLessThan(1000);
    stream.close();
  });

  it('through nginx: a body over the server’s limit is refused at the edge; metrics are not served', async () => {
    const big = await call<{ code?: string }>('edge', 'POST', '/users/login', {
      form: { email: 'x'.repeat(1_500_000), password: 'x' },
    });
    expect(big.status).toBe(413);
    const fits = await call('edge', 'POST', '/users/login', {
      form: { email: `fits-${randomUUID()}@test.md`, password: 'p'.repeat(60_000) },
    });
    // Under the limit, the body reaches a process (which answers, with nginx's request id).
    expect(fits.status).not.toBe(413);
    expect(fits.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    const metrics = await fetch(`${nginx?.httpsUrl ?? ''}/metrics`);
    expect(metrics.status).toBe(404);
    expect(await metrics.text()).not.toContain('http_request_duration_seconds');
  });
});
