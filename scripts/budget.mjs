// `npm run budget` (after `npm run build`): the JavaScript that dist/index.html loads up front (its module scripts
// and modulepreload links, the boot script included), as a ratio to a bare React 19 page built alongside by the same
// Vite (scripts/fixtures/bare-react, built into .tmp/bare-react), and what each package costs of it. Then what the
// boot script (src/boot/) preloads beside it, read from the build's boot manifest: the session chunk
// (auth and language machines, xstate, the query cache: with a token; a logged-out /login paints without it) and the
// catalogue (data, not in any ratio); the JS each of the four measured first screens waits for (up front, the
// session chunk where the screen waits for it, the screen's chunks); every route's lazy chunk with its own imports
// (beyond the up-front JS and the session chunk, from dist/.vite/manifest.json). Sizes are gzip level 9 (node:zlib).
//
// Fails when the up-front ratio is over MAX_RATIO (BUDGET_MAX_RATIO, default the goal: 1.6x;
// docs/adr/0055-js-budget.md) or a route's own JS is over ROUTE_LIMIT.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BIN, ROOT } from './lib/server-process.mjs';

const KB = 1000; // kB as Vite prints them
export const GOAL_RATIO = 1.6;
export const MAX_RATIO = Number(process.env.BUDGET_MAX_RATIO ?? GOAL_RATIO);
export const ROUTE_LIMIT = 40 * KB;

const dist = join(ROOT, 'dist');
const bare = join(ROOT, '.tmp', 'bare-react');
if (!existsSync(join(dist, 'index.html'))) {
  console.error('budget: dist/index.html is missing. Run `npm run build` first.');
  process.exit(1);
}

