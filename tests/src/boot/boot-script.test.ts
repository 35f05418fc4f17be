// @vitest-environment jsdom
// The boot script as the build compiles it (scripts/vite/boot-script.ts): one classic script that does what the
// functions do, with the build's data in it, and nothing that could end its inline <script>.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { boot } from '#src/boot/boot.ts';
import { HELD_INPUT_KEY } from '#src/boot/contract.ts';
import { compileBootScript, entryScriptsOf, scriptHash } from '../../../scripts/vite/boot-script.ts';
import { CONFIG, inAnHour, PRERENDERED_HEAD, tokenFor } from './fixture.ts';
import { headOf, openPage } from './page.ts';

/** Vite's default `build.target` (Baseline Widely Available), as the browser build resolves it. */
const TARGET = ['chrome111', 'edge111', 'firefox114', 'safari16.4'];

let source: string;

beforeAll(async () => {
  source = await compileBootScript(CONFIG, TARGET);
}, 60_000);

/** The same visit twice: once booted by the compiled script in the page, once by `boot` itself. */
function bothWays(url: string, setUp: (win: ReturnType<typeof openPage>) => void, head = '') {
  const pages = [openPage(url, { head, scripts: true }), openPage(url, { head })];
  for (const win of pages) {
    setUp(win);
    Reflect.set(
      win,
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{"items":[]}'))),
    );
  }
  const [compiled, direct] = pages as [ReturnType<typeof openPage>, ReturnType<typeof openPage>];
  compiled.eval(source);
  boot(CONFIG, direct);
  return { compiled, direct };
}

describe('compileBootScript', () => {
  it('is one minified classic script that imports nothing, says where its source is, and has its data in', () => {
    expect(source).toMatch(/^\/\* src\/boot\/ \(scripts\/vite\/boot-script\.ts\) \*\/\n\(function\(\)\{/);
    expect(source).not.toMatch(/\bimport\b|\bexport\b|__PORTAL_BOOT_CONFIG__/);
    expect(source).toContain('/assets/dashboard-page.js');
    expect(source.split('\n')).toHaveLength(2);
  });

  it('does, in the page, what the boot functions do: a signed-in visit rendered in the browser', () => {
    const token = tokenFor({ par: 1, exp: inAnHour() });
    const { compiled, direct } = bothWays('https://portal.test/dashboard', (win) => {
      win.document.cookie = `token=${token}`;
      win.localStorage.setItem('lang', 'en');
    });
    expect(headOf(compiled)).toEqual(headOf(direct));
    expect(headOf(compiled)).toContain('modulepreload /assets/messages-en.js crossorigin');
    const fetch = Reflect.get(compiled, 'fetch') as ReturnType<typeof vi.fn>;
    expect(fetch.mock.calls.map((call) => call[0])).toEqual(
      (Reflect.get(direct, 'fetch') as ReturnType<typeof vi.fn>).mock.calls.map((call) => call[0]),
    );
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('does, in the page, what the boot functions do: a page the server rendered', () => {
    const { compiled, direct } = bothWays(
      'https://portal.test/my-orders/42',
      (win) => {
        win.document.cookie = `token=${tokenFor({ par: 1, exp: inAnHour() })}`;
      },
      PRERENDERED_HEAD,
    );
    expect(headOf(compiled)).toEqual([
      'stylesheet /assets/session.css crossorigin blocking',
      'stylesheet /assets/order-detail.css crossorigin blocking',
    ]);
    expect(headOf(compiled)).toEqual(headOf(direct));
    expect(Reflect.get(compiled, HELD_INPUT_KEY)).toMatchObject({ released: false, events: [] });
  });

  it('writes data that holds `</script>` so that it cannot end the inline <script>, and keeps its value', async () => {
    const apiBase = '/api</script><script>x';
    const script = await compileBootScript({ ...CONFIG, apiBase }, TARGET);
    expect(script).not.toMatch(/<\/script/i);
    const win = openPage('https://portal.test/login', { scripts: true });
    win.document.cookie = `token=${tokenFor({ exp: inAnHour() })}`;
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    Reflect.set(win, 'fetch', fetch);
    win.eval(script);
    expect(fetch.mock.calls.map((call: unknown[]) => call[0])).toContain(
      `https://portal.test${apiBase}/users/me`,
    );
  });

  it('refuses data that would bend the inline <script> (a comment opener)', async () => {
    await expect(compileBootScript({ ...CONFIG, apiBase: '/api<!--' }, TARGET)).rejects.toThrow(
      /would end or bend the inline <script>/,
    );
  });
});

describe('the manifest', () => {
  it("takes index.html's entry scripts as Vite writes them, tag for tag", () => {
    const html =
      '<head><script>boot()</script><script type="module" crossorigin src="/assets/rolldown-runtime-X.js"></script>\n' +
      '<script type="module" crossorigin src="/assets/app-Y.js"></script><link rel="stylesheet" href="/a.css"></head>';
    expect(entryScriptsOf(html)).toEqual([
      {
        src: '/assets/rolldown-runtime-X.js',
        tag: '<script type="module" crossorigin src="/assets/rolldown-runtime-X.js"></script>',
      },
      { src: '/assets/app-Y.js', tag: '<script type="module" crossorigin src="/assets/app-Y.js"></script>' },
    ]);
  });

  it('hashes the script as a CSP source: sha256 of its UTF-8 text, base64', () => {
    // The digest of "alert('Hello, world.');" in the CSP specification's example.
    expect(scriptHash("alert('Hello, world.');")).toBe('sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
  });
});
