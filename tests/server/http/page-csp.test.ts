/**
 * The page's inline boot script runs by the hash the build computed, and that hash is the script's: the browser app is
 * built here by the real Vite config (scripts/vite/boot-script.ts compiles src/boot/ and writes
 * .vite/boot-manifest.json), the server is started on the build, and the CSP it sends is checked against the
 * sha256 of the inline script in the page it sends.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBootManifest, readBootManifest } from '#server/http/boot-manifest.ts';
import { pageContentSecurityPolicy } from '#server/http/page-csp.ts';
import { CONTENT_SECURITY_POLICY } from '#server/http/security-headers.ts';
import { readScreenRoutes } from '../../../scripts/lib/screen-routes.mjs';
import { startTestApp, type TestApp } from '../../support/server/app.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const WORK = join(ROOT, '.tmp', `page-csp-test-${process.pid}`);
const APP = join(WORK, 'app');

/** The source of each inline `<script>` (one without `src`) of a page, as the browser hashes it. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map(([, body]) => body ?? '');
const sha256 = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

let t: TestApp;

beforeAll(async () => {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    logLevel: 'silent',
    build: { outDir: APP, emptyOutDir: true },
  });
  t = await startTestApp({ config: { appDist: APP } });
}, 180_000);

afterAll(async () => {
  await t?.close();
  rmSync(WORK, { recursive: true, force: true });
});

describe('the built page', () => {
  it('is sent with a CSP that allows its one inline script by that script’s sha256, and nothing else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const scripts = inlineScripts(page.body);
    expect(scripts).toHaveLength(1);
    const hash = sha256(scripts[0] ?? '');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' '${hash}';`);
    expect(csp.replace(` '${hash}'`, '')).toBe(CONTENT_SECURITY_POLICY);
    expect(readBootManifest(APP)?.scriptHash).toBe(hash);
  });

  it('has the entry scripts the manifest names, and the boot script preloads every screen route', () => {
    const html = readFileSync(join(APP, 'index.html'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(APP, '.vite', 'boot-manifest.json'), 'utf8')) as {
      entryScripts: Array<{ src: string; tag: string }>;
      preloads: { catalogues: Record<string, string>; session: string[]; screens: unknown[] };
    };
    expect(manifest.entryScripts.length).toBeGreaterThan(0);
    for (const { src, tag } of manifest.entryScripts) {
      expect(html).toContain(tag);
      expect(tag).toContain(`src="${src}"`);
    }
    expect([...html.matchAll(/<script type="module"[^>]*>/g)]).toHaveLength(manifest.entryScripts.length);
    expect(Object.keys(manifest.preloads.catalogues).sort()).toEqual(['en', 'it', 'ro', 'ru', 'uk']);
    expect(manifest.preloads.session.length).toBeGreaterThan(0);
    expect(manifest.preloads.screens).toHaveLength(readScreenRoutes(ROOT).length);
    // The boot script is the first thing in <head>: what it preloads starts as the document is parsed.
    expect(html).toMatch(/<head>\s*<script>\/\* src\/boot\//);
  });
});

describe('the boot manifest', () => {
  const valid = {
    version: 1,
    scriptHash: sha256('x'),
    entryScripts: [{ src: '/a.js', tag: '<script type="module" crossorigin src="/a.js"></script>' }],
  };

  it('is read as the build wrote it', () => {
    expect(parseBootManifest(JSON.stringify(valid))).toEqual(valid);
    expect(pageContentSecurityPolicy(valid)).toBe(
      CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' '${valid.scriptHash}'`),
    );
    expect(pageContentSecurityPolicy(null), 'no manifest: no inline script runs').toBe(
      CONTENT_SECURITY_POLICY,
    );
  });

  it('is refused when it is not one of this version: the server does not start on a build it cannot read', () => {
    for (const broken of [
      { ...valid, version: 2 },
      { ...valid, scriptHash: "sha256-x' 'unsafe-inline" },
      { ...valid, scriptHash: 'sha384-AAAA' },
      { ...valid, entryScripts: [{ src: '/a.js', tag: '<img src=x onerror=alert(1)>' }] },
      { ...valid, entryScripts: 'all' },
      { scriptHash: valid.scriptHash },
    ])
      expect(() => parseBootManifest(JSON.stringify(broken)), JSON.stringify(broken)).toThrow(
        /boot manifest/,
      );
  });
});