/** The bare React page, built by the same Vite (about a second). */
function buildBare() {
  const built = spawnSync(BIN('vite'), ['build', '--config', 'scripts/fixtures/bare-react/vite.config.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    console.error(`budget: the bare React page did not build:\n${built.stdout}${built.stderr}`);
    process.exit(1);
  }
}

/** The JS an index.html makes the browser fetch before the app runs, as paths relative to its directory. */
function upFrontScripts(html, base) {
  const found = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag) && attr('src');
    const isPreload = /^<link/i.test(tag) && /\bmodulepreload\b/i.test(attr('rel') ?? '');
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (!url || /^(https?:)?\/\//i.test(url)) continue;
    const path = url.split(/[?#]/)[0].replace(/^\.?\//, '');
    found.add(posix.normalize(path.startsWith(base) ? path.slice(base.length) : path));
  }
  return [...found];
}

const gzipSize = (dir, file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

/** The inline scripts of an index.html (the boot script), as their source texts. */
function inlineScripts(html) {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    ([, body]) => body,
  );
}

function upFrontOf(dir, base) {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const files = upFrontScripts(html, base);
  const missing = files.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0 || files.length === 0) {
    console.error(`budget: ${dir}/index.html loads ${files.length === 0 ? 'no JS' : `missing ${missing}`}`);
    process.exit(1);
  }
  const sizes = new Map(files.map((file) => [file, gzipSize(dir, file)]));
  // The inline boot script is JavaScript the first screen needs too (it travels in the HTML).
  const inline = inlineScripts(html);
  if (inline.length > 0)
    sizes.set('index.html (inline script)', gzipSync(inline.join('\n'), { level: 9 }).length);
  return { files, sizes, total: [...sizes.values()].reduce((a, b) => a + b, 0) };
}

/**
 * What the boot script (src/boot/, inline in index.html) preloads beside the entry, from the build's boot manifest
 * (dist/.vite/boot-manifest.json, scripts/vite/boot-script.ts): the catalogues, the session chunk and its imports
 * (every URL), and each screen route's chunks (`[pattern, js, css]`).
 */
function bootPreloads() {
  const file = join(dist, '.vite', 'boot-manifest.json');
  if (!existsSync(file)) return { catalogues: {}, session: [], screens: [] };
  const { preloads } = JSON.parse(readFileSync(file, 'utf8'));
  const strip = (url) => url.replace(/^\//, '');
  return {
    catalogues: Object.fromEntries(Object.entries(preloads.catalogues).map(([k, v]) => [k, strip(v)])),
    session: preloads.session.map(strip),
    screens: preloads.screens.map(([pattern, js]) => [new RegExp(pattern), js.map(strip)]),
  };
}

buildBare();
const app = upFrontOf(dist, '');
const yardstick = upFrontOf(bare, 'bare-react/');
const ratio = app.total / yardstick.total;
const boot = bootPreloads();
const missing = [];
// A preload of a file the build did not write (a chunk of stylesheets only, which Vite drops) is a 404 and a
// console error on every visit of its screen.
for (const file of [
  ...Object.values(boot.catalogues),
  ...boot.session,
  ...boot.screens.flatMap(([, js]) => js),
]) {
  if (!existsSync(join(dist, file))) missing.push(file);
}
if (missing.length > 0) {
  for (const file of missing)
    console.error(`budget: FAIL the boot script preloads ${file}, which the build did not write`);
  process.exit(1);
}
const sumGzip = (files) => files.reduce((sum, file) => sum + gzipSize(dist, file), 0);

/** Package (or app folder) of a module id. */
function ownerOf(id) {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (nm) return nm[1];
  const rel = id.replace(/^\0/, '').replace(ROOT, '').replace(/^\/+/, '');
  const [top, second] = rel.split('/');
  return top === 'src' || top === 'machines' ? `(app) ${top}/${second ?? ''}` : `(app) ${top}`;
}

/** Gzip bytes per package of the up-front JS: each chunk's gzip size shared out by its modules' sizes. */
function costByPackage() {
  const modulesFile = join(dist, '.vite', 'modules.json');
  if (!existsSync(modulesFile)) return new Map();
  const chunks = JSON.parse(readFileSync(modulesFile, 'utf8'));
  const cost = new Map();
  for (const file of app.files) {
    const modules = Object.entries(chunks[file] ?? {});
    const rendered = modules.reduce((sum, [, length]) => sum + length, 0);
    if (rendered === 0) continue;
    for (const [id, length] of modules) {
      const owner = ownerOf(id);
      cost.set(owner, (cost.get(owner) ?? 0) + (app.sizes.get(file) ?? 0) * (length / rendered));
    }
  }
  return cost;
}

/** Every lazily loaded route module with the chunks it imports that are not loaded up front. */
function routeCosts() {
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return [];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const upFront = new Set([...app.files, ...boot.session]);
  return Object.entries(manifest)
    .filter(([, entry]) => entry.isDynamicEntry && /(^|\/)src\/.*-(page|layout)\.tsx$/.test(entry.src ?? ''))
    .map(([key, entry]) => {
      const own = new Set();
      const visit = (name) => {
        const chunk = manifest[name];
        if (chunk === undefined || upFront.has(chunk.file) || own.has(chunk.file)) return;
        own.add(chunk.file);
        for (const next of chunk.imports ?? []) visit(next);
      };
      visit(key);
      const gz = [...own].reduce((sum, file) => sum + gzipSize(dist, file), 0);
      return { route: entry.src, chunks: own.size, gz };
    })
    .sort((a, b) => b.gz - a.gz);
}

console.log(
  'JavaScript loaded up front (dist/index.html: its scripts and modulepreloads, and its inline boot script), gzip:',
);
for (const [file, bytes] of app.sizes) console.log(`  ${file.padEnd(48)} ${kb(bytes).padStart(9)}`);
console.log(`  ${'total'.padEnd(48)} ${kb(app.total).padStart(9)}`);
console.log(`  ${'bare React 19 page (same Vite)'.padEnd(48)} ${kb(yardstick.total).padStart(9)}`);

const packages = [...costByPackage()].sort((a, b) => b[1] - a[1]);
if (packages.length > 0) {
  console.log('\nWhat each package costs of it (gzip, shared out by module size):');
  for (const [owner, bytes] of packages.filter(([, bytes]) => bytes >= 200))
    console.log(
      `  ${owner.padEnd(40)} ${kb(bytes).padStart(9)} ${`${((bytes / app.total) * 100).toFixed(0)}%`.padStart(5)}`,
    );
}

const session = sumGzip(boot.session);
const catalogue = boot.catalogues.ru === undefined ? 0 : gzipSize(dist, boot.catalogues.ru);
console.log(
  `\nPreloaded by the boot script beside the entry (not in the up-front figure):\n` +
    `  session chunk and its imports (${boot.session.length} file(s): auth and language machines, xstate, query cache, the code signed-in screens share) ${kb(session)}\n` +
    `    for a visit with a token: a signed-in screen the browser renders waits for it (counted in its first screen\n` +
    `    below); without a token it is not preloaded and loads after the first paint (a logged-out /login paints\n` +
    `    from the auth machine's start state)\n` +
    `  the catalogue of messages (ru; data, not code, so not in any ratio) ${kb(catalogue)}`,
);

/** The JS a page's first screen waits for: up front, the session chunk where it waits for it, the screen's chunks. */
const FIRST_SCREENS = [
  { page: '/login (logged out)', path: '/login', session: false },
  { page: '/dashboard', path: '/dashboard', session: true },
  { page: '/new-order', path: '/new-order', session: true },
  { page: '/my-orders-warehouse', path: '/my-orders-warehouse', session: true },
];
console.log(
  '\nJS each first screen waits for when the browser renders it (up front + session chunk where awaited + the\n' +
    "screen's chunks; a first screen the server renders, server/prerender.ts, paints before any of it), gzip:",
);
for (const { page, path, session: awaited } of FIRST_SCREENS) {
  const screen = boot.screens.find(([pattern]) => pattern.test(path))?.[1] ?? [];
  const total = app.total + (awaited ? session : 0) + sumGzip(screen);
  console.log(
    `  ${page.padEnd(24)} ${kb(total).padStart(9)} = ${(total / yardstick.total).toFixed(2)}x the bare React page`,
  );
}

const routes = routeCosts();
const failures = [];
if (routes.length > 0) {
  console.log(
    `\nEach route's lazy JS with its own imports (beyond the up-front JS and the session chunk), gzip; limit ${kb(ROUTE_LIMIT)}:`,
  );
  for (const row of routes) {
    const over = row.gz > ROUTE_LIMIT;
    if (over)
      failures.push(`route ${row.route} loads ${kb(row.gz)} gzip of its own, over ${kb(ROUTE_LIMIT)}`);
    console.log(
      `  ${row.route.padEnd(56)} ${String(row.chunks).padStart(3)} chunk(s) ${kb(row.gz).padStart(9)}${over ? '  OVER' : ''}`,
    );
  }
}

console.log(
  `\nup front: ${kb(app.total)} gzip = ${ratio.toFixed(2)}x the bare React page (${kb(yardstick.total)}); ` +
    `goal <= ${GOAL_RATIO}x: ${ratio <= GOAL_RATIO ? 'MET' : 'NOT MET'}; fails above ${MAX_RATIO}x`,
);
if (ratio > MAX_RATIO)
  failures.push(`the JS loaded up front is ${ratio.toFixed(2)}x the bare React page, over ${MAX_RATIO}x`);
if (failures.length > 0) {
  for (const failure of failures) console.error(`budget: FAIL ${failure}`);
  process.exit(1);
}
console.log('budget: OK');
