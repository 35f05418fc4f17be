// `npm run trace:web -- [--pages dashboard,new-order] [--cpu 4] [--save DIR]` (by hand, not part of `npm test`):
// a Chromium performance trace of a first visit to each page, and what runs in its long tasks. It answers "what
// blocks the main thread after the first paint" with names, where `bench:web` (Lighthouse) only gives a script
// URL per task.
//
// Each page is loaded as `bench:web` loads it (the built app served by server/main.ts on a free port, demo data,
// a cold cache, the cookies of the signed-in browser), with the CPU slowed `--cpu` times (default 4, as
// Lighthouse's simulated mobile) and the devtools timeline and V8's sampling profiler traced. It prints every main-
// thread task over 50 ms (the long-task threshold of the slowed CPU) from the first contentful paint on: its start,
// length, what it was (script evaluation, a timer, an event, a microtask run, style and layout) and the source
// files (through dist/'s hidden source maps) and functions that took its time, self time per file then per
// function. Before them, the whole visit's script time by package (or the app's folder), the sum Lighthouse's "all
// scripts" reports as one figure. `--save DIR` keeps each trace (JSON, loadable in DevTools' Performance panel).
//
// The CPU slowdown is real (Emulation.setCPUThrottlingRate), not simulated: figures are noisy on a busy machine,
// so compare tasks by their relative sizes, and print the load (`cat /proc/loadavg`) beside them.
import { mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, requireChromium } from './chromium.mjs';
import { ROOT, ensureDist, startServer } from './lib/server-process.mjs';
import { BENCH_PAGES, benchPaths } from './lib/bench-pages.mjs';

const { values: flags } = parseArgs({
  options: {
    pages: { type: 'string', default: 'dashboard,new-order' },
    cpu: { type: 'string', default: '4' },
    save: { type: 'string' },
    threshold: { type: 'string', default: '50' },
  },
  strict: true,
});
const cpuRate = Number(flags.cpu);
const threshold = Number(flags.threshold);
const wanted = flags.pages.split(',').map((p) => p.trim());

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'toplevel',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'disabled-by-default-v8.cpu_profiler',
];

