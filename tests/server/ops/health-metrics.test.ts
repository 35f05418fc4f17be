import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitingOrders } from '#server/domain/exchange/queue.ts';
import { serveMetrics } from '#server/ops/metrics-server.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

describe('health, readiness, request ids and metrics', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await startTestApp({ logStream, config: { backgroundJobs: true } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('/healthz answers alive, with no-store and the security headers', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'alive' });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('/readyz answers ready with every check, and 503 naming a pending migration', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; checks: Record<string, { ok: boolean }> }>();
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'events', 'jobs', 'migrations']);
    expect(Object.values(body.checks).every((check) => check.ok)).toBe(true);

    await sql`delete from kysely_migration where name = '0015-operations'`.execute(t.db);
    try {
      const pending = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({
        status: 'not ready',
        checks: { migrations: { ok: false, pending: ['0015-operations'] }, database: { ok: true } },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values ('0015-operations', ${new Date().toISOString()})`.execute(
        t.db,
      );
    }
  });

  it('/readyz is 503 when the jobs scheduler is not running', async () => {
    await t.app.jobs.stop();
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({ checks: { jobs: { ok: false } } });
  });

  it('every answer carries a fresh request id, the same one its log lines carry', async () => {
    const first = await t.get('/users/me', { headers: { 'x-request-id': 'forged-by-a-client-123' } });
    const second = await t.get('/users/me');
    const id = String(first.headers['x-request-id']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).not.toBe(String(second.headers['x-request-id']));
    const logged = lines.filter((line) => line.reqId === id);
    expect(logged.length).toBeGreaterThan(0);
    expect(lines.some((line) => line.reqId === 'forged-by-a-client-123')).toBe(false);
  });

  it('counts request durations by route template, and the open streams', async () => {
    const token = await t.login('partner@demo.test');
    const order = await t.db
      .selectFrom('orders')
      .innerJoin('users', 'users.id', 'orders.user_id')
      .select('orders.id')
      .where('users.email', '=', 'partner@demo.test')
      .orderBy('orders.id')
      .executeTakeFirstOrThrow();
    expect((await t.get(`/orders/get/${order.id}`, { token })).status).toBe(200);
    expect((await t.get('/orders/get/999999999', { token })).status).toBe(404);
    await t.app.inject({ method: 'GET', url: '/api/v3/no/such/route' });
    const text = await t.app.metrics.metrics();
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v3\/orders\/get\/:id",status_code="200"\} 1\n/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v3\/orders\/get\/:id",status_code="404"\} 1\n/,
    );
    expect(text).toContain('route="(api: no such route)"');
    // No label names the id (a duration's digits may happen to spell it: only labels are checked).
    expect(text).not.toMatch(/\{[^}]*999999999[^}]*\}/);
    expect(text).toMatch(/mlm_event_streams_open 0\n/);
  });

  it('reports the 1C queue as the database holds it', async () => {
    const count = async (where: 'waiting' | 'failed') => {
      const query =
        where === 'failed'
          ? t.db.selectFrom('orders').where('exchange_state', '=', 'error')
          : waitingOrders(t.db);
      const row = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const waiting = await count('waiting');
    const before = await t.app.metrics.metrics();
    expect(gauge(before, 'mlm_exchange_orders_waiting')).toBe(waiting);
    expect(gauge(before, 'mlm_exchange_orders_failed')).toBe(await count('failed'));

    // One more order waits for 1C, changed an hour ago: the count and the oldest age follow the table.
    const order = await t.db
      .selectFrom('orders')
      .select('id')
      .where('exchange_state', 'is', null)
      .where('status', '!=', 'sent_to_1c')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('orders')
      .set({ exchange_state: 'queued', updated_at: new Date(Date.now() - 3_600_000) })
      .where('id', '=', order.id)
      .execute();
    const after = await t.app.metrics.metrics();
    expect(gauge(after, 'mlm_exchange_orders_waiting')).toBe(waiting + 1);
    expect(gauge(after, 'mlm_exchange_oldest_waiting_seconds')).toBeGreaterThanOrEqual(3600);
  });

  it('serves the registry on a port of its own, and nothing else there', async () => {
    const server = await serveMetrics(t.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const answer = await fetch(server.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await answer.text()).toContain('# TYPE http_request_duration_seconds histogram');
      const other = await fetch(server.url.replace('/metrics', '/readyz'));
      expect(other.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('a request id from a trusted proxy', () => {
  it('is kept when TRUST_PROXY is on and it is well formed, replaced otherwise', async () => {
    const t = await startTestApp({ config: { trustProxy: 1 } });
    try {
      const kept = await t.get('/users/me', {
        headers: { 'x-request-id': '0123456789abcdef0123456789abcdef' },
      });
      expect(kept.headers['x-request-id']).toBe('0123456789abcdef0123456789abcdef');
      const odd = await t.get('/users/me', { headers: { 'x-request-id': 'two words\nand a newline' } });
      expect(String(odd.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.close();
    }
  });
});
