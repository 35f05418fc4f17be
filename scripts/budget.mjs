// `npm run budget` (after `npm run build`): the JavaScript that dist/index.html loads up front (its module
// scripts and modulepreload links) must stay within 150 KB gzip in total, and no lazily loaded chunk may exceed
// 60 KB gzip. Sizes are gzip level 9 (node:zlib). Prints every figure.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/server-process.mjs';

const KB = 1000; // kB as Vite prints them
export const UP_FRONT_LIMIT = 150 * KB;
export const LAZY_CHUNK_LIMIT = 60 * KB;

const dist = join(ROOT, 'dist');
const indexHtml = join(dist, 'index.html');
if (!existsSync(indexHtml)) {
  console.error('budget: dist/index.html is missing. Run `npm run build` first.');
  process.exit(1);
}

/** Every JS file under dist/, as a path relative to dist/ with forward slashes. */
function jsFiles(dir, prefix = '') {
  return readdirSync(join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return jsFiles(join(dir, entry.name), rel);
    return /\.(m?js)$/.test(entry.name) ? [rel] : [];
  });
}

/** The JS that index.html makes the browser fetch before the app runs. */
function upFrontScripts(html) {
  const found = new Set();
  const tags = html.match(/<(script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const attr = (name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
    const isScript = /^<script/i.test(tag) && attr('src');
    const isPreload = /^<link/i.test(tag) && /\bmodulepreload\b/i.test(attr('rel') ?? '');
    const url = isScript ? attr('src') : isPreload ? attr('href') : undefined;
    if (!url || /^(https?:)?\/\//i.test(url)) continue;
    found.add(posix.normalize(url.replace(/^\.?\//, '').split(/[?#]/)[0]));
  }
  return [...found];
}

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const rawSize = (file) => readFileSync(join(dist, file)).length;
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

const html = readFileSync(indexHtml, 'utf8');
const upFront = upFrontScripts(html);
const missing = upFront.filter((file) => !existsSync(join(dist, file)));
if (missing.length > 0) {
  console.error(`budget: index.html references missing files: ${missing.join(', ')}`);
  process.exit(1);
}
if (upFront.length === 0) {
  console.error('budget: index.html loads no JavaScript: is dist/ a Vite build?');
  process.exit(1);
}

const rows = [];
let upFrontTotal = 0;
for (const file of upFront) {
  const gz = gzipSize(file);
  upFrontTotal += gz;
  rows.push({ kind: 'up front', file, raw: rawSize(file), gz, limit: undefined });
}
const lazy = jsFiles('.')
  .filter((file) => !upFront.includes(file))
  .map((file) => ({ kind: 'lazy', file, raw: rawSize(file), gz: gzipSize(file), limit: LAZY_CHUNK_LIMIT }))
  .sort((a, b) => b.gz - a.gz);
rows.push(...lazy);

const failures = [];
if (upFrontTotal > UP_FRONT_LIMIT) {
  failures.push(`the JS loaded up front is ${kb(upFrontTotal)} gzip, over the ${kb(UP_FRONT_LIMIT)} budget`);
}
for (const row of lazy) {
  if (row.gz > LAZY_CHUNK_LIMIT) {
    failures.push(`lazy chunk ${row.file} is ${kb(row.gz)} gzip, over the ${kb(LAZY_CHUNK_LIMIT)} budget`);
  }
}

const width = Math.max(4, ...rows.map((row) => row.file.length));
const line = (kind, file, raw, gz, mark) =>
  `${kind.padEnd(9)} ${file.padEnd(width)} ${raw.padStart(10)} ${gz.padStart(10)}  ${mark}`;
console.log(line('load', 'file', 'raw', 'gzip', ''));
console.log('-'.repeat(width + 36));
for (const row of rows) {
  const over = row.limit !== undefined && row.gz > row.limit;
  console.log(line(row.kind, row.file, kb(row.raw), kb(row.gz), over ? 'OVER' : ''));
}
console.log('-'.repeat(width + 36));
const lazyTotal = lazy.reduce((sum, row) => sum + row.gz, 0);
const largestLazy = lazy[0];
console.log(
  `up front: ${kb(upFrontTotal)} gzip in ${upFront.length} file(s), budget ${kb(UP_FRONT_LIMIT)} ` +
    `(${Math.round((upFrontTotal / UP_FRONT_LIMIT) * 100)}%)`,
);
console.log(
  `lazy: ${lazy.length} chunk(s), ${kb(lazyTotal)} gzip in all; largest ` +
    `${largestLazy ? `${largestLazy.file} ${kb(largestLazy.gz)}` : '-'}, budget ${kb(LAZY_CHUNK_LIMIT)} per chunk`,
);

if (failures.length > 0) {
  for (const failure of failures) console.error(`budget: FAIL ${failure}`);
  process.exit(1);
}
console.log('budget: OK');
