/**
 * What the boot script shares with the rest of the portal: the names it leaves things under on `window`, in the page
 * and in storage, what it leaves there, the data the build gives it, and the manifest the build writes for the
 * server. Every module that reads or writes one of these names imports it from here.
 *
 * The boot script is `src/boot/` compiled by the build (scripts/vite/boot-script.ts) into one classic script, inline
 * first in index.html's `<head>`: it runs as the page is parsed, before the entry is even asked for. So this module
 * holds constants and types only, and `src/boot/` imports nothing of the app (the build fails if it does).
 */

/** The element a page the server rendered carries its state in (src/prerender/state.ts): the page was rendered. */
export const PRERENDERED_STATE_ID = 'portal-prerendered';

/** `window`: the clicks, submits and choices held on a server-rendered screen until the app has taken it over. */
export const HELD_INPUT_KEY = '__portalHeldInput';

/** `window`: the answers to the first reads the boot script sent itself, for the app's client (src/api/). */
export const BOOT_RESPONSES_KEY = '__portalBootReads';

/** `window`: set once the boot script has put the web fonts on (src/styles/web-fonts.ts then does not). */
export const WEB_FONTS_ON_KEY = '__portalWebFontsOn';

/** Local storage: the web font files an earlier visit downloaded whole (their built URLs joined by a space). */
export const WEB_FONTS_KEY = 'web-fonts';

/** Local storage: the language chosen (src/i18n/i18n.ts `LOCALE_STORAGE_KEY`; a test holds the two equal). */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** The language of a visit that has chosen none (src/i18n/i18n.ts `DEFAULT_LOCALE`). */
export const DEFAULT_LANGUAGE = 'ru';

/** The token's cookie, and the query parameter a sign-in link carries it in (src/api/token.ts `TOKEN_COOKIE`). */
export const TOKEN_NAME = 'token';

/** The browser's `window` as the boot functions take it (a test passes a jsdom window). */
export type BootWindow = Window & typeof globalThis;

/** What the boot script leaves under `HELD_INPUT_KEY`. */
export interface HeldInput {
  /** Set by the app when it has handed the events on: nothing more is held. */
  released: boolean;
  events: HeldEvent[];
  /**
   * Text typed into a field of the screen before the app took it over, by field (the last value): hydration puts a
   * controlled field back at what the server rendered, so the field's component takes it from here as it mounts
   * (`takeTypedText`, src/boot/held-input.ts).
   */
  typed: WeakMap<Element, string>;
  /**
   * The same text by the field's id or name (`carryKey`), when the app renders its own screen over the server's
   * instead of taking it over (its fields are new elements): set by the app as it does (`carryTypedTextOver`), taken
   * the same way.
   */
  typedByKey?: Map<string, string>;
}

export interface HeldEvent {
  type: 'click' | 'submit' | 'change';
  /** For a click, the control clicked (the link or button around what the pointer hit). */
  target: Element;
  /** The target's `value` when it was held (a list's choice). */
  value?: unknown;
}

/** What the boot script leaves under `BOOT_RESPONSES_KEY` (taken by src/api/boot-responses.ts). */
export interface BootResponses {
  /** The headers it sent. */
  authorization: string;
  language: string;
  /** `Date.now()` when it sent them. */
  at: number;
  /** Its answers by full URL (origin, API base, path and query). */
  responses: Record<string, Promise<Response> | undefined>;
}

/** A first read of a signed-in visit that the boot script sends itself (the list: src/api/boot-reads.ts). */
export interface BootRead {
  /** The screen's pathname; `*` for every screen of a signed-in visit. */
  screen: string;
  /** The token claim the reads are for: `par` (a distributor) or `wh` (warehouse staff); none: every signed-in user. */
  claim?: 'par' | 'wh';
  /** API paths below the API base, with their query as the app's client writes it. */
  paths: readonly string[];
  /**
   * The first N items' `imageUrl` of the (first) answer are preloaded with high priority as soon as it is here: the
   * catalogue's first row, the page's largest paint (`FIRST_ROW_CARDS` in src/features/shop/catalogue/product-card.tsx).
   */
  preloadImages?: number;
}

/** A screen route's files: the source of the regular expression of its URLs, its scripts, its stylesheets. */
/**
 * A screen route's URL pattern, its chunks and stylesheets, and `1` when its code imports the session chunk: such a
 * screen rendered by the server for a visit without a token (a storefront, docs/adr/0147) takes the session's
 * stylesheets too, since part of what it shows is styled there.
 */
export type ScreenPreload = readonly [
  pattern: string,
  js: readonly string[],
  css: readonly string[],
  session?: 1,
];

/** A web font's built file: `[family, URL, weight range]` (src/styles/web-font-faces.ts). */
export type BootFont = readonly [family: string, url: string, weight: string];

/** What the boot script preloads beside the entry, by URL (absolute paths of built files). */
export interface BootPreloads {
  /** Each language's catalogue of messages, by code. */
  catalogues: Readonly<Record<string, string>>;
  /** The session chunk and its imports (beyond the entry's): for a visit with a token. */
  session: readonly string[];
  /** The session chunk's stylesheets. */
  sessionStyles: readonly string[];
  /** Each screen route's chunks and stylesheets (beyond the entry's and the session's), in the route table's order. */
  screens: readonly ScreenPreload[];
}

/** Everything the build writes into the boot script. */
export interface BootConfig extends BootPreloads {
  reads: readonly BootRead[];
  /** The API's base, as src/api/client.ts reads it (`VITE_API_BASE`, else `/api/v3`). */
  apiBase: string;
  fonts: readonly BootFont[];
  /** The page's entry scripts, which the boot script adds itself to a page the server rendered. */
  entryScripts: readonly string[];
}

/**
 * `dist/.vite/boot-manifest.json`, written by the build beside index.html (a dot directory: not served). The server
 * reads it (server/http/boot-manifest.ts, which restates this shape: the server imports nothing of src/) instead of
 * reading index.html's markup; `npm run budget` reads the preloads from it.
 */
export interface BootManifest {
  version: 1;
  /** The inline boot script's hash as a CSP source expression without its quotes: `sha256-<base64>`. */
  scriptHash: string;
  /** The entry's `<script>` tags, exactly as in index.html: a server-rendered page goes without them. */
  entryScripts: ReadonlyArray<{ src: string; tag: string }>;
  preloads: BootPreloads;
}
