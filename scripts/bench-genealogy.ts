/**
 * `npm run bench:genealogy -- [--data-dir DIR] [--dist DIR] [--requests N] [--expansions N] [--pan-drags N]`
 *
 * A benchmark of the drawn genealogy (docs/adr/0035-drawn-genealogy.md), not a test (not in `npm test`). It
 * runs on the large data set in its own PGlite data directory (`.tmp/genealogy-data` by default): when the
 * directory has no large set yet, it is built like `npm run bench:api` builds its own (migrations, the demo
 * seed, then `seedLarge` with 100,000 distributors under partner@demo.test; about 80 s, once). The large seed
 * gives every member 1–4 recruits, so no node has 500 children: the benchmark then adds 500 distributors
 * under the first member of partner@demo.test's first line, once (the data dir keeps them), and says so. Then
 * it starts the reference server on that directory with the built SPA (`--dist`, rebuilt with
 * `vite build --outDir` when missing or older than the sources) and measures:
 *
 * 1. the server: a node's children page (`GET /users/my-network/{id}?pageSize=50`, the page the tree asks for) over
 *    nodes with children and over the 500-children node's pages, the root, the search, and the line down to a deep
 *    member (`GET /users/my-network/{id}/path`, what the search's reveal asks): p50 / p95 / p99, sequentially;
 * 2. in Chromium at 1280×900, expanding the 500-children node: cold (click on its toggle → the request → its first
 *    50 children painted) and warm with all 500 loaded first (the 10 pages through its "show more" card by
 *    keyboard; then collapse, and click → the 500 laid out and the ones in view painted); goal ≤ 100 ms warm;
 * 3. in Chromium, after `--expansions` more nodes opened, panning across the whole tree (mouse drags at scale 1 and
 *    zoomed out to the minimum, along the 500-wide level and down the deep levels): the most DOM elements inside
 *    the canvas at any step (goal ≤ 300), the most cards, and the slowest frame while panning.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_PASSWORD } from '../server/seed/accounts.ts';
import { hasData, seedDemo } from '../server/seed/demo.ts';
import { seedLarge } from '../server/seed/large.ts';
import { playwrightLaunchOptions } from './chromium.mjs';
import { BIN, distStaleReason, ROOT, run, startServer } from './lib/server-process.mjs';

const USAGE =
  'usage: npm run bench:genealogy -- [--data-dir DIR] [--dist DIR] [--requests N] [--expansions N] [--pan-drags N]';
const WIDE = 500;
const PAGE_SIZE = 50;
const GOAL_DOM = 300;
const LARGE_DISTRIBUTORS = 100_000;
const GOAL_EXPAND_MS = 100;
const PARTNER = 'partner@demo.test';

const { values: flags } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: '.tmp/genealogy-data' },
    dist: { type: 'string', default: '.tmp/dist-bench-genealogy' },
    requests: { type: 'string', default: '300' },
    expansions: { type: 'string', default: '40' },
    'pan-drags': { type: 'string', default: '60' },
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
  deepId: number;
}

/** Migrations, the demo seed when empty, and the large set unless its distributors are there (as bench:api). */
async function ensureLargeSet(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    if (!(await hasData(database.db))) {
      console.log('  seeding the demo data...');
      await seedDemo(database.db);
    }
    const bench = await database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'bench.%@bench.test')
      .executeTakeFirstOrThrow();
    if (Number(bench.n) > 0) return;
    console.log(`  adding the large set (${LARGE_DISTRIBUTORS.toLocaleString('en')} distributors)...`);
    await seedLarge(database.db, {
      distributors: LARGE_DISTRIBUTORS,
      orders: 1000,
      log: (message) => console.log(`    ${message}`),
    });
  } finally {
    await database.close();
  }
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
    const deepest = await db
      .selectFrom('users')
      .select('id')
      .where('path', 'like', `${root.path}%`)
      .orderBy('depth', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    return { wideId, added, members, samples: sampled.rows.map((row) => row.sponsor_id), deepId: deepest.id };
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

const card = (id: number) => `[role="treeitem"][data-node="${id}"]`;

/** Waits two animation frames (what was rendered is painted). */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );

