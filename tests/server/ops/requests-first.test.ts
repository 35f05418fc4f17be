/**
 * People's requests before background work (docs/adr/0150-requests-before-background-work.md): the PGlite
 * connection's order, the pauses between background pieces, and which requests count.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#server/db/database.ts';
import {
  BACKGROUND_TURN_EVERY_MS,
  QUIET_AFTER_MS,
  inBackground,
  registerRequestsFirst,
  requestBegins,
  requestsBeingServed,
  requestsFirst,
} from '#server/ops/requests-first.ts';

describe('requests before background work', () => {
  let database: Database;

  beforeAll(async () => {
    // The order is PGlite's driver's (one connection); PostgreSQL's pool serves both at once.
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('hands the PGlite connection to a waiting request before waiting background work', async () => {
    const { db } = database;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const order: string[] = [];
    const holder = inBackground(() =>
      db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await held;
      }),
    );
    await sleep(5);
    const query = (name: string) =>
      sql`select ${name}::text as name`.execute(db).then(() => order.push(name));
    const first = inBackground(() => query('background 1'));
    await sleep(1);
    const request = query('request');
    await sleep(1);
    const second = inBackground(() => query('background 2'));
    await sleep(5);
    expect(order).toEqual([]);
    release();
    await Promise.all([holder, first, request, second]);
    expect(order).toEqual(['request', 'background 1', 'background 2']);
  });

  it('gives background work a turn per request, one every BACKGROUND_TURN_EVERY_MS in a long one, all when quiet', async () => {
    const t0 = performance.now();
    const log: Array<{ name: string; why: string; at: number }> = [];
    const wait = (name: string) =>
      inBackground(() => requestsFirst()).then((why) => log.push({ name, why, at: performance.now() - t0 }));
    const endFirst = requestBegins();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(wait);
    // Work that is not background never waits, even now.
    expect(await requestsFirst()).toBe('quiet');
    // The request has met no piece yet: the oldest goes at once.
    await a;
    expect(log.map((r) => [r.name, r.why])).toEqual([['a', 'turn']]);
    // It has met its piece: the next turn comes BACKGROUND_TURN_EVERY_MS after a's (a never says it is done).
    await b;
    expect(log.map((r) => [r.name, r.why])).toEqual([
      ['a', 'turn'],
      ['b', 'turn'],
    ]);
    expect((log[1]?.at ?? 0) - (log[0]?.at ?? 0)).toBeGreaterThanOrEqual(BACKGROUND_TURN_EVERY_MS - 2);
    // b's work asks again (its piece has ended), and a new request, which has met no piece, lets c go at once.
    const again = wait('b again');
    const endSecond = requestBegins();
    await c;
    expect(log[2]?.name).toBe('c');
    expect((log[2]?.at ?? 0) - (log[1]?.at ?? 0)).toBeLessThan(BACKGROUND_TURN_EVERY_MS);
    // No request any more: everything waiting goes once it has been quiet for QUIET_AFTER_MS.
    endFirst();
    endSecond();
    const ended = performance.now() - t0;
    await Promise.all([d, again]);
    expect(log.slice(3).map((r) => [r.name, r.why])).toEqual([
      ['d', 'quiet'],
      ['b again', 'quiet'],
    ]);
    expect(log[3]?.at ?? 0).toBeGreaterThanOrEqual(ended + QUIET_AFTER_MS - 1);
    expect(requestsBeingServed()).toBe(0);
    // Quiet: background work goes on at once.
    const quiet = performance.now();
    expect(await inBackground(() => requestsFirst())).toBe('quiet');
    expect(performance.now() - quiet).toBeLessThan(BACKGROUND_TURN_EVERY_MS);
  });

  it('counts a request until its answer closes, not a live stream nor 1C’s exchange', async () => {
    const app = Fastify();
    registerRequestsFirst(app, ['/events', '/exchange']);
    let open: () => void = () => undefined;
    const gate = () =>
      new Promise<void>((resolve) => {
        open = resolve;
      });
    let seen = -1;
    for (const path of ['/work', '/events', '/exchange']) {
      app.get(path, async () => {
        seen = requestsBeingServed();
        await gate();
        return { ok: true };
      });
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`;
    try {
      for (const [path, counted] of [
        ['/work', 1],
        ['/events', 0],
        ['/exchange', 0],
      ] as const) {
        const answer = fetch(`${origin}${path}`).then((response) => response.json());
        while (seen === -1) await sleep(1);
        expect(seen, path).toBe(counted);
        open();
        expect(await answer).toEqual({ ok: true });
        await sleep(5);
        expect(requestsBeingServed(), path).toBe(0);
        seen = -1;
      }
      // An answer cut short (the client goes away) ends the count too.
      const aborted = new AbortController();
      const cut = fetch(`${origin}/work`, { signal: aborted.signal }).catch(() => 'aborted');
      while (seen === -1) await sleep(1);
      expect(requestsBeingServed()).toBe(1);
      aborted.abort();
      expect(await cut).toBe('aborted');
      for (let i = 0; i < 100 && requestsBeingServed() > 0; i++) await sleep(5);
      expect(requestsBeingServed()).toBe(0);
      open();
    } finally {
      await app.close();
    }
  });
});
