/**
 * The boot script in the browser build: `src/boot/` compiled by rolldown (the bundler inside Vite) into one minified
 * classic script for the browsers the app is built for, with the bundle's preloads written in, inline first in
 * index.html's `<head>`; and `dist/.vite/boot-manifest.json` (src/boot/contract.ts `BootManifest`): the script's
 * CSP hash, the entry's script tags, the preloads. The server reads the manifest (server/http/boot-manifest.ts), not
 * index.html's markup; so does `npm run budget`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { BOOT_READS } from '../../src/api/boot-reads.ts';
import type { BootConfig, BootManifest } from '../../src/boot/contract.ts';
import { type BundlePreloads, bundlePreloads } from './boot-preloads.ts';

const BOOT_DIR = resolve(import.meta.dirname, '../../src/boot');

/** The boot script's entry module. */
export const BOOT_ENTRY = join(BOOT_DIR, 'main.ts');

/** Where the manifest goes, below the build's directory. */
export const BOOT_MANIFEST_FILE = '.vite/boot-manifest.json';

/** Where `src/boot/main.ts` finds its data. */
const CONFIG_GLOBAL = '__PORTAL_BOOT_CONFIG__';

/** An entry script as Vite writes it into index.html (the only place that reads it there). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/g;

/**
 * The boot script for `config`: an IIFE, minified, lowered to `target` (esbuild-style targets, as Vite's
 * `build.target`). Throws when `src/boot/` pulls in a module from elsewhere (it runs before the app, so it imports
 * nothing of it) or when the code could end the inline `<script>` element.
 */
export async function compileBootScript(config: BootConfig, target: string | string[]): Promise<string> {
  const { output } = await build({
    input: BOOT_ENTRY,
    cwd: BOOT_DIR,
    platform: 'browser',
    tsconfig: false,
    write: false,
    transform: { target, define: { [CONFIG_GLOBAL]: JSON.stringify(config) } },
    // No comments: not even the bundler's annotations are worth their bytes in every page.
    output: { format: 'iife', minify: true, comments: false },
  });
  const [chunk, ...more] = output;
  if (chunk === undefined || more.length > 0) throw new Error('boot script: not one chunk');
  const outside = chunk.moduleIds.filter((id) => !id.startsWith(`${BOOT_DIR}${sep}`));
  if (outside.length > 0)
    throw new Error(
      `boot script: src/boot/ must import nothing of the app, but imports ${outside.join(', ')}`,
    );
  const source = `/* src/boot/ (scripts/vite/boot-script.ts) */\n${chunk.code.trim()}`;
  // The code generator writes `</script` in a string as `<\/script`; `<!--` (which would bend the element's parsing)
  // it leaves: the build's data (paths and URLs) never hold it, so it is refused rather than escaped.
  if (/<\/script|<!--/i.test(source))
    throw new Error('boot script: its code would end or bend the inline <script>');
  return source;
}

/** The CSP source of an inline script, without its quotes: `sha256-<base64>` of its text as UTF-8. */
export function scriptHash(source: string): string {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

/** index.html's entry scripts: their URLs and their tags exactly as written. */
export function entryScriptsOf(html: string): BootManifest['entryScripts'] {
  return [...html.matchAll(ENTRY_SCRIPT)].map(([tag, src]) => ({ src: src ?? '', tag }));
}

export function bootScript(): Plugin {
  let root = process.cwd();
  // As src/api/client.ts reads it.
  let apiBase = '/api/v3';
  let target: string | string[] = 'esnext';
  let bundled: BundlePreloads | undefined;
  let manifest: BootManifest | undefined;
  return {
    name: 'portal:boot-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      const configured: unknown = config.env.VITE_API_BASE;
      if (typeof configured === 'string' && configured.trim() !== '') apiBase = configured.trim();
      // The browsers the app is built for (Vite resolves its default, Baseline Widely Available, to a list).
      if (config.build.target !== false) target = config.build.target;
    },
    generateBundle(_options, bundle) {
      // Before Vite writes index.html (its HTML transforms run in its own generateBundle, after this one).
      bundled = bundlePreloads(bundle, root, (message) => this.warn(message));
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (bundled === undefined) return [];
        const entryScripts = entryScriptsOf(html);
        if (entryScripts.length === 0) throw new Error('boot script: index.html has no entry script');
        const source = await compileBootScript(
          {
            ...bundled.preloads,
            reads: BOOT_READS,
            apiBase,
            fonts: bundled.fonts,
            entryScripts: entryScripts.map((script) => script.src),
          },
          target,
        );
        manifest = { version: 1, scriptHash: scriptHash(source), entryScripts, preloads: bundled.preloads };
        // Inline, first in <head>: what it preloads starts as the document is parsed, with the entry, not a round
        // trip later.
        return [{ tag: 'script', children: source, injectTo: 'head-prepend' }];
      },
    },
    writeBundle(options) {
      if (manifest === undefined || options.dir === undefined) return;
      const file = resolve(options.dir, BOOT_MANIFEST_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}