/**
 * Clicks the toggle of a node's card and times, in the page, from the click to the first card one level below it
 * painted (two animation frames after it is in the DOM).
 */
async function timeToggle(page: Page, id: number, childLevel: number, open: boolean): Promise<number> {
  return page.evaluate(
    async ({ selector, childLevel, open }) => {
      const toggle = document.querySelector(`${selector} .gcard__toggle`);
      if (!(toggle instanceof HTMLElement)) throw new Error(`no toggle on ${selector}`);
      const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const present = () => document.querySelector(`[role="treeitem"][aria-level="${childLevel}"]`) !== null;
      const started = performance.now();
      toggle.click();
      while (present() !== open) await frame();
      await frame();
      await frame();
      return performance.now() - started;
    },
    { selector: card(id), childLevel, open },
  );
}

/** Loads every page of an open node's children through its "show more" card, by keyboard (Down … Enter). */
async function loadAllPages(page: Page, id: number, total: number): Promise<void> {
  await page.locator(card(id)).focus();
  await page.keyboard.press('ArrowRight'); // to the first child
  for (let loaded = PAGE_SIZE; loaded < total; loaded += PAGE_SIZE) {
    for (let i = 0; i < PAGE_SIZE; i++) await page.keyboard.press('ArrowDown');
    await page.locator('.gcard--more:focus').waitFor();
    await page.keyboard.press('Enter');
    // The page arrived: the focus moved on to its first distributor.
    await page.waitForFunction(
      () => document.activeElement?.matches('[role="treeitem"]:not(.gcard--more)') === true,
    );
  }
}

/**
 * Opens `limit` more nodes by keyboard, walking the tree top-down (Down to the next closed node, Right opens it),
 * with the 500-children node closed meanwhile (its leaves would be walked one by one); then opens that node again
 * and puts the focus on its first child, so the panning starts on its row.
 */
