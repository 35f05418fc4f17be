// `npm run bench:web -- [--runs N] [--pages login,dashboard,...] [--save DIR] [--tls]` (not part of `npm test`): Lighthouse 12, mobile
// emulation with simulated throttling (its defaults), on every screen of scripts/lib/bench-pages.mjs as the role
// that uses it (/login logged out; the partner's Main, catalogue, a product, My orders and an order, My Network and
// a member's card, Charts, Client base and a client, Documents, Personal data, First steps; the warehouse's queue
// and an order of it; a record's id is the first of its list, read through the API after signing in), and on two
// yardsticks served by the same server in the same way: a static hello page and a bare React 19 page built by the
// same Vite (scripts/fixtures/). `--pages` takes the pages' keys (bench-pages.mjs). Pages are run in turn, round
// after round (interleaved: a busy machine slows all alike), `--runs` rounds (default 5); prints per page the
// medians of the performance score, FCP, LCP, total blocking time and JavaScript boot-up time (Lighthouse's
// `bootup-time`) and of every script's evaluation (`mainthread-work-breakdown`, which leaves none out), each time
// also as a ratio to the bare React page's. Goals (docs/performance.md): on every app page
// score >= 95, LCP <= 1.2x and boot-up <= 3x the bare React page's, TBT <= 200 ms.
//
// The server is `npm start`'s (server/main.ts with APP_DIST) on a free port, a throwaway demo-seeded data dir, and
// an APP_DIST that is a copy of dist/ plus the yardsticks (pre-compressed like dist/), with the server's renderer of
// first screens beside it. Before every run the origin's storage and the browser cache are cleared and, for a
// signed-in page, the cookies of the browser that signed in are set: the token, the language and the time zone
// (Lighthouse's own storage reset would drop them). `--tls`: the same server with TLS_CERT and TLS_KEY (a throwaway
// self-signed certificate made with openssl, which Chromium is told to accept), so every page, the yardsticks too,
// is served over HTTPS with HTTP/2, as a deployment behind TLS is; without it, plain HTTP/1.1 (six connections per
// origin).
// Chromium: CHROME_PATH, else /usr/bin/chromium. `--save DIR` writes every run's
// Lighthouse result (JSON) there, to see where the time goes (LCP element and phases, request chains).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { precompressDir } from './lib/precompress.mjs';
import { makeSelfSignedCertificate } from './lib/self-signed.mjs';
import { BENCH_PAGES, benchPaths } from './lib/bench-pages.mjs';
import { BIN, ROOT, ensureDist, startServer } from './lib/server-process.mjs';

const GOAL_SCORE = 95;
const GOAL_LCP_RATIO = 1.2;
const GOAL_TBT_MS = 200;
const GOAL_BOOTUP_RATIO = 3;

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string' },
    save: { type: 'string' },
    tls: { type: 'boolean', default: false },
  },
  strict: true,
});
const runs = Number(flags.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 20)
  throw new Error('--runs must be a whole number from 1 to 20');

const only = flags.pages?.split(',').map((p) => p.trim());
const unknown = (only ?? []).filter((key) => !BENCH_PAGES.some((page) => page.key === key));
if (unknown.length > 0)
  throw new Error(`--pages: no page ${unknown.join(', ')} (scripts/lib/bench-pages.mjs)`);
const pages = BENCH_PAGES.filter((page) => !page.app || only === undefined || only.includes(page.key));

const work = join(ROOT, '.tmp', `bench-web-${process.pid}`);
let server;
let chrome;
let browser;

async function cleanup() {
  await browser?.disconnect().catch(() => undefined);
  await chrome?.kill();
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));

