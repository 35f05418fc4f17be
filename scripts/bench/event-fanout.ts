/**
 * Live-event fan-out benchmark: with `streams` open event streams (warehouse staff of warehouse 1, so every one of
 * them sees every change), `actions` order changes one after another; for each, the time until the last stream has
 * the event. Commit happens between sending the request and receiving its answer, so the figure is given both ways:
 * from the answer (a lower bound of commit → last receipt) and from the request (an upper bound).
 *
 * `npx tsx scripts/bench/event-fanout.ts [--streams 200] [--actions 50]` starts its own server (in-memory PGlite,
 * demo seed) in a child process; `npm run bench:api` calls `benchEventFanout` against the server it measures.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { openSse, type SseConnection } from '../lib/sse-client.ts';
import { startServer } from '../lib/server-process.mjs';
import { DEMO_PASSWORD } from '../../server/seed/accounts.ts';

export interface FanoutResult {
  streams: number;
  actions: number;
  /** ms from the action's answer to the last stream's receipt, per action */
  fromAnswer: number[];
  /** ms from sending the action to the last stream's receipt, per action */
  fromRequest: number[];
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Opens `streams` streams on `origin` (its `/api/v3`), makes `actions` changes and times their fan-out. */
export async function benchEventFanout(
  origin: string,
  options: { streams?: number; actions?: number; log?: (line: string) => void } = {},
): Promise<FanoutResult> {
  const streams = options.streams ?? 200;
  const actions = options.actions ?? 50;
  const log = options.log ?? ((line: string) => console.log(line));
  const api = `${origin}/api/v3`;
  const login = await json<{ access_token: string }>(
    await fetch(`${api}/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'warehouse@demo.test', password: DEMO_PASSWORD }).toString(),
    }),
    'login',
  );
  const authorization = `Bearer ${login.access_token}`;
  const connections: SseConnection[] = [];
  try {
    for (let i = 0; i < streams; i += 1) {
      const { ticket } = await json<{ ticket: string }>(
        await fetch(`${api}/events/ticket`, { method: 'POST', headers: { authorization } }),
        'ticket',
      );
      const connection = await openSse(`${api}/events?ticket=${ticket}`);
      await connection.waitFor((frame) => frame.event === 'ready');
      connections.push(connection);
    }
    const page = await json<{ items: Array<{ id: number }> }>(
      await fetch(`${api}/orders/get/list/warehouse?pageSize=1`, { headers: { authorization } }),
      'list',
    );
    const orderId = page.items[0]?.id;
    if (orderId === undefined) throw new Error('warehouse 1 has no order');
    let version = (
      await json<{ version: number }>(
        await fetch(`${api}/orders/get/${orderId}`, { headers: { authorization } }),
        'order',
      )
    ).version;
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    for (let n = 0; n < actions; n += 1) {
      const marks = connections.map((connection) => connection.frames.length);
      const sent = performance.now();
      const changed = await json<{ version: number }>(
        await fetch(`${api}/orders/set/${orderId}/comment?comment=fanout-${n}&version=${version}`, {
          method: 'POST',
          headers: { authorization },
        }),
        'comment',
      );
      const answered = performance.now();
      version = changed.version;
      const receipts = await Promise.all(
        connections.map((connection, index) =>
          connection.waitFor(
            (frame) =>
              frame.event === 'order' && (JSON.parse(frame.data) as { version: number }).version === version,
            10_000,
            marks[index],
          ),
        ),
      );
      const last = Math.max(...receipts.map((frame) => frame.receivedAt));
      fromAnswer.push(Math.max(0, last - answered));
      fromRequest.push(last - sent);
    }
    const result = { streams, actions, fromAnswer, fromRequest };
    log(
      `event fan-out: ${streams} streams, ${actions} actions; commit → last subscriber p50 ${percentile(fromAnswer, 50).toFixed(1)}–${percentile(fromRequest, 50).toFixed(1)} ms, p95 ${percentile(fromAnswer, 95).toFixed(1)}–${percentile(fromRequest, 95).toFixed(1)} ms (from the answer – from the request)`,
    );
    return result;
  } finally {
    for (const connection of connections) connection.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { streams: { type: 'string', default: '200' }, actions: { type: 'string', default: '50' } },
  });
  const server = await startServer({
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_MAX: '1000',
    },
    onLine: () => {},
  });
  try {
    await benchEventFanout(server.url, { streams: Number(values.streams), actions: Number(values.actions) });
  } finally {
    await server.stop();
  }
}
