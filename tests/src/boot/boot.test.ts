// @vitest-environment jsdom
// The boot script as a whole (src/boot/boot.ts): what a page rendered in the browser and a page the server rendered
// each get, in order.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOT_RESPONSES_KEY,
  HELD_INPUT_KEY,
  LANGUAGE_STORAGE_KEY,
  WEB_FONTS_KEY,
  WEB_FONTS_ON_KEY,
} from '#src/boot/contract.ts';
import { boot } from '#src/boot/boot.ts';
import { fontsSignature } from '#src/boot/cached-fonts.ts';
import { FIRST_PAINT_FALLBACK_MS } from '#src/boot/first-paint.ts';
import { CONFIG, inAnHour, PRERENDERED_HEAD, tokenFor } from './fixture.ts';
import { headOf, openPage } from './page.ts';

/** A page at `url`, with a token in its cookie or not, whose fetch, timers and fonts the test holds. */
function visit(url: string, options: { token?: string; prerendered?: boolean; language?: string } = {}) {
  const win = openPage(url, {
    head: options.prerendered === true ? PRERENDERED_HEAD : '',
    body: '<div id="root"><button id="go">Go</button></div>',
  });
  if (options.token !== undefined) win.document.cookie = `token=${options.token}`;
  if (options.language !== undefined) win.localStorage.setItem(LANGUAGE_STORAGE_KEY, options.language);
  const fetch = vi.fn(() => Promise.resolve(new Response('{"items":[]}')));
  Reflect.set(win, 'fetch', fetch);
  Reflect.set(win, 'setTimeout', setTimeout);
  // A tab in the background: it reports no paint and draws no frame until shown.
  Reflect.set(win, 'PerformanceObserver', undefined);
  Reflect.set(win, 'requestAnimationFrame', () => 0);
  return { win, fetch };
}

