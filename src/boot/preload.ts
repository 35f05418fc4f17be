/**
 * The links the boot script adds to `<head>` for the URL being opened, so the catalogue, the session chunk, the
 * screen and its first images download with the entry instead of one after another.
 */
import {
  type BootConfig,
  type BootWindow,
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  type ScreenPreload,
  TOKEN_NAME,
} from './contract.ts';

/** A `<link rel>` in `<head>`; a stylesheet blocks rendering (a server-rendered screen must not paint without it). */
export function addLink(doc: Document, rel: string, href: string, as?: string): void {
  const element = doc.createElement('link');
  element.rel = rel;
  element.href = href;
  if (as !== undefined) element.as = as;
  if (rel === 'stylesheet') element.setAttribute('blocking', 'render');
  // Vite's loader asks for scripts and stylesheets with crossorigin: a preload without it would not be reused.
  // An image is asked for by an <img> without it.
  if (as === 'image') element.fetchPriority = 'high';
  else element.crossOrigin = '';
  doc.head.appendChild(element);
}

/** The stored language as src/i18n/i18n.ts reads it (`normalizeLocale`), when the build has its catalogue. */
export function storedLanguage(win: BootWindow, catalogues: BootConfig['catalogues']): string {
  try {
    const stored = String(win.localStorage.getItem(LANGUAGE_STORAGE_KEY) || DEFAULT_LANGUAGE)
      .trim()
      .toLowerCase()
      .split(/[-_]/)[0];
    if (stored !== undefined && Object.prototype.hasOwnProperty.call(catalogues, stored)) return stored;
  } catch {
    // Storage blocked: the default language.
  }
  return DEFAULT_LANGUAGE;
}

/** The token cookie's raw value (not decoded), or `null`. */
export function tokenCookie(cookie: string): string | null {
  return new RegExp(`(?:^|;\\s*)${TOKEN_NAME}=([^;]+)`).exec(cookie)?.[1] ?? null;
}

/** A visit with a token: a cookie, or a sign-in link's `?token=` (src/session/auth-context.tsx `sessionExpected`). */
export function hasToken(cookie: string, search: string): boolean {
  return tokenCookie(cookie) !== null || new RegExp(`[?&]${TOKEN_NAME}=`).test(search);
}

/** The screen route whose URLs include `pathname` (the first, as the router matches). */
export function screenFor(screens: readonly ScreenPreload[], pathname: string): ScreenPreload | undefined {
  return screens.find(([pattern]) => new RegExp(pattern).test(pathname));
}

/**
 * The first `count` items' images of a list answer (`{ items: [{ imageUrl }] }`), preloaded at high priority once
 * the answer is here. The answer is read from a clone: the app's client reads the body itself.
 */
export function preloadImagesOf(doc: Document, answer: Promise<Response>, count: number): Promise<void> {
  return answer
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((body) => {
      const items: unknown = (body as { items?: unknown } | null)?.items;
      if (!Array.isArray(items)) return;
      for (const item of items.slice(0, count)) {
        const url: unknown = (item as { imageUrl?: unknown } | null)?.imageUrl;
        if (typeof url === 'string') addLink(doc, 'preload', url, 'image');
      }
    })
    .catch(() => undefined);
}

/**
 * Where the app's code goes. On a page rendered in the browser, preloaded at once. On a page the server rendered, its
 * screen's HTML and CSS have the line to themselves: the code waits for `start`, called once that screen has painted,
 * which preloads it and adds the entry scripts (which the server took out of that page) — the app then takes the
 * screen over a moment later (src/prerender/).
 */
export function appCode(
  doc: Document,
  prerendered: boolean,
): { add: (href: string) => void; start: (entryScripts: readonly string[]) => void } {
  const later: string[] = [];
  return {
    add: (href) => {
      if (prerendered) later.push(href);
      else addLink(doc, 'modulepreload', href);
    },
    start: (entryScripts) => {
      for (const href of later.splice(0)) addLink(doc, 'modulepreload', href);
      for (const src of entryScripts) {
        const script = doc.createElement('script');
        script.type = 'module';
        script.crossOrigin = '';
        script.src = src;
        doc.head.appendChild(script);
      }
    },
  };
}
