/**
 * `npx tsx scripts/bench-warehouse-ui.ts [--data-dir DIR] [--requests N] [--renders N] [--no-build]`
 *
 * A benchmark, not a test (not part of `npm test`): the warehouse order list on the large data set.
 *
 * 1. Data: `DIR` (default `.tmp/bench-warehouse-ui/data`) is seeded once with
 *    `npm run seed -- --distributors 100000 --orders 100000 --data-dir DIR` (100k more distributors and 100k more
 *    orders at warehouse 1, beside the demo data) and reused by later runs (`DIR.seeded.json` marks it done).
 * 2. The SPA is built into `.tmp/bench-warehouse-ui/dist` (skip with `--no-build` when it exists) and the reference
 *    server serves it and the API on one origin from that data dir (`server/main.ts`, a child process).
 * 3. Server: `GET /orders/get/list/warehouse` at pageSize 50 as warehouse@demo.test, `--requests` sequential calls
 *    (after a warm-up) over three kinds: the first page of every tab, deep pages (up to page 200) of the biggest tab,
 *    and searches (`q` = an order number prefix, a customer name). Prints p50 / p95 / p99 / max per kind and overall.
 * 4. Chromium: the list page with 50 and with 100 rows per page, `--renders` times each: cold (navigation to the
 *    rows in the DOM, measured in the page from `performance.timeOrigin`), and warm (the "Next page" click to the
 *    new rows), split into the list request (its resource timing) and the render after its answer arrived.
 * Prints the figures; exit code 1 only when something fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { playwrightLaunchOptions } from './chromium.mjs';
import { BIN, ROOT, startServer, type StartedServer } from './lib/server-process.mjs';

const USAGE =
  'usage: npx tsx scripts/bench-warehouse-ui.ts [--data-dir DIR] [--requests N] [--renders N] [--no-build]';
const { values: flags } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: '.tmp/bench-warehouse-ui/data' },
    requests: { type: 'string', default: '300' },
    renders: { type: 'string', default: '7' },
    'no-build': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}

function whole(name: string, value: string, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}\n${USAGE}`);
  }
  return parsed;
}

const REQUESTS = whole('requests', flags.requests, 10, 100_000);
const RENDERS = whole('renders', flags.renders, 1, 100);
const WORK = join(ROOT, '.tmp', 'bench-warehouse-ui');
const DATA_DIR = join(ROOT, flags['data-dir']);
const DIST = join(WORK, 'dist');
const SIZE = { distributors: 100_000, orders: 100_000 };
const STAFF = { email: 'warehouse@demo.test', password: 'demo1234' };
const JWT_SECRET = 'bench-warehouse-ui-secret-0123456789abcdef';

const log = (message: string) => console.log(message);

function ensureData(): void {
  const marker = `${DATA_DIR}.seeded.json`;
  if (existsSync(marker)) return;
  mkdirSync(DATA_DIR, { recursive: true });
  log(
    `Seeding ${SIZE.distributors} distributors and ${SIZE.orders} orders into ${relative(ROOT, DATA_DIR)} (once)...`,
  );
  const started = performance.now();
  const result = spawnSync(
    'npm',
    [
      'run',
      '-s',
      'seed',
      '--',
      '--distributors',
      String(SIZE.distributors),
      '--orders',
      String(SIZE.orders),
      '--data-dir',
      DATA_DIR,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DATABASE_URL: '' } },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  writeFileSync(marker, JSON.stringify({ ...SIZE, seconds: (performance.now() - started) / 1000 }));
}

function ensureBuild(): void {
  if (flags['no-build'] && existsSync(join(DIST, 'index.html'))) return;
  log('Building the SPA...');
  const result = spawnSync(BIN('vite'), ['build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('vite build failed');
}

/* ---------------------------------------------------------------------------------------- statistics */

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (value: number) => value.toFixed(1).padStart(7);
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(4)}  p50 ${f(percentile(sorted, 50))}  p95 ${f(percentile(sorted, 95))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1) ?? Number.NaN)} ms`;
}

const median = (samples: number[]) =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

/* ---------------------------------------------------------------------------------------- server */

interface ListPage {
  total: number;
  counts: Record<string, number>;
  items: Array<{ number: string; customer: { fullName: string } }>;
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/v3/users/login`, {
    method: 'POST',
    body: new URLSearchParams(STAFF),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`login failed: HTTP ${response.status}`);
  return body.access_token;
}

