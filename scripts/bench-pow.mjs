// `npm run bench:pow -- [--runs N]` (not part of `npm test`): the sign-up's proof of work at the server's default
// cost (docs/adr/0140-sign-up-under-a-sponsor.md, 0141-join-page-proof-of-work.md), in Chromium, as a visitor of
// `/join/{alias}` meets it.
//
// 1. The page as it is: `--runs` visits (default 10) of /join/elena-ciobanu at 390 × 844, each timed from navigation
//    to "check passed" (`[data-proof="ready"]`), with the workers the page chooses on this machine.
// 2. What one worker does: PBKDF2-SHA-256 keys of the challenge's cost per second, by the page's WebCrypto, for 3 s.
// 3. A phone, from (2): DevTools' CPU slowdown does not reach Web Workers, so no emulation measures a phone here.
//    The estimate divides the key rate by Lighthouse's mobile CPU multiplier (4: its calibration of a mid-range
//    phone against a desktop) and spreads the keys over the workers the page starts on that phone
//    (`hardwareConcurrency − 1`, 1 to 4): a solver tries a counter between half the maximum and the maximum, so the
//    expected time is ¾ of the maximum's keys and the worst is all of them.
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { ROOT, ensureDist, startServer } from './lib/server-process.mjs';

const PHONE_SLOWDOWN = 4;
/** POW_MAX_COUNTER's default in server/config.ts; the server here runs with the defaults. */
const MAX_COUNTER = 10_000;
const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '10' } },
  strict: true,
});
const runs = Number(flags.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 50)
  throw new Error('--runs must be a whole number from 1 to 50');

const work = join(ROOT, '.tmp', `bench-pow-${process.pid}`);
let server;
let browser;
const sorted = (values) => [...values].sort((a, b) => a - b);
const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

try {
  await ensureDist();
  server = await startServer({
    env: {
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: join(work, 'data'),
      APP_DIST: join(ROOT, 'dist'),
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
    onLine: () => undefined,
  });
  const base = server.url;
  const challenge = await (await fetch(`${base}/api/v3/public/challenge`)).json();
  const { cost, keyLength } = challenge.parameters;
  // A deterministic challenge hides its counter and so its maximum: the server's default (server/config.ts).
  const maxCounter = MAX_COUNTER;
  console.log(
    `load ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log(`challenge: ${challenge.parameters.algorithm}, cost ${cost}, key ${keyLength} bytes`);

  browser = await puppeteer.launch({
    executablePath: requireChromium(),
    args: CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
    headless: true,
  });
  const times = [];
  let workers = 0;
  for (let run = 0; run < runs; run += 1) {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    const started = Date.now();
    void page.goto(`${base}/join/elena-ciobanu`).catch(() => undefined);
    await page.waitForSelector('[data-proof="ready"]', { timeout: 120_000 }).catch(async (error) => {
      console.log(await page.evaluate(() => globalThis.document.body.innerText.slice(0, 800)));
      throw error;
    });
    times.push(Date.now() - started);
    workers = await page.evaluate(() => Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1)));
    await page.close();
  }
  console.log(
    `\n1. /join at the default cost, ${runs} visits, ${workers} worker(s) here: median ${seconds(quantile(times, 0.5))}, ` +
      `p95 ${seconds(quantile(times, 0.95))}, slowest ${seconds(Math.max(...times))}`,
  );

  // 2. One worker's key rate, in a worker of a page of the same origin (WebCrypto needs a secure context).
  const page = await browser.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
  // The page's CSP (`script-src 'self'`) keeps a blob worker out; WebCrypto's derivation runs on its own threads
  // either way and nothing is throttled here, so the rate of one caller is the rate of one worker.
  const rate = await page.evaluate(
    async ({ rounds, bits }) => {
      const enc = new TextEncoder();
      let keys = 0;
      const end = performance.now() + 3000;
      while (performance.now() < end) {
        const key = await crypto.subtle.importKey('raw', enc.encode(`pw${keys}`), 'PBKDF2', false, [
          'deriveBits',
        ]);
        await crypto.subtle.deriveBits(
          { name: 'PBKDF2', hash: 'SHA-256', salt: enc.encode('salt'), iterations: rounds },
          key,
          bits,
        );
        keys += 1;
      }
      return keys / 3;
    },
    { rounds: cost, bits: keyLength * 8 },
  );
  console.log(`2. one worker here: ${rate.toFixed(0)} keys/s of ${cost} PBKDF2 rounds`);

  console.log(`3. a phone (${PHONE_SLOWDOWN}× slower a core), counters up to ${maxCounter}:`);
  for (const cores of [2, 4, 8]) {
    const phoneWorkers = Math.min(4, Math.max(1, cores - 1));
    const perSecond = (rate / PHONE_SLOWDOWN) * phoneWorkers;
    const expected = (0.75 * maxCounter) / perSecond;
    const worst = maxCounter / perSecond;
    console.log(
      `   ${cores} cores, ${phoneWorkers} worker(s): expected ${expected.toFixed(1)} s, at worst ${worst.toFixed(1)} s`,
    );
  }
} finally {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