async function expandMany(page: Page, limit: number, wideId: number): Promise<number> {
  const focused = () =>
    page.evaluate(() => ({
      node: document.activeElement?.getAttribute('data-node') ?? null,
      expanded: document.activeElement?.getAttribute('aria-expanded') ?? null,
    }));
  await page.locator(card(wideId)).focus();
  await page.keyboard.press('-');
  await page.keyboard.press('Home');
  let opened = 0;
  for (let guard = 0; opened < limit && guard < limit * 30; guard++) {
    await page.keyboard.press('ArrowDown');
    if ((await focused()).expanded !== 'false') continue;
    await page.keyboard.press('ArrowRight');
    opened++;
    await page.waitForFunction(() => document.querySelector('[role="treeitem"][aria-busy="true"]') === null);
  }
  await page.keyboard.press('Home');
  for (let step = 0; (await focused()).node !== String(wideId); step++) {
    if (step > 200) throw new Error(`node ${wideId} not reached from the root by keyboard`);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowRight');
  await painted(page);
  return opened;
}

interface PanFigures {
  steps: number;
  maxElements: number;
  maxCards: number;
  slowestFrame: number;
  meanFrame: number;
}

/** Elements and cards inside the canvas now. */
const domCount = (page: Page) =>
  page.evaluate(() => {
    const canvas = document.querySelector('.gchart__canvas');
    return {
      elements: canvas?.querySelectorAll('*').length ?? 0,
      cards: canvas?.querySelectorAll('[role="treeitem"]').length ?? 0,
    };
  });

/**
 * Pans by mouse drags along a route of screen offsets, counting the DOM inside the canvas after every drag step
 * and recording the frames in the page meanwhile (the longest frame is the slowest pan step).
 */
async function panAlong(page: Page, moves: readonly [number, number][]): Promise<PanFigures> {
  const box = await page.locator('.gchart__canvas').boundingBox();
  if (box === null) throw new Error('no canvas');
  await page.evaluate(() => {
    const frames: number[] = [];
    const state = { frames, running: true, last: performance.now() };
    (globalThis as unknown as { __frames: typeof state }).__frames = state;
    const tick = (now: number) => {
      frames.push(now - state.last);
      state.last = now;
      if (state.running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  let maxElements = 0;
  let maxCards = 0;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  for (const [dx, dy] of moves) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 4; i++) {
      await page.mouse.move(x + (dx * i) / 4, y + (dy * i) / 4);
      await painted(page);
      const count = await domCount(page);
      maxElements = Math.max(maxElements, count.elements);
      maxCards = Math.max(maxCards, count.cards);
    }
    await page.mouse.up();
  }
  const frames = await page.evaluate(() => {
    const state = (globalThis as unknown as { __frames: { frames: number[]; running: boolean } }).__frames;
    state.running = false;
    return state.frames.slice(1);
  });
  const slowestFrame = Math.max(...frames);
  const meanFrame = frames.reduce((sum, value) => sum + value, 0) / Math.max(frames.length, 1);
  return { steps: moves.length * 4, maxElements, maxCards, slowestFrame, meanFrame };
}

async function main(): Promise<void> {
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const dataDir = join(ROOT, flags['data-dir']);
  const requests = whole('requests', flags.requests, 10, 100_000);
  const expansions = whole('expansions', flags.expansions, 0, 1000);
  const panSteps = whole('pan-drags', flags['pan-drags'], 2, 10_000);
  const dist = join(ROOT, flags.dist);

  console.log(`Data: ${flags['data-dir']}`);
  await ensureLargeSet(dataDir);
  const prepared = await prepare(dataDir);
  console.log(
    `  downline of ${PARTNER}: ${prepared.members.toLocaleString('en')} members; ` +
      (prepared.added > 0
        ? `no node had ${WIDE} children: added ${prepared.added} under node ${prepared.wideId}`
        : `node ${prepared.wideId} has ${WIDE}+ children`),
  );
  const stale = distStaleReason(dist);
  if (stale !== null) {
    console.log(`Building the SPA into ${flags.dist} (${stale})...`);
    const code = await run(BIN('vite'), ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn']);
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
    const search = await serverLatency(server.url, token, ['/users/my-network/search?page=1&pageSize=8'], 20);
    const line = await serverLatency(server.url, token, [`/users/my-network/${prepared.deepId}/path`], 50);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ru-RU' });
    await context.addCookies([{ name: 'token', value: token, url: server.url, sameSite: 'Lax' }]);
    // tsx keeps function names with a `__name` helper, which the functions sent to the page would call.
    await context.addInitScript('globalThis.__name = (target) => target;');
    const page = await context.newPage();
    // The 500-children node may be past the first page of the first line: shown the way search shows a member.
    await page.goto(`${server.url}/my-distributers?view=tree&reveal=${prepared.wideId}`);
    await page.locator(`${card(prepared.wideId)}.gcard--found`).waitFor();
    await page.waitForLoadState('networkidle');
    await page.locator('.gchart__canvas').scrollIntoViewIfNeeded();

    const cold = await timeToggle(page, prepared.wideId, 3, true);
    await page.waitForLoadState('networkidle');
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      await timeToggle(page, prepared.wideId, 3, false);
      warm.push(await timeToggle(page, prepared.wideId, 3, true));
    }
    await loadAllPages(page, prepared.wideId, WIDE);
    const loaded = await page.evaluate(
      (selector) => document.querySelector(selector)?.getAttribute('aria-setsize'),
      `[role="treeitem"][aria-level="3"]`,
    );
    // Left from a child goes back to the node (the view follows it).
    await page.keyboard.press('ArrowLeft');
    await page.locator(`${card(prepared.wideId)}:focus`).waitFor();
    await painted(page);
    const warmAll: number[] = [];
    for (let i = 0; i < 5; i++) {
      await timeToggle(page, prepared.wideId, 3, false);
      warmAll.push(await timeToggle(page, prepared.wideId, 3, true));
    }
    warm.sort((a, b) => a - b);
    warmAll.sort((a, b) => a - b);

    const opened = await expandMany(page, expansions, prepared.wideId);
    const along = Math.max(1, Math.floor(panSteps / 2));
    // At scale 1: along the 500-wide row (each drag 600 px), then up the levels above it and back down.
    const atOne = await panAlong(page, [
      ...Array.from({ length: along }, (): [number, number] => [-600, 0]),
      [0, 260],
      [0, 260],
      [0, -260],
      [0, -260],
    ]);
    await page.screenshot({ path: '.tmp/shots/bench-pan-1.png' });
    // Zoomed out as far as it goes: each drag covers more than twice as much of the row, back the other way.
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Уменьшить' }).click();
    const scale = await page.locator('.gchart__canvas').getAttribute('data-scale');
    const zoomedOut = await panAlong(page, [
      ...Array.from({ length: along }, (): [number, number] => [600, 0]),
      [0, 200],
      [0, -200],
    ]);
    await page.screenshot({ path: '.tmp/shots/bench-pan-2.png' });
    const cards = await page.evaluate(() => document.querySelectorAll('[role="treeitem"]').length);
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
      ['server: the search (pageSize 8)', `p50 ${ms(search.p50)}  p95 ${ms(search.p95)}  (n=${search.n})`],
      [
        `server: the line down to the deepest member (/path)`,
        `p50 ${ms(line.p50)}  p95 ${ms(line.p95)}  (n=${line.n})`,
      ],
      [`expand the ${WIDE}-children node, cold (request + 50 cards)`, `${ms(cold)}`],
      [`expand it again, 50 loaded`, `median ${ms(warm[2] ?? NaN)}  max ${ms(warm.at(-1) ?? NaN)}`],
      [
        `expand it again, all ${loaded ?? '?'} loaded (click → painted)`,
        `median ${ms(warmAll[2] ?? NaN)}  max ${ms(warmAll.at(-1) ?? NaN)}  (goal ≤ ${GOAL_EXPAND_MS} ms)`,
      ],
      [
        'before panning',
        `${opened} more nodes opened by keyboard; cards in the DOM after the pans: ${cards}`,
      ],
      [
        `pan at scale 1 (${atOne.steps} drag steps)`,
        `max ${atOne.maxElements} elements / ${atOne.maxCards} cards in the canvas  (goal ≤ ${GOAL_DOM})`,
      ],
      [
        `pan at scale ${scale ?? '?'} (${zoomedOut.steps} drag steps)`,
        `max ${zoomedOut.maxElements} elements / ${zoomedOut.maxCards} cards in the canvas  (goal ≤ ${GOAL_DOM})`,
      ],
      [
        'frames while panning',
        `mean ${ms((atOne.meanFrame + zoomedOut.meanFrame) / 2)}  slowest ${ms(
          Math.max(atOne.slowestFrame, zoomedOut.slowestFrame),
        )}`,
      ],
    ];
    const width = Math.max(...lines.map(([label]) => (label ?? '').length));
    console.log('\nGenealogy benchmark (Chromium 1280×900, large data set, the drawn tree)');
    for (const [label, value] of lines) console.log(`  ${(label ?? '').padEnd(width)}  ${value ?? ''}`);
    console.log(
      JSON.stringify({
        serverChildrenP95Ms: Number(children.p95.toFixed(1)),
        serverWideNodeP95Ms: Number(wide.p95.toFixed(1)),
        serverPathP95Ms: Number(line.p95.toFixed(1)),
        expandColdMs: Number(cold.toFixed(1)),
        expandWarmMedianMs: Number((warm[2] ?? NaN).toFixed(1)),
        expandWarmAll500MedianMs: Number((warmAll[2] ?? NaN).toFixed(1)),
        maxDomElementsPanning: Math.max(atOne.maxElements, zoomedOut.maxElements),
        maxCardsPanning: Math.max(atOne.maxCards, zoomedOut.maxCards),
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