const maps = new Map();
/** The original file and name of a generated position, through dist/'s hidden source maps. */
function original(url, line, column) {
  const match = /\/assets\/([^/?#]+\.js)$/.exec(url);
  if (match === null) return null;
  let map = maps.get(match[1]);
  if (map === undefined) {
    const file = join(ROOT, 'dist', 'assets', `${match[1]}.map`);
    map = existsSync(file) ? new TraceMap(readFileSync(file, 'utf8')) : null;
    maps.set(match[1], map);
  }
  if (map === null) return null;
  const position = originalPositionFor(map, { line: line + 1, column });
  if (position.source === null) return null;
  return {
    source: position.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, ''),
    name: position.name,
    line: position.line,
  };
}

/** Top-level tasks of the page's main thread, the CPU profile's samples, and the first contentful paint. */
function analyse(events) {
  const threadNames = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  // The renderer main thread with the most work: the page's.
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // The trace holds every renderer of the browser (other contexts' too, some busier than the page's): the page's
  // main thread is the one that painted its first content, the busiest of those.
  const painted = new Set(
    events.filter((e) => e.name === 'firstContentfulPaint').map((e) => `${e.pid}:${e.tid}`),
  );
  const main = threadNames
    .map((t) => `${t.pid}:${t.tid}`)
    .sort(
      (a, b) =>
        Number(painted.has(b)) - Number(painted.has(a)) || (counts.get(b) ?? 0) - (counts.get(a) ?? 0),
    )[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const navigation = onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame');
  const fcpEvent = onMain.find((e) => e.name === 'firstContentfulPaint');
  const origin = navigation?.ts ?? Math.min(...onMain.filter((e) => e.ts > 0).map((e) => e.ts));
  const fcp = fcpEvent === undefined ? 0 : fcpEvent.ts - origin;
  // A task is traced as both `ThreadControllerImpl::RunTask` and `RunTask` inside it: only the outermost counts.
  const tasks = [];
  for (const e of onMain
    .filter((x) => x.ph === 'X' && (x.name === 'RunTask' || x.name === 'ThreadControllerImpl::RunTask'))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const last = tasks[tasks.length - 1];
    if (last !== undefined && e.ts < last.at + last.dur) continue;
    tasks.push({ start: e.ts - origin, end: e.ts + e.dur - origin, dur: e.dur, at: e.ts });
  }
  const inner = onMain.filter((e) => e.ph === 'X' && e.name !== 'RunTask');

  // The sampling profile: nodes (with their call frame and parent) and (timestamp, node) samples.
  const nodes = new Map();
  const samples = [];
  const [pid] = main.split(':');
  for (const e of events.filter(
    (x) => String(x.pid) === pid && (x.name === 'Profile' || x.name === 'ProfileChunk'),
  )) {
    let ts = e.args?.data?.startTime ?? undefined;
    const profile = e.args?.data?.cpuProfile;
    if (e.name === 'Profile') continue;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    const ids = profile?.samples ?? [];
    // Chunks continue from the previous chunk's last time.
    ts =
      samples.length > 0
        ? samples[samples.length - 1].ts
        : (events.find((x) => x.name === 'Profile' && String(x.pid) === pid)?.args?.data?.startTime ?? 0);
    for (let i = 0; i < ids.length; i++) {
      ts += deltas[i] ?? 0;
      samples.push({ ts, id: ids[i] });
    }
  }
  return { fcp, tasks, inner, nodes, samples, origin };
}

function describeFrame(frame) {
  const at = original(frame.url ?? '', frame.lineNumber ?? 0, frame.columnNumber ?? 0);
  const file =
    at?.source ??
    (frame.url ? frame.url.replace(/^https?:\/\/[^/]+/, '') : `(${frame.functionName || 'native'})`);
  const name = at?.name || frame.functionName || '(anonymous)';
  return { file, fn: `${name} ${file}${at ? `:${at.line}` : ''}` };
}

function summarise(task, inner, nodes, samples) {
  const kinds = new Map();
  for (const e of inner) {
    if (e.ts < task.at || e.ts >= task.at + task.dur) continue;
    const data = e.args?.data ?? e.args?.beginData ?? {};
    let label = null;
    if (e.name === 'EvaluateScript' || e.name === 'v8.evaluateModule')
      label = `evaluate ${data.url ?? e.args?.data?.url ?? ''}`;
    else if (e.name === 'TimerFire') label = 'timer';
    else if (e.name === 'FireAnimationFrame') label = 'animation frame';
    else if (e.name === 'FireIdleCallback') label = 'idle callback';
    else if (e.name === 'EventDispatch') label = `event ${data.type}`;
    else if (e.name === 'ParseHTML') label = 'parse HTML';
    else if (e.name === 'UpdateLayoutTree' || e.name === 'RecalculateStyles') label = 'style';
    else if (e.name === 'Layout') label = 'layout';
    else if (e.name === 'Paint' || e.name === 'PrePaint') label = 'paint';
    else if (e.name === 'MajorGC' || e.name === 'MinorGC' || e.name === 'V8.GC_MARK_COMPACTOR') label = 'GC';
    else if (e.name === 'v8.compile' || e.name === 'v8.compileModule') label = 'compile';
    else if (e.name === 'FunctionCall')
      label = `call ${data.functionName || '(anonymous)'} ${String(data.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`;
    else if (e.name === 'RunMicrotasks' || e.name === 'v8.runMicrotasks') label = 'microtasks';
    else if (e.name === 'ResourceReceivedData' || e.name === 'ResourceFinish') label = 'network';
    if (label === null) continue;
    kinds.set(label, (kinds.get(label) ?? 0) + e.dur / 1000);
  }
  const files = new Map();
  const fns = new Map();
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i];
    if (s.ts < task.at || s.ts >= task.at + task.dur) continue;
    const next = samples[i + 1]?.ts ?? s.ts;
    const ms = Math.min(next - s.ts, 10000) / 1000;
    const node = nodes.get(s.id);
    if (node === undefined) continue;
    const { file, fn } = describeFrame(node.callFrame);
    files.set(file, (files.get(file) ?? 0) + ms);
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .filter(([, ms]) => ms >= 1)
      .map(([k, ms]) => `${ms.toFixed(0).padStart(5)} ms  ${k}`);
  return { kinds: top(kinds, 6), files: top(files, 8), fns: top(fns, 8) };
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

const work = join(ROOT, '.tmp', `trace-web-${process.pid}`);
let server;
let browser;
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
  const paths = await benchPaths(base, tokenFor);
  const pages = BENCH_PAGES.filter((page) => page.app && wanted.some((w) => page.key === w));
  browser = await puppeteer.launch({
    executablePath: requireChromium(),
    args: CHROMIUM_ARGS.filter((a) => a !== '--headless'),
    headless: true,
  });
  for (const page of pages) {
    const path = paths.get(page.key);
    const context = await browser.createBrowserContext();
    const tab = await context.newPage();
    await tab.setViewport({
      width: 412,
      height: 823,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    if (page.login !== null) {
      const timeZone = await tab.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      for (const [name, value] of [
        ['token', await tokenFor(base, page.login)],
        ['lang', 'ru'],
        ['tz', timeZone],
      ])
        await cdp.send('Network.setCookie', { name, value, url: base, path: '/', sameSite: 'Lax' });
    }
    await tab.tracing.start({ categories: CATEGORIES });
    await tab.goto(`${base}${path}`, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 6000 * Math.max(1, cpuRate / 2)));
    const buffer = await tab.tracing.stop();
    await context.close();
    const trace = JSON.parse(Buffer.from(buffer).toString('utf8'));
    if (flags.save !== undefined) {
      mkdirSync(flags.save, { recursive: true });
      writeFileSync(join(flags.save, `${page.key.replace(/\W+/g, '-')}.trace.json`), JSON.stringify(trace));
    }
    const { fcp, tasks, inner, nodes, samples } = analyse(trace.traceEvents ?? trace);
    if (fcp <= 0) {
      // Now and then Chromium's trace lacks the page's paint events: the run says so instead of listing nothing.
      console.log(`\n== ${page.name} ${path}: the trace holds no first contentful paint; run it again`);
      continue;
    }
    const long = tasks.filter((t) => t.end > fcp && t.dur / 1000 >= threshold);
    const blocking = long.reduce(
      (sum, t) => sum + Math.max(0, Math.min(t.dur / 1000, (t.end - fcp) / 1000) - 50),
      0,
    );
    console.log(
      `\n== ${page.name} ${path}: CPU ${cpuRate}x, FCP ${(fcp / 1000).toFixed(0)} ms, ${long.length} task(s) ≥ ${threshold} ms after it, ` +
        `blocking ${blocking.toFixed(0)} ms (load ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')})`,
    );
    // The whole visit's script time, by package (or the app's folder), beside the long tasks: what a page's
    // start costs in all, where Lighthouse's "all scripts" gives one figure.
    const whole = new Map();
    let wholeMs = 0;
    for (let i = 0; i < samples.length; i++) {
      const node = nodes.get(samples[i].id);
      if (node === undefined) continue;
      const ms = Math.min((samples[i + 1]?.ts ?? samples[i].ts) - samples[i].ts, 10000) / 1000;
      const { file } = describeFrame(node.callFrame);
      if (file === '((idle))' || file === '((program))') continue;
      const group = /^\/(?!assets\/)/.test(file)
        ? "(the page's inline boot script)"
        : file.startsWith('src/')
          ? file.split('/').slice(0, 3).join('/')
          : file.startsWith('@')
            ? file.split('/').slice(0, 2).join('/')
            : file.split('/')[0];
      whole.set(group, (whole.get(group) ?? 0) + ms);
      wholeMs += ms;
    }
    console.log(`\n  the whole visit: ${wholeMs.toFixed(0)} ms of script and GC, by package or folder:`);
    for (const [group, ms] of [...whole.entries()].sort((a, b) => b[1] - a[1]).slice(0, 24))
      if (ms >= 1) console.log(`    ${ms.toFixed(0).padStart(5)} ms  ${group}`);
    for (const task of long) {
      const { kinds, files, fns } = summarise(task, inner, nodes, samples);
      console.log(`\n  task at ${(task.start / 1000).toFixed(0)} ms, ${(task.dur / 1000).toFixed(0)} ms`);
      for (const line of kinds) console.log(`    ${line}`);
      console.log('    self time by file:');
      for (const line of files) console.log(`      ${line}`);
      console.log('    self time by function:');
      for (const line of fns) console.log(`      ${line}`);
    }
  }
} catch (error) {
  console.error(`trace:web: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
}