const sent = (fetch: ReturnType<typeof visit>['fetch']) =>
  fetch.mock.calls.map((call: unknown[]) => String(call[0]).replace('https://portal.test/api/v3', ''));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a page the browser renders', () => {
  it('logged out: the catalogue of the stored language and the screen, preloaded; no session, no reads', () => {
    const { win, fetch } = visit('https://portal.test/login', { language: 'en' });
    boot(CONFIG, win);
    expect(headOf(win)).toEqual([
      'modulepreload /assets/messages-en.js crossorigin',
      'modulepreload /assets/login.js crossorigin',
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(Reflect.get(win, HELD_INPUT_KEY), 'nothing to hold: the app renders the screen').toBeUndefined();
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS * 2);
    expect(headOf(win), 'the entry scripts are the page’s own').toHaveLength(2);
  });

  it('signed in: the session chunk and its stylesheet, the screen, and its first reads sent at once', () => {
    const { win, fetch } = visit('https://portal.test/dashboard', {
      token: tokenFor({ par: 1, exp: inAnHour() }),
    });
    boot(CONFIG, win);
    expect(headOf(win)).toEqual([
      'modulepreload /assets/messages-ru.js crossorigin',
      'modulepreload /assets/session.js crossorigin',
      'modulepreload /assets/xstate.js crossorigin',
      'preload /assets/session.css style crossorigin',
      'modulepreload /assets/dashboard-page.js crossorigin',
      'modulepreload /assets/order-attention.js crossorigin',
      'preload /assets/dashboard-page.css style crossorigin',
    ]);
    expect(sent(fetch)).toEqual([
      '/users/me',
      '/users/my-warehouse',
      '/users/my-info',
      '/users/my-target',
      '/orders/get/list/user?tab=current&page=1&pageSize=20',
    ]);
    expect(Reflect.get(win, BOOT_RESPONSES_KEY)).toMatchObject({ language: 'ru' });
  });

  it('a sign-in link (?token=) loads the session chunk too; a screen the route table lacks preloads no screen', () => {
    const { win, fetch } = visit('https://portal.test/?token=abc');
    boot(CONFIG, win);
    expect(headOf(win)).toEqual([
      'modulepreload /assets/messages-ru.js crossorigin',
      'modulepreload /assets/session.js crossorigin',
      'modulepreload /assets/xstate.js crossorigin',
      'preload /assets/session.css style crossorigin',
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('a page the server rendered', () => {
  function renderedVisit() {
    const page = visit('https://portal.test/dashboard', {
      token: tokenFor({ par: 1, exp: inAnHour() }),
      prerendered: true,
    });
    page.win.localStorage.setItem(WEB_FONTS_KEY, fontsSignature(CONFIG.fonts));
    const added: unknown[] = [];
    Reflect.set(
      page.win,
      'FontFace',
      class {
        load = () => Promise.resolve();
      },
    );
    Object.defineProperty(page.win.document, 'fonts', {
      value: { add: (face: unknown) => added.push(face) },
    });
    return { ...page, added };
  }

  it('paints first: stylesheets block rendering, the app’s code and no read leave before the first paint', () => {
    const { win, fetch, added } = renderedVisit();
    boot(CONFIG, win);
    expect(headOf(win)).toEqual([
      'stylesheet /assets/session.css crossorigin blocking',
      'stylesheet /assets/dashboard-page.css crossorigin blocking',
    ]);
    expect(fetch, 'its first reads came with it').not.toHaveBeenCalled();
    expect(added, 'the cached web fonts are on before it paints').toHaveLength(2);
    expect(Reflect.get(win, WEB_FONTS_ON_KEY)).toBe(true);
    expect(Reflect.get(win, HELD_INPUT_KEY)).toMatchObject({ released: false, events: [] });
  });

  it('a storefront rendered without a token blocks on the session stylesheet too, and loads the session after paint', () => {
    const { win } = visit('https://portal.test/s/elena-ciobanu', { prerendered: true });
    boot(CONFIG, win);
    expect(headOf(win)).toEqual(['stylesheet /assets/session.css crossorigin blocking']);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS * 2);
    expect(headOf(win)).toContain('modulepreload /assets/session.js crossorigin');
    expect(headOf(win)).toContain('modulepreload /assets/storefront-page.js crossorigin');
  });

  it('/login rendered without a token takes no session at all', () => {
    const { win } = visit('https://portal.test/login', { prerendered: true });
    boot(CONFIG, win);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS * 2);
    expect(headOf(win).some((line) => line.includes('session'))).toBe(false);
  });

  it('holds input, and starts the app once the screen has painted: its code, then the entry scripts', () => {
    const { win } = renderedVisit();
    boot(CONFIG, win);
    const go = win.document.getElementById('go') as HTMLButtonElement;
    go.click();
    expect((Reflect.get(win, HELD_INPUT_KEY) as { events: unknown[] }).events).toHaveLength(1);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS - 1);
    expect(headOf(win)).toHaveLength(2);
    vi.advanceTimersByTime(2);
    expect(headOf(win)).toEqual([
      'stylesheet /assets/session.css crossorigin blocking',
      'stylesheet /assets/dashboard-page.css crossorigin blocking',
      'modulepreload /assets/messages-ru.js crossorigin',
      'modulepreload /assets/session.js crossorigin',
      'modulepreload /assets/xstate.js crossorigin',
      'modulepreload /assets/dashboard-page.js crossorigin',
      'modulepreload /assets/order-attention.js crossorigin',
      'script /assets/rolldown-runtime.js module',
      'script /assets/app.js module',
    ]);
  });

  it('leaves Intl alone on a page the server rendered, signed in or not (its texts come with it: format-table.ts)', () => {
    for (const { win } of [renderedVisit(), visit('https://portal.test/login', { prerendered: true })]) {
      // A constructor (`new Intl.DateTimeFormat()`), so a class, not an arrow function.
      const formats = vi.fn(
        class {
          resolvedOptions = () => ({ timeZone: 'Europe/Chisinau' });
        },
      );
      Object.defineProperty(win, 'Intl', { value: { DateTimeFormat: formats }, configurable: true });
      boot(CONFIG, win);
      vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS + 10);
      expect(headOf(win).at(-1), 'the entry scripts started').toBe('script /assets/app.js module');
      expect(formats).not.toHaveBeenCalled();
    }
  });
});