async function list(
  base: string,
  token: string,
  query: Record<string, string | number>,
): Promise<[number, ListPage]> {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const started = performance.now();
  const response = await fetch(`${base}/api/v3/orders/get/list/warehouse?${params}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as ListPage;
  const millis = performance.now() - started;
  if (!response.ok) throw new Error(`list ${params}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return [millis, body];
}

async function benchServer(
  base: string,
  token: string,
): Promise<{ biggestTab: string; counts: Record<string, number> }> {
  const [, first] = await list(base, token, { pageSize: 50 });
  const counts = first.counts;
  const tabs = Object.keys(counts);
  const biggestTab = tabs.reduce(
    (best, tab) => ((counts[tab] ?? 0) > (counts[best] ?? 0) ? tab : best),
    tabs[0] ?? 'new',
  );
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  log(
    `Warehouse 1 holds ${total.toLocaleString('en')} orders; per tab: ${tabs.map((tab) => `${tab} ${counts[tab]}`).join(', ')}`,
  );
  const deepest = Math.max(1, Math.min(200, Math.floor((counts[biggestTab] ?? 0) / 50)));
  const names = first.items.map((item) => item.customer.fullName.split(' ')[0] ?? 'a');
  const numbers = first.items.map((item) => item.number.slice(0, 4));
  const kinds: Array<{ label: string; query: (i: number) => Record<string, string | number> }> = [
    {
      label: 'first page of each tab',
      query: (i) => ({ tab: tabs[i % tabs.length] ?? 'new', pageSize: 50 }),
    },
    {
      label: `deep pages of ${biggestTab} (1..${deepest})`,
      query: (i) => ({ tab: biggestTab, pageSize: 50, page: 1 + ((i * 37) % deepest) }),
    },
    {
      label: 'search (number prefix, name)',
      query: (i) => ({
        pageSize: 50,
        tab: biggestTab,
        q: i % 2 === 0 ? (numbers[i % numbers.length] ?? '0001') : (names[i % names.length] ?? 'Ana'),
      }),
    },
  ];
  for (let i = 0; i < 15; i += 1) for (const kind of kinds) await list(base, token, kind.query(i));
  const all: number[] = [];
  log(`\nServer: GET /orders/get/list/warehouse, pageSize 50, ${REQUESTS} sequential requests`);
  for (const kind of kinds) {
    const samples: number[] = [];
    for (let i = 0; i < Math.ceil(REQUESTS / kinds.length); i += 1)
      samples.push((await list(base, token, kind.query(i)))[0]);
    all.push(...samples);
    log(`  ${summary(kind.label, samples)}`);
  }
  log(`  ${summary('all', all)}`);
  return { biggestTab, counts };
}

/* ---------------------------------------------------------------------------------------- browser */

/** Milliseconds from navigation start until the list shows `rows` rows (measured in the page). */
async function coldRender(page: Page, url: string, rows: number): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (count) => {
      const shown = document.querySelectorAll('table.warehouse-list__table tbody tr').length;
      return shown === count ? performance.now() : false;
    },
    rows,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * In-page script (a string: tsx would wrap named functions with a helper the page does not have): clicks "Next page"
 * and resolves with click → new rows painted, the list request's own time, and the render after its answer.
 */
const WARM_RENDER = `(async (count) => {
  const rowsShown = () => document.querySelectorAll('table.warehouse-list__table tbody tr');
  const before = rowsShown()[0]?.getAttribute('data-order-id');
  const next = Array.from(document.querySelectorAll('.warehouse-list__pager-buttons button')).at(-1);
  if (!next) throw new Error('no Next page button');
  performance.clearResourceTimings();
  const started = performance.now();
  next.click();
  const done = await new Promise((resolve) => {
    const check = () => {
      const rows = rowsShown();
      if (rows.length === count && rows[0]?.getAttribute('data-order-id') !== before) {
        requestAnimationFrame(() => resolve(performance.now()));
      } else {
        requestAnimationFrame(check);
      }
    };
    check();
  });
  const entry = performance.getEntriesByType('resource')
    .filter((candidate) => candidate.name.includes('/orders/get/list/warehouse')).at(-1);
  const responseEnd = entry ? entry.responseEnd : started;
  return { total: done - started, request: responseEnd - (entry ? entry.startTime : started), render: done - responseEnd };
})`;

interface WarmTiming {
  total: number;
  request: number;
  render: number;
}

async function warmRender(page: Page, rows: number): Promise<WarmTiming> {
  return page.evaluate<WarmTiming>(`${WARM_RENDER}(${rows})`);
}

async function benchBrowser(base: string, token: string, tab: string): Promise<void> {
  const browser = await chromium.launch(playwrightLaunchOptions());
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ru-RU' });
    await context.addCookies([{ name: 'token', value: token, url: base, sameSite: 'Lax' }]);
    const page = await context.newPage();
    await page.goto(`${base}/my-orders-warehouse`);
    await page.waitForSelector('table.warehouse-list__table tbody tr', { timeout: 60_000 });
    log(`\nChromium: /my-orders-warehouse?tab=${tab}, ${RENDERS} runs each (median, min–max)`);
    for (const rows of [50, 100]) {
      const url = `${base}/my-orders-warehouse?tab=${tab}&pageSize=${rows}`;
      const cold: number[] = [];
      const warm: Array<{ total: number; request: number; render: number }> = [];
      for (let run = 0; run < RENDERS; run += 1) {
        cold.push(await coldRender(page, url, rows));
        warm.push(await warmRender(page, rows));
      }
      const range = (values: number[]) =>
        `${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
      log(`  ${rows} rows: page load to rows shown ${range(cold)}`);
      log(
        `  ${rows} rows: next page click to rows painted ${range(warm.map((w) => w.total))}; list request ${range(warm.map((w) => w.request))}; render after the answer ${range(warm.map((w) => w.render))}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/* ---------------------------------------------------------------------------------------- main */

async function main(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  log(
    `Machine: ${cpus().length} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
  ensureData();
  ensureBuild();
  let server: StartedServer | undefined;
  try {
    server = await startServer({
      env: {
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR,
        DATABASE_URL: '',
        APP_DIST: DIST,
        SEED: 'none',
        JWT_SECRET,
        LOG_LEVEL: 'warn',
      },
      onLine: () => undefined,
      timeoutMs: 600_000,
    });
    log(`Server ${server.url} on ${relative(ROOT, DATA_DIR)}`);
    const token = await login(server.url);
    const { biggestTab } = await benchServer(server.url, token);
    await benchBrowser(server.url, token, biggestTab);
  } finally {
    await server?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
