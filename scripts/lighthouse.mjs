// `npm run lighthouse` (not part of `npm test`): builds the SPA when stale, starts the reference server with it
// on a free port (a throwaway seeded data dir under .tmp), runs Lighthouse against /login in Chromium
// (CHROME_PATH, else Debian's /usr/bin/chromium, with the flags of scripts/chromium.mjs) and prints the four
// category scores. Mobile emulation by default (Lighthouse's default); `--desktop` uses its desktop preset.
// `--url http://host:port` audits a server you already run (nothing is built or started then); `--path /s/alias`
// audits another page than /login (a distributor's storefront, which the server renders without a token too).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { ROOT, ensureDist, startServer } from './lib/server-process.mjs';

const args = process.argv.slice(2);
const desktop = args.includes('--desktop');
const urlIndex = args.indexOf('--url');
const givenUrl = urlIndex >= 0 ? args[urlIndex + 1] : undefined;
const pathIndex = args.indexOf('--path');
const path = pathIndex >= 0 && args[pathIndex + 1]?.startsWith('/') ? args[pathIndex + 1] : '/login';

let server;
let chrome;
const dataDir = join(ROOT, '.tmp', `lighthouse-${process.pid}`);

async function cleanup() {
  await chrome?.kill();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}

try {
  let base = givenUrl?.replace(/\/$/, '');
  if (!base) {
    await ensureDist();
    mkdirSync(dataDir, { recursive: true });
    console.log('Starting the server with the built app (the first start seeds demo data)...');
    server = await startServer({
      env: {
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: join(dataDir, 'data'),
        APP_DIST: join(ROOT, 'dist'),
        SEED: 'demo',
      },
      onLine: () => undefined,
    });
    base = server.url;
  }
  const chromePath = requireChromium();
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'].filter((flag) => flag !== '--headless'),
    logLevel: 'silent',
  });
  const url = `${base}${path}`;
  console.log(`Lighthouse ${desktop ? 'desktop' : 'mobile'} audit of ${url} (${chromePath})...`);
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error' },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  console.log('');
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    const category = lhr.categories[id];
    const score = category?.score;
    console.log(
      `${(category?.title ?? id).padEnd(16)} ${score === null || score === undefined ? 'n/a' : Math.round(score * 100)}`,
    );
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
  ];
  console.log('');
  for (const id of metrics) {
    const audit = lhr.audits[id];
    if (audit) console.log(`${audit.title.padEnd(26)} ${audit.displayValue ?? ''}`);
  }
  const failing = Object.values(lhr.audits)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary')
    .map((audit) => `  - ${audit.id}: ${audit.title}`);
  if (failing.length > 0) console.log(`\nFailed audits:\n${failing.join('\n')}`);
  for (const warning of lhr.runWarnings) console.log(`warning: ${warning}`);
} catch (error) {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
