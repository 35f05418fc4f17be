// @vitest-environment jsdom
// The boot script's links and reading of the visit (src/boot/preload.ts).
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY, type ScreenPreload } from '#src/boot/contract.ts';
import {
  addLink,
  appCode,
  hasToken,
  preloadImagesOf,
  screenFor,
  storedLanguage,
  tokenCookie,
} from '#src/boot/preload.ts';
import { normalizeLocale } from '#src/i18n/i18n.ts';
import { headOf, openPage } from './page.ts';

const CATALOGUES = {
  ru: '/assets/ru.js',
  en: '/assets/en.js',
  ro: '/assets/ro.js',
  uk: '/assets/uk.js',
  it: '/assets/it.js',
};

describe('addLink', () => {
  it('asks for scripts and stylesheets with crossorigin, as Vite does, and for an image without it at high priority', () => {
    const win = openPage();
    addLink(win.document, 'modulepreload', '/assets/a.js');
    addLink(win.document, 'preload', '/assets/a.css', 'style');
    addLink(win.document, 'stylesheet', '/assets/b.css');
    addLink(win.document, 'preload', '/media/p.webp', 'image');
    expect(headOf(win)).toEqual([
      'modulepreload /assets/a.js crossorigin',
      'preload /assets/a.css style crossorigin',
      'stylesheet /assets/b.css crossorigin blocking',
      'preload /media/p.webp image high',
    ]);
  });
});

describe('storedLanguage', () => {
  it('reads the stored language as the app does, and the default where the build has no catalogue', () => {
    for (const stored of [null, 'en', ' RO ', 'uk-UA', 'it_IT', 'de', '', 'EN-gb']) {
      const win = openPage();
      if (stored !== null) win.localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
      expect(storedLanguage(win, CATALOGUES), String(stored)).toBe(normalizeLocale(stored ?? undefined));
    }
    const win = openPage();
    win.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(storedLanguage(win, { ru: '/assets/ru.js' })).toBe('ru');
  });

  it('falls back to the default when storage is blocked', () => {
    const win = openPage();
    Object.defineProperty(win, 'localStorage', {
      get() {
        throw new Error('SecurityError');
      },
    });
    expect(storedLanguage(win, CATALOGUES)).toBe('ru');
  });
});

describe('the token', () => {
  it('is a cookie with a value, or a sign-in link', () => {
    expect(tokenCookie('lang=en; token=a.b.c; tz=UTC')).toBe('a.b.c');
    expect(tokenCookie('token=x%2Ey')).toBe('x%2Ey');
    expect(tokenCookie('token=; lang=en')).toBeNull();
    expect(tokenCookie('mytoken=a.b.c')).toBeNull();
    expect(hasToken('lang=en', '?token=abc')).toBe(true);
    expect(hasToken('lang=en', '?a=1&token=abc')).toBe(true);
    expect(hasToken('token=abc', '')).toBe(true);
    expect(hasToken('lang=en', '?notoken=1')).toBe(false);
    expect(hasToken('', '')).toBe(false);
  });
});

describe('screenFor', () => {
  const screens: ScreenPreload[] = [
    ['^\\/my-orders\\/?$', ['/assets/list.js'], []],
    ['^\\/my-orders\\/[^/]+\\/?$', ['/assets/detail.js'], ['/assets/detail.css']],
  ];
  it('finds the screen route of a pathname, with or without its trailing slash', () => {
    expect(screenFor(screens, '/my-orders')?.[1]).toEqual(['/assets/list.js']);
    expect(screenFor(screens, '/my-orders/')?.[1]).toEqual(['/assets/list.js']);
    expect(screenFor(screens, '/my-orders/42')?.[2]).toEqual(['/assets/detail.css']);
    expect(screenFor(screens, '/my-orders/42/x')).toBeUndefined();
  });
});

describe('appCode', () => {
  it('preloads at once on a page the browser renders; entry scripts are the page’s own', () => {
    const win = openPage();
    const code = appCode(win.document, false);
    code.add('/assets/screen.js');
    expect(headOf(win)).toEqual(['modulepreload /assets/screen.js crossorigin']);
  });

  it('holds the code of a server-rendered page back until `start`, then preloads it and adds the entry scripts', () => {
    const win = openPage();
    const code = appCode(win.document, true);
    code.add('/assets/ru.js');
    code.add('/assets/screen.js');
    expect(headOf(win)).toEqual([]);
    code.start(['/assets/runtime.js', '/assets/app.js']);
    expect(headOf(win)).toEqual([
      'modulepreload /assets/ru.js crossorigin',
      'modulepreload /assets/screen.js crossorigin',
      'script /assets/runtime.js module',
      'script /assets/app.js module',
    ]);
    const script = win.document.querySelector('script');
    expect(script?.getAttribute('crossorigin')).toBe('');
  });
});

describe('preloadImagesOf', () => {
  const answer = (body: unknown, status = 200) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    );

  it("preloads the first items' images once the answer is here, leaving its body to the app", async () => {
    const win = openPage();
    const sent = answer({
      items: [
        { imageUrl: '/media/1.webp' },
        { imageUrl: null },
        { imageUrl: '/media/3.webp' },
        { imageUrl: '/media/4.webp' },
      ],
    });
    await preloadImagesOf(win.document, sent, 3);
    expect(headOf(win)).toEqual(['preload /media/1.webp image high', 'preload /media/3.webp image high']);
    expect(((await (await sent).json()) as { items: unknown[] }).items).toHaveLength(4);
  });

  it('preloads nothing for a failed, empty or odd answer, and never rejects', async () => {
    const win = openPage();
    await preloadImagesOf(win.document, answer({ items: [{ imageUrl: '/media/1.webp' }] }, 500), 2);
    await preloadImagesOf(win.document, answer({ items: {} }), 2);
    await preloadImagesOf(win.document, answer(null), 2);
    await preloadImagesOf(win.document, Promise.reject(new TypeError('offline')), 2);
    expect(headOf(win)).toEqual([]);
  });
});
