/**
 * `npx tsx scripts/bench-genealogy.ts --data-dir DIR [--dist DIR] [--requests N] [--expansions N]`
 *
 * A benchmark of the genealogy tree, not a test (not in `npm test`). It needs the large data set in its own PGlite
 * data directory, made first with:
 *
 *   npm run seed -- --distributors 100000 --orders 100000 --data-dir .tmp/genealogy-data
 *
 * The large seed gives every member 1–4 recruits, so no node has 500 children. When none does, the benchmark adds
 * 500 distributors under the first member of partner@demo.test's first line, once (the same set-based insert as the
 * seed; the data dir keeps them), and says so. Then it starts the reference server on that directory with the built
 * SPA (`--dist`, built with `vite build --outDir` when missing) and measures:
 *
 * 1. the server's latency for a node's children page (`GET /users/my-network/{id}?pageSize=50`, the page the tree
 *    asks for), sequentially, over nodes with children and over the 500-children node's pages: p50 / p95 / p99;
 * 2. in Chromium, the time from a click on the 500-children node to its children painted (cold: with the request;
 *    warm: children already loaded, 50 and then all 500), goal ≤ 100 ms;
 * 3. in Chromium, the tree rows in the DOM while scrolling a large expanded tree top to bottom, goal ≤ 80.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import { DEMO_PASSWORD } from '../server/seed/accounts.ts';
import { playwrightLaunchOptions } from './chromium.mjs';
import { BIN, ROOT, run, startServer } from './lib/server-process.mjs';

const USAGE =
  'usage: npx tsx scripts/bench-genealogy.ts --data-dir DIR [--dist DIR] [--requests N] [--expansions N]';
const WIDE = 500;
const PAGE_SIZE = 50;
const GOAL_ROWS = 80;
const GOAL_EXPAND_MS = 100;
const PARTNER = 'partner@demo.test';

const { values: flags } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    dist: { type: 'string', default: '.tmp/dist-bench-genealogy' },
    requests: { type: 'string', default: '300' },
    expansions: { type: 'string', default: '150' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});

function whole(name: string, value: string | undefined, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}\n${USAGE}`);
  return parsed;
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

const ms = (value: number) => `${value.toFixed(1)} ms`;

interface Prepared {
  wideId: number;
  added: number;
  members: number;
  samples: number[];
}

/** Checks the large set is there, gives one node 500 children when none has, picks nodes to sample. */
async function prepare(dataDir: string): Promise<Prepared> {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const root = await db
      .selectFrom('users')
      .select(['id', 'path', 'password_hash'])
      .where('email', '=', PARTNER)
      .executeTakeFirst();
    if (root === undefined) throw new Error(`${PARTNER} is missing: seed the data dir first\n${USAGE}`);
    const members = Number(
      (
        await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('path', 'like', `${root.path}%`)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    if (members < 100_000) {
      throw new Error(
        `the downline of ${PARTNER} has ${members} members: add the large set first\n` +
          `  npm run seed -- --distributors 100000 --orders 100000 --data-dir ${dataDir}`,
      );
    }
    const widest = await sql<{ sponsor_id: number; n: number }>`
      select sponsor_id, count(*)::int as n from users where sponsor_id is not null
      group by sponsor_id order by n desc limit 1`.execute(db);
    let wideId = widest.rows[0]?.sponsor_id ?? 0;
    let added = 0;
    if ((widest.rows[0]?.n ?? 0) < WIDE) {
      const parent = await db
        .selectFrom('users')
        .select(['id', 'path', 'depth'])
        .where('sponsor_id', '=', root.id)
        .where('is_partner', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const first =
        Number(
          (
            await db
              .selectFrom('users')
              .select((eb) => eb.fn.max('id').as('max'))
              .executeTakeFirst()
          )?.max ?? 0,
        ) + 1;
      const result = await sql`
        insert into users (id, email, password_hash, full_name, phone, city, lang, is_partner, warehouse_id,
                           email_confirmed, prn, sponsor_id, path, depth, rank, signing_date, created_at, updated_at)
        select n, 'wide.' || n || '@bench.test', ${root.password_hash}, 'Широкий Дистрибьютор ' || n,
               '+373 69' || lpad(n::text, 6, '0'), 'Chișinău', 'ru', true, 1, true, 'MDW' || n,
               ${parent.id}, ${parent.path} || n || '.', ${parent.depth + 1}, 'consultant',
               current_date - (n % 700), now(), now()
        from generate_series(${first}::int, ${first + WIDE - 1}::int) as n`.execute(db);
      added = Number(result.numAffectedRows ?? 0n);
      wideId = parent.id;
    }
    const sampled = await sql<{ sponsor_id: number }>`
      select sponsor_id from users
      where sponsor_id is not null and path like ${`${root.path}%`} and sponsor_id <> ${root.id}
      group by sponsor_id order by hashint4(sponsor_id) limit 200`.execute(db);
    return { wideId, added, members, samples: sampled.rows.map((row) => row.sponsor_id) };
  } finally {
    await database.close();
  }
}

async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/v3/users/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: PARTNER, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || body.access_token === undefined)
    throw new Error(`login failed: HTTP ${response.status}`);
  return body.access_token;
}