/** dist/ plus the two yardsticks, pre-compressed like dist/. */
async function assembleAppDist() {
  const appDist = join(work, 'app');
  cpSync(join(ROOT, 'dist'), appDist, { recursive: true });
  // The server's renderer of first screens, where the server looks for it: beside APP_DIST (server/config.ts).
  if (existsSync(join(ROOT, 'dist-ssr')))
    cpSync(join(ROOT, 'dist-ssr'), `${appDist}-ssr`, { recursive: true });
  const bare = spawnSync(BIN('vite'), ['build', '--config', 'scripts/fixtures/bare-react/vite.config.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (bare.status !== 0) throw new Error(`the bare React page did not build:\n${bare.stdout}${bare.stderr}`);
  cpSync(join(ROOT, '.tmp', 'bare-react'), join(appDist, 'bare-react'), { recursive: true });
  mkdirSync(join(appDist, 'bench-hello'));
  cpSync(
    join(ROOT, 'scripts', 'fixtures', 'hello', 'index.html'),
    join(appDist, 'bench-hello', 'index.html'),
  );
  await precompressDir(join(appDist, 'bare-react'));
  await precompressDir(join(appDist, 'bench-hello'));
  return appDist;
}

/** `--tls`: a throwaway self-signed certificate, as the server's TLS_CERT and TLS_KEY. */
function selfSignedCertificate() {
  const { certFile, keyFile } = makeSelfSignedCertificate(work);
  // This script's own requests (the demo logins) accept it too.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return { TLS_CERT: certFile, TLS_KEY: keyFile };
}

async function tokenFor(base, email) {
  const response = await fetch(`${base}/api/v3/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: 'demo1234' }),
  });
  const body = await response.json();
  if (typeof body.access_token !== 'string') throw new Error(`login ${email}: ${JSON.stringify(body)}`);
  return body.access_token;
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  await ensureDist();
  mkdirSync(work, { recursive: true });
  const appDist = await assembleAppDist();
  console.log('Starting the server (npm start’s server/main.ts) with the built app and the yardsticks...');
  server = await startServer({
    env: {
      ...(flags.tls ? selfSignedCertificate() : {}),
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(work, 'data'),
      APP_DIST: appDist,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
    onLine: () => undefined,
  });
  const base = server.url;
  const paths = await benchPaths(base, tokenFor, pages);
  const tokens = new Map();
  for (const page of pages)
    if (page.login !== null && !tokens.has(page.login))
      tokens.set(page.login, await tokenFor(base, page.login));

  const chromePath = requireChromium();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      ...CHROMIUM_ARGS,
      '--headless=new',
      ...(flags.tls ? ['--ignore-certificate-errors'] : []),
    ].filter((flag) => flag !== '--headless'),
    logLevel: 'silent',
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  const cdp = await tab.createCDPSession();
  const browserTimeZone = await tab.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  /** One Lighthouse run of `page` from a cold cache and clean storage; a run Lighthouse itself spoils (a trace
   * without its navigation start, …) is run once more. */
  const auditOnce = async (page, attempt = 1) => {
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.clearBrowserCookies');
    await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'all' });
    // A signed-in page: the cookies the app leaves in the browser that signed in (the token, and the language and
    // time zone a server-rendered first screen is rendered in, src/i18n/i18n.ts).
    if (page.login !== null)
      for (const [name, value] of [
        ['token', tokens.get(page.login)],
        ['lang', 'ru'],
        ['tz', browserTimeZone],
      ])
        await cdp.send('Network.setCookie', { name, value, url: base, path: '/', sameSite: 'Lax' });
    const result = await lighthouse(
      `${base}${paths.get(page.key)}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      tab,
    );
    const lhr = result?.lhr;
    if (lhr === undefined || lhr.runtimeError) {
      const reason = lhr?.runtimeError?.message ?? 'no result';
      if (attempt < 2) {
        console.log(`  (${page.name}: ${reason}: run again)`);
        return auditOnce(page, attempt + 1);
      }
      throw new Error(`${page.name}: ${reason}`);
    }
    if (lhr.finalDisplayedUrl.replace(base, '') !== paths.get(page.key))
      throw new Error(`${page.name}: ended on ${lhr.finalDisplayedUrl} (signed out?)`);
    return lhr;
  };

  const results = new Map(pages.map((page) => [page.name, []]));
  console.log(
    `Lighthouse 12 mobile, ${runs} round(s) of ${pages.length} pages, interleaved (${chromePath}), ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  for (let round = 1; round <= runs; round++) {
    for (const page of pages) {
      const lhr = await auditOnce(page);
      const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row = {
        score: (lhr.categories.performance.score ?? Number.NaN) * 100,
        fcp: value('first-contentful-paint'),
        lcp: value('largest-contentful-paint'),
        tbt: value('total-blocking-time'),
        bootup: value('bootup-time'),
        // Every script's evaluation on the main thread, none left out: Lighthouse's boot-up leaves out scripts under
        // 50 ms, which is all of the bare React page's, so its 0.00–0.01 s is no yardstick on its own.
        scripting: (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
          .filter((item) => item.group === 'scriptEvaluation')
          .reduce((sum, item) => sum + (item.duration ?? 0), 0),
      };
      results.get(page.name).push(row);
      if (flags.save !== undefined) {
        mkdirSync(flags.save, { recursive: true });
        const file = `${paths.get(page.key).replace(/\W+/g, '-').replace(/^-|-$/g, '')}-${round}.json`;
        writeFileSync(join(flags.save, file), JSON.stringify(lhr));
      }
      console.log(
        `  round ${round} ${page.name.padEnd(22)} score ${String(Math.round(row.score)).padStart(3)}  ` +
          `LCP ${(row.lcp / 1000).toFixed(2)} s  TBT ${String(Math.round(row.tbt)).padStart(4)} ms  ` +
          `boot-up ${(row.bootup / 1000).toFixed(2)} s  scripts ${(row.scripting / 1000).toFixed(2)} s`,
      );
    }
  }

  const medianOf = (name, key) => median((results.get(name) ?? []).map((row) => row[key]));
  const hello = medianOf('static hello page', 'lcp');
  const bare = {
    lcp: medianOf('bare React 19 page', 'lcp'),
    tbt: medianOf('bare React 19 page', 'tbt'),
    bootup: medianOf('bare React 19 page', 'bootup'),
    scripting: medianOf('bare React 19 page', 'scripting'),
  };
  const ratio = (value, yardstick) => (yardstick > 0 ? `${(value / yardstick).toFixed(2)}x` : '-');
  const header = [
    'page',
    'score',
    'FCP',
    'LCP',
    'LCP ÷ hello',
    'LCP ÷ bare',
    'TBT',
    'TBT ÷ bare',
    'boot-up',
    'boot-up ÷ bare',
    'all scripts',
    'scripts ÷ bare',
    '',
  ];
  const failures = [];
  const rows = pages.map((page) => {
    const score = medianOf(page.name, 'score');
    const lcp = medianOf(page.name, 'lcp');
    const tbt = medianOf(page.name, 'tbt');
    const bootup = medianOf(page.name, 'bootup');
    const misses = [];
    if (page.app && score < GOAL_SCORE) misses.push(`score < ${GOAL_SCORE}`);
    if (page.app && lcp / bare.lcp > GOAL_LCP_RATIO) misses.push(`LCP > ${GOAL_LCP_RATIO}x`);
    if (page.app && tbt > GOAL_TBT_MS) misses.push(`TBT > ${GOAL_TBT_MS} ms`);
    if (page.app && bootup / bare.bootup > GOAL_BOOTUP_RATIO) misses.push(`boot-up > ${GOAL_BOOTUP_RATIO}x`);
    if (misses.length > 0) failures.push(`${page.name}: ${misses.join(', ')}`);
    const yardstick = page.key === 'bare-react';
    return [
      page.name,
      String(Math.round(score)),
      `${(medianOf(page.name, 'fcp') / 1000).toFixed(2)} s`,
      `${(lcp / 1000).toFixed(2)} s`,
      (lcp / hello).toFixed(2),
      page.key === 'hello' || yardstick ? '-' : ratio(lcp, bare.lcp),
      `${Math.round(tbt)} ms`,
      page.key === 'hello' || yardstick ? '-' : ratio(tbt, bare.tbt),
      `${(bootup / 1000).toFixed(2)} s`,
      page.key === 'hello' || yardstick ? '-' : ratio(bootup, bare.bootup),
      `${(medianOf(page.name, 'scripting') / 1000).toFixed(2)} s`,
      page.key === 'hello' || yardstick ? '-' : ratio(medianOf(page.name, 'scripting'), bare.scripting),
      page.app ? (misses.length === 0 ? 'ok' : 'MISS') : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const protocol = flags.tls ? 'HTTPS with HTTP/2' : 'HTTP/1.1';
  console.log(
    `\nMedians of ${runs} run(s), Lighthouse 12 mobile (simulated throttling), over ${protocol}, ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}:\n`,
  );
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  console.log(
    failures.length === 0
      ? `\nGOALS MET on every app page: score >= ${GOAL_SCORE}, LCP <= ${GOAL_LCP_RATIO}x and boot-up <= ` +
          `${GOAL_BOOTUP_RATIO}x the bare React page's, TBT <= ${GOAL_TBT_MS} ms`
      : `\nGOALS NOT MET: ${failures.join('; ')}`,
  );
} catch (error) {
  console.error(`bench:web: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
