/**
 * What the tests of server-rendered pages share (tests/server/prerender*.test.ts): an index.html and boot manifest
 * of their own, the app's renderer built by `vite build --ssr` into a directory of the test's, and readers of a
 * rendered page's state and `#root`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';

const ROOT = resolve(import.meta.dirname, '../../..');
const BOOT = `(function () { document.documentElement.dataset.boot = '1'; })();`;
export const ENTRY = '<script type="module" crossorigin src="/assets/app-abc.js"></script>';
export const INDEX = [
  '<!doctype html><html lang="ru"><head>',
  `<script>${BOOT}</script>`,
  ENTRY,
  '<title>portal</title></head><body><div id="root"></div></body></html>',
].join('');
/** What the build writes beside index.html (scripts/vite/boot-script.ts): the script's hash, the entry's tags. */
export const BOOT_MANIFEST = {
  version: 1,
  scriptHash: `sha256-${createHash('sha256').update(BOOT).digest('base64')}`,
  entryScripts: [{ src: '/assets/app-abc.js', tag: ENTRY }],
};

/** A test's own directories: `work` (removed after), the app's `spa` (index.html) and the built `renderer`. */
export function prerenderDirs(name: string) {
  const work = join(ROOT, '.tmp', `${name}-${process.pid}`);
  const spa = join(work, 'app');
  return { work, spa, renderer: join(`${spa}-ssr`, 'server-entry.js') };
}

/** Writes index.html and its boot manifest into `spa`, and builds the renderer beside it. */
export async function buildRenderer(spa: string): Promise<void> {
  mkdirSync(join(spa, '.vite'), { recursive: true });
  writeFileSync(join(spa, 'index.html'), INDEX);
  writeFileSync(join(spa, '.vite', 'boot-manifest.json'), JSON.stringify(BOOT_MANIFEST));
  // Inside the repository, so the bundle's packages resolve from its node_modules.
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { ssr: 'src/prerender/server-entry.tsx', outDir: `${spa}-ssr`, emptyOutDir: true },
  });
}

export interface RenderedState {
  locale: string;
  timeZone: string;
  path: string;
  user: { email: string } | null;
  queries: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> } | null;
  answers: Record<string, { status: number; body: string }>;
  formats: { texts: Record<string, string>; zoneOffsets: Array<[number, number]> };
  eventPosition: number | null;
}

/** The state a rendered page carries, or `null` on a page sent as it is. */
export function stateOf(html: string): RenderedState | null {
  const match = /<script type="application\/json" id="portal-prerendered">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] === undefined ? null : (JSON.parse(match[1]) as RenderedState);
}

/** What the page holds in `#root`. */
export const rootOf = (html: string) => /<div id="root">([\s\S]*)<\/div><\/body>/.exec(html)?.[1] ?? '';