async function serverLatency(url: string, token: string, paths: readonly string[], requests: number) {
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const path = paths[i % paths.length] ?? '';
    const started = performance.now();
    const response = await fetch(`${url}/api/v3${path}`, { headers: { Authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    n: times.length,
  };
}

/** Scrolls the tree until the row of `id` is rendered, and puts it near the top of the viewport. */
async function revealRow(page: Page, id: number): Promise<void> {
  await page.evaluate(async (id) => {
    const viewport = document.querySelector('.genealogy__viewport');
    if (!(viewport instanceof HTMLElement)) throw new Error('no tree viewport');
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    viewport.scrollTop = 0;
    await frame();
    for (let step = 0; step < 1000; step++) {
      const row = document
        .querySelector(`[role="treeitem"] a[href="/my-distributers/${id}"]`)
        ?.closest('[role="treeitem"]');
      if (row instanceof HTMLElement) {
        viewport.scrollTop += row.getBoundingClientRect().top - viewport.getBoundingClientRect().top - 56;
        await frame();
        await frame();
        return;
      }
      viewport.scrollTop += viewport.clientHeight * 0.8;
      await frame();
      await frame();
    }
    throw new Error(`row of ${id} not found in the tree`);
  }, id);
}

/** Clicks a row and waits until rows of the level below are painted (two animation frames after they appear). */
async function timeExpand(page: Page, id: number, childLevel: number): Promise<number> {
  return page.evaluate(
    async ({ id, childLevel }) => {
      const link = document.querySelector(`[role="treeitem"] a[href="/my-distributers/${id}"]`);
      const row = link?.closest('[role="treeitem"]');
      if (!(row instanceof HTMLElement)) throw new Error(`row of ${id} is not rendered`);
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const started = performance.now();
      row.click();
      while (document.querySelector(`[role="treeitem"][aria-level="${childLevel}"]`) === null) await frame();
      await frame();
      await frame();
      return performance.now() - started;
    },
    { id, childLevel },
  );
}

async function collapse(page: Page, id: number, childLevel: number): Promise<void> {
  await page.evaluate(
    async ({ id, childLevel }) => {
      const row = document
        .querySelector(`[role="treeitem"] a[href="/my-distributers/${id}"]`)
        ?.closest('[role="treeitem"]');
      if (!(row instanceof HTMLElement)) throw new Error(`row of ${id} is not rendered`);
      row.click();
      while (document.querySelector(`[role="treeitem"][aria-level="${childLevel}"]`) !== null)
        await new Promise((resolve) => requestAnimationFrame(resolve));
    },
    { id, childLevel },
  );
}

/** Scrolls the tree's viewport top to bottom; the most rows ever in the DOM and the slowest frame. */
async function scrollThrough(page: Page) {
  return page.evaluate(async () => {
    const viewport = document.querySelector('.genealogy__viewport');
    if (!(viewport instanceof HTMLElement)) throw new Error('no tree viewport');
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    let maxRows = 0;
    let steps = 0;
    let slowest = 0;
    let total = 0;
    viewport.scrollTop = 0;
    await frame();
    const step = Math.round(viewport.clientHeight * 0.9);
    while (true) {
      const started = performance.now();
      viewport.scrollTop += step;
      viewport.dispatchEvent(new Event('scroll'));
      await frame();
      await frame();
      const spent = (performance.now() - started) / 2;
      slowest = Math.max(slowest, spent);
      total += spent;
      maxRows = Math.max(maxRows, document.querySelectorAll('[role="treeitem"]').length);
      steps++;
      if (viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 1 || steps > 5000) break;
    }
    const tree = document.querySelector('[role="tree"]');
    const visibleRows = Math.round((tree?.getBoundingClientRect().height ?? 0) / 56);
    return { maxRows, steps, slowestFrame: slowest, meanFrame: total / Math.max(steps, 1), visibleRows };
  });
}

/** Opens closed rows from the top of the tree (Right on each), up to `limit` openings, so the tree grows long. */
async function expandMany(page: Page, limit: number): Promise<number> {
  return page.evaluate(async (limit) => {
    const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const viewport = document.querySelector('.genealogy__viewport');
    if (!(viewport instanceof HTMLElement)) throw new Error('no tree viewport');
    let opened = 0;
    for (let guard = 0; opened < limit && guard < limit * 40; guard++) {
      const closed = [...document.querySelectorAll('[role="treeitem"][aria-expanded="false"]')].find(
        (element) => element.getBoundingClientRect().top >= viewport.getBoundingClientRect().top,
      );
      if (closed instanceof HTMLElement) {
        closed.click();
        opened++;
        while (document.querySelector('[role="treeitem"][aria-busy="true"]') !== null) await frame();
        await frame();
      } else {
        if (viewport.scrollTop + viewport.clientHeight >= viewport.scrollHeight - 1) break;
        viewport.scrollTop += viewport.clientHeight * 0.8;
        await frame();
        await frame();
      }
    }
    viewport.scrollTop = 0;
    return opened;
  }, limit);
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const dataDir = flags['data-dir'];
  if (dataDir === undefined) throw new Error(`--data-dir is required\n${USAGE}`);
  const requests = whole('requests', flags.requests, 10, 100_000);
  const expansions = whole('expansions', flags.expansions, 0, 10_000);
  const dist = join(ROOT, flags.dist);

  console.log(`Data: ${dataDir}`);
  const prepared = await prepare(dataDir);
  console.log(
    `  downline of ${PARTNER}: ${prepared.members.toLocaleString('en')} members; ` +
      (prepared.added > 0
        ? `no node had ${WIDE} children: added ${prepared.added} under node ${prepared.wideId}`
        : `node ${prepared.wideId} has ${WIDE}+ children`),
  );
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`Building the SPA into ${flags.dist}...`);
    const code = await run(BIN('vite'), ['build', '--outDir', dist, '--logLevel', 'warn']);
    if (code !== 0) throw new Error('vite build failed');
  }

  const server = await startServer({
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      APP_DIST: dist,
      SEED: 'none',
      JWT_SECRET: 'bench-genealogy-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    onLine: () => undefined,
    timeoutMs: 120_000,
  });
  const browser = await chromium.launch(playwrightLaunchOptions());
  try {
    const token = await login(server.url);
    const childPaths = prepared.samples.map((id) => `/users/my-network/${id}?page=1&pageSize=${PAGE_SIZE}`);
    const widePaths = Array.from(
      { length: WIDE / PAGE_SIZE },
      (_, i) => `/users/my-network/${prepared.wideId}?page=${i + 1}&pageSize=${PAGE_SIZE}`,
    );
    await serverLatency(server.url, token, childPaths.slice(0, 20), 20); // warm-up
    const children = await serverLatency(server.url, token, childPaths, requests);
    const wide = await serverLatency(server.url, token, widePaths, Math.max(50, Math.floor(requests / 3)));
    const rootPage = await serverLatency(server.url, token, [`/users/my-network?pageSize=${PAGE_SIZE}`], 50);
    const search = await serverLatency(
      server.url,
      token,
      ['/users/my-network/search?page=1&pageSize=20'],
      20,
    );

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    await context.addCookies([{ name: 'token', value: token, url: server.url, sameSite: 'Lax' }]);
    // tsx keeps function names with a `__name` helper, which the functions sent to the page would call.
    await context.addInitScript('globalThis.__name = (target) => target;');
    const page = await context.newPage();
    await page.goto(`${server.url}/my-distributers?view=tree`);
    await page.locator('[role="treeitem"][aria-level="2"]').first().waitFor();
    await page.waitForLoadState('networkidle');

    await revealRow(page, prepared.wideId);
    const cold = await timeExpand(page, prepared.wideId, 3);
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      await collapse(page, prepared.wideId, 3);
      warm.push(await timeExpand(page, prepared.wideId, 3));
    }
    // All ten pages of the 500 children, through the "show more" row.
    const more = page.locator('[role="treeitem"]', { hasText: /\d+\s*из\s*\d+|\d+ of \d+/ });
    for (let i = 1; i < WIDE / PAGE_SIZE; i++) {
      const loaded = await page.locator('[role="treeitem"][aria-level="3"]').count();
      await page.evaluate(() => {
        const viewport = document.querySelector('.genealogy__viewport');
        if (viewport instanceof HTMLElement) viewport.scrollTop = viewport.scrollHeight;
      });
      await more.last().click();
      await page.waitForFunction(
        (before) => document.querySelector('[role="treeitem"][aria-busy="true"]') === null && before >= 0,
        loaded,
      );
    }
    await revealRow(page, prepared.wideId);
    const warmAll: number[] = [];
    for (let i = 0; i < 5; i++) {
      await collapse(page, prepared.wideId, 3);
      warmAll.push(await timeExpand(page, prepared.wideId, 3));
    }
    warm.sort((a, b) => a - b);
    warmAll.sort((a, b) => a - b);

    const opened = await expandMany(page, expansions);
    const scroll = await scrollThrough(page);
    await context.close();

    const lines = [
      [
        'server: children page (pageSize 50), nodes with children',
        `p50 ${ms(children.p50)}  p95 ${ms(children.p95)}  p99 ${ms(children.p99)}  (n=${children.n})`,
      ],
      [
        `server: the ${WIDE}-children node, pages 1..${WIDE / PAGE_SIZE}`,
        `p50 ${ms(wide.p50)}  p95 ${ms(wide.p95)}  p99 ${ms(wide.p99)}  (n=${wide.n})`,
      ],
      [
        'server: the root (GET /users/my-network)',
        `p50 ${ms(rootPage.p50)}  p95 ${ms(rootPage.p95)}  (n=${rootPage.n})`,
      ],
      [
        'server: the list, first page (search, pageSize 20)',
        `p50 ${ms(search.p50)}  p95 ${ms(search.p95)}  (n=${search.n})`,
      ],
      [
        `expand the ${WIDE}-children node, cold (request + render of 50)`,
        `${ms(cold)}  (goal ≤ ${GOAL_EXPAND_MS} ms)`,
      ],
      [
        `expand it again, children loaded (50 rows)`,
        `median ${ms(warm[2] ?? NaN)}  max ${ms(warm.at(-1) ?? NaN)}`,
      ],
      [
        `expand it again, all ${WIDE} loaded`,
        `median ${ms(warmAll[2] ?? NaN)}  max ${ms(warmAll.at(-1) ?? NaN)}`,
      ],
      [
        'expanded tree',
        `${scroll.visibleRows.toLocaleString('en')} visible rows after ${opened} more openings`,
      ],
      [
        'DOM rows while scrolling it top to bottom',
        `max ${scroll.maxRows} over ${scroll.steps} steps  (goal ≤ ${GOAL_ROWS})`,
      ],
      [
        'scroll step (scroll → painted, per frame)',
        `mean ${ms(scroll.meanFrame)}  slowest ${ms(scroll.slowestFrame)}`,
      ],
    ];
    const width = Math.max(...lines.map(([label]) => (label ?? '').length));
    console.log('\nGenealogy benchmark (Chromium 1280×900, large data set)');
    for (const [label, value] of lines) console.log(`  ${(label ?? '').padEnd(width)}  ${value ?? ''}`);
    console.log(
      JSON.stringify({
        serverChildrenP95Ms: Number(children.p95.toFixed(1)),
        serverWideNodeP95Ms: Number(wide.p95.toFixed(1)),
        expandColdMs: Number(cold.toFixed(1)),
        expandWarmMedianMs: Number((warm[2] ?? NaN).toFixed(1)),
        expandWarmAll500MedianMs: Number((warmAll[2] ?? NaN).toFixed(1)),
        maxDomRows: scroll.maxRows,
        visibleRows: scroll.visibleRows,
      }),
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
