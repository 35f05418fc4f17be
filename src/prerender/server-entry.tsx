/**
 * The server's renderer of first screens (built by `vite build --ssr`, into dist-ssr/; loaded by server/prerender.ts).
 * A signed-in visit that opens a screen whose first data is known (a route with `handle.prefetch`) gets that screen
 * in the page's HTML: the server reads what the screen reads (its own API, in process, as the visitor), renders the
 * app's own tree with React's server renderer, and hands the data to the page (`state.ts`), where the browser
 * hydrates the same tree from the same data. The screen shows as soon as the HTML and CSS are here, before any
 * JavaScript; the app takes over once its code has loaded. Where the app's route guards would send the visitor on
 * at once, the renderer answers that address instead (`prerender` → `{ redirect }`), from the same rule the guards
 * follow (machines/auth/auth.redirects.ts), and renders nothing.
 *
 * Everything that varies per visit is per render: the query cache, the session, the API transport
 * (`server-transport.ts`: concurrent renders never see each other's requests); the Lingui instance and the time
 * zone are module-wide, so they are set just before the synchronous `renderToString` and nothing awaits between.
 */
import { dehydrate } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { prerenderedAuthSnapshot } from '../../machines/auth/auth.transitions.ts';
import { authStartSnapshot } from '../../machines/auth/auth.start.ts';
import type { AuthEvent, AuthInput } from '../../machines/auth/auth.types.ts';
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts';
import { createQueryClient } from '../api/query-client.ts';
import { roleFromToken, validTokenPayload } from '../api/token.ts';
import { appTree } from '../app/app-tree.tsx';
import { preloadScreens } from '../app/route-elements.tsx';
import { appRoutes, routeGuards, routePrefetchers } from '../app/router.tsx';
import { navItemsFor } from '../app/layout/nav-items.ts';
import { authQueries } from '../data/auth.ts';
import { bagQueries } from '../data/bag.ts';
import { type PrerenderedSession } from '../session/auth-context.tsx';
import { DeferredActor } from '../session/deferred-actor.ts';
import { accountKeys } from '../data/keys.ts';
import { createLanguageActor } from '../session/language-context.tsx';
import { beginServerRender, endServerRender } from '../i18n/format.ts';
import type { FormatTable } from '../i18n/format-table.ts';
import {
  DEFAULT_LOCALE,
  i18n,
  loadCatalog,
  type Locale,
  normalizeLocale,
  SUPPORTED_LOCALES,
} from '../i18n/i18n.ts';
import type { AuthUser } from '../../machines/auth/auth.types.ts';
import { PATHS } from '../ui/paths.ts';
import { redirectOf } from './redirect.ts';
import { withApiTransport } from './server-transport.ts';
import { type PrerenderedAnswer, type PrerenderedState } from './state.ts';

/** A screen's HTML, whether it shows a moment in the visitor's zone, and the texts it formatted. */
interface RenderedTree {
  html: string;
  zoned: boolean;
  formats: FormatTable;
}

export interface PrerenderRequest {
  /** The page's path and query. */
  url: string;
  /** The bare token from the visitor's `token` cookie; `null` without one. */
  token: string | null;
  /** The `lang` cookie (the language the browser shows the app in), if any. */
  locale: string | undefined;
  /** The `tz` cookie (the browser's time zone), if any. */
  timeZone: string | undefined;
  /** Answers a GET of the server's own API (a path with its query), with the given headers, in process. */
  read: (path: string, headers: Record<string, string>) => Promise<Response>;
  /** The API base the app's client uses (`/api/v3`). */
  apiBase: string;
  /** The event log's position before the render's reads (`null`: not known), for the page's first live stream. */
  eventPosition: number | null;
}

export interface Prerendered {
  /** The rendered `#root` content. */
  html: string;
  state: PrerenderedState;
}

/** The address the app would send the visitor on to before rendering anything: the server answers it (302). */
export interface PrerenderRedirect {
  redirect: string;
}

/**
 * The reads the browser's auth machine makes again as it starts (`fetchQuery` with no staleness allowed): their
 * answers go with the page. The screen's reads need not: the cache the page carries has them, fresh.
 */
const SESSION_READS = new Set(['/users/me', '/users/my-warehouse']);

const catalogues = new Map<Locale, Promise<void>>();

function ensureCatalogue(locale: Locale): Promise<void> {
  let loading = catalogues.get(locale);
  if (loading === undefined) {
    loading = loadCatalog(locale).then((messages) => i18n.load(locale, messages));
    catalogues.set(locale, loading);
  }
  return loading;
}

/**
 * An address of each screen the server renders (a route with `handle.prefetch`); a parameter in its path is given
 * `1` (loading the screen needs only an address its route matches).
 */
function renderedScreenPaths(routes: typeof appRoutes, parent = ''): string[] {
  return routes.flatMap((route) => {
    const path =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const address = path.replace(/:[^/]+/g, '1');
    const own = routePrefetchers({ pathname: address }).length > 0 && !address.includes('*') ? [address] : [];
    return [...own, ...renderedScreenPaths(route.children ?? [], path)];
  });
}

/**
 * Readies a new process's renderer before its first visitor: every language's catalogue, the screens the server
 * renders, and one render of /login (React's server renderer compiled hot). Without it, the first render of each
 * screen in a process pays for loading them and may miss the render's time limit, and the page then goes as it is.
 */
export async function warm(): Promise<void> {
  const paths = [...new Set([PATHS.login, ...renderedScreenPaths(appRoutes)])];
  await Promise.all([
    ...SUPPORTED_LOCALES.map(({ code }) => ensureCatalogue(code)),
    ...paths.map((pathname) => preloadScreens(appRoutes, { pathname })),
  ]);
  await renderLoggedOut(new URL(PATHS.login, 'http://portal.invalid'), DEFAULT_LOCALE, 'UTC');
}

/** The `tz` cookie when it names a time zone, else `undefined`. */
function validTimeZone(zone: string | undefined): string | undefined {
  if (zone === undefined || zone === '' || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/**
 * Where the app would send the visitor before its first screen (a route guard's redirect: `/`, /login signed in,
 * the signed-in area logged out, /dashboard for a USER), or else the first screen of `request.url` rendered for
 * them, or `null` when it is not one the server renders (no screen with known first data, no valid token, the
 * visitor's profile unreadable): the page is then sent as it is and the browser renders it.
 */
export async function prerender(request: PrerenderRequest): Promise<Prerendered | PrerenderRedirect | null> {
  const url = new URL(request.url, 'http://portal.invalid');
  const redirect = await redirectOf(url, request);
  if (redirect !== null) return { redirect };
  const locale = normalizeLocale(request.locale);
  const timeZone = validTimeZone(request.timeZone);
  const rendered =
    request.token === null
      ? url.pathname === PATHS.login
        ? await renderLoggedOut(url, locale, timeZone ?? 'UTC')
        : isPublicScreen(url)
          ? await renderPublic(url, locale, timeZone ?? 'UTC', request)
          : null
      : await renderSignedIn(url, request.token, locale, timeZone ?? 'UTC', request);
  // A screen that shows a moment, for a browser whose zone is not known yet (no `tz` cookie: it sets one as the app
  // starts): the browser would show it otherwise, so it renders the screen itself.
  if (rendered !== null && rendered.state.timeZone !== null && timeZone === undefined) return null;
  return rendered;
}

/** /login for a visit with no token at all (one with a token starts by checking it: the browser renders that). */
async function renderLoggedOut(url: URL, locale: Locale, timeZone: string): Promise<Prerendered> {
  await Promise.all([ensureCatalogue(locale), preloadScreens(appRoutes, url)]);
  const { html, zoned, formats } = await renderTree(url, locale, timeZone, null);
  return {
    html,
    state: {
      version: 1,
      locale,
      timeZone: zoned ? timeZone : null,
      formats,
      path: `${url.pathname}${url.search}`,
      user: null,
      queries: null,
      answers: {},
      eventPosition: null,
    },
  };
}

/**
 * A screen anyone may open whose first data is known (a route with `handle.prefetch` and no `private` guard: a
 * distributor's storefront, docs/adr/0147-the-storefront-and-client-checkout.md).
 */
function isPublicScreen(url: URL): boolean {
  return routePrefetchers(url).length > 0 && !routeGuards(url).includes('private');
}

/**
 * A public screen for a visit without a token: its reads are made without one, and it renders logged out with a
 * query cache of its own, which the page carries for the browser's session to start from.
 */
async function renderPublic(
  url: URL,
  locale: Locale,
  timeZone: string,
  request: PrerenderRequest,
): Promise<Prerendered | null> {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const send = async (apiRequest: Request): Promise<Response> => {
    if (apiRequest.method !== 'GET') throw new Error(`the server's render only reads (${apiRequest.method})`);
    const { pathname, search } = new URL(apiRequest.url);
    const response = await request.read(`${pathname}${search}`, { 'accept-language': locale });
    const body = await response.text();
    return new Response(body, { status: response.status, headers: response.headers });
  };
  await Promise.all([
    ensureCatalogue(locale),
    preloadScreens(appRoutes, url),
    withApiTransport(send, () =>
      Promise.all(
        routePrefetchers(url).map((prefetch) =>
          prefetch({ client, role: 'unspecified', url, locale }).catch(() => undefined),
        ),
      ),
    ),
  ]);
  const input: AuthInput = {
    initialUrl: `${url.pathname}${url.search}`,
    storedToken: null,
    storedUser: null,
  };
  const session: PrerenderedSession = {
    input,
    auth: new DeferredActor(authStartSnapshot(input)),
    language: createLanguageActor(),
    session: { queryClient: client, LiveEvents: () => null, stop: () => undefined },
    router: { current: null },
  };
  const { html, zoned, formats } = await renderTree(url, locale, timeZone, session);
  const state: PrerenderedState = {
    version: 1,
    locale,
    timeZone: zoned ? timeZone : null,
    formats,
    path: `${url.pathname}${url.search}`,
    user: null,
    // A refusal is an answer too (an unknown shop's 404): the browser mounts on it as the server rendered it.
    queries: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    answers: {},
    eventPosition: null,
  };
  client.clear();
  return { html, state };
}

/**
 * The screen's HTML, and whether it shows a moment in the visitor's time zone. A part of the app loaded lazily (the
 * header's bag) is not there at a process's first render of it: that render leaves it to the browser (a `<!--$!`
 * boundary), so it is rendered once more when the part has loaded.
 */
async function renderTree(
  url: URL,
  locale: Locale,
  timeZone: string,
  session: PrerenderedSession | null,
): Promise<RenderedTree> {
  for (let attempt = 1; ; attempt += 1) {
    const rendered = renderOnce(url, locale, timeZone, session);
    if (!rendered.html.includes('<!--$!') || attempt === 3) return rendered;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function renderOnce(
  url: URL,
  locale: Locale,
  timeZone: string,
  session: PrerenderedSession | null,
): RenderedTree {
  const tree = appTree(session, (routes) => (
    <StaticRouter location={`${url.pathname}${url.search}`}>{routes}</StaticRouter>
  ));
  // Module-wide settings for this synchronous render only.
  i18n.activate(locale);
  beginServerRender(timeZone);
  let html: string;
  try {
    html = renderToString(tree);
  } catch (error) {
    endServerRender();
    throw error;
  }
  return { html, ...endServerRender() };
}

async function renderSignedIn(
  url: URL,
  token: string,
  locale: Locale,
  timeZone: string,
  request: PrerenderRequest,
): Promise<Prerendered | null> {
  const prefetchers = routePrefetchers(url);
  if (prefetchers.length === 0) return null;
  if (validTokenPayload(token, Date.now()) === null) return null;
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const answers: Record<string, PrerenderedAnswer> = {};
  const headers = { authorization: `Bearer ${token}`, 'accept-language': locale };

  const send = async (apiRequest: Request): Promise<Response> => {
    if (apiRequest.method !== 'GET') throw new Error(`the server's render only reads (${apiRequest.method})`);
    const { pathname, search } = new URL(apiRequest.url);
    const base = new URL(request.apiBase, 'http://portal.invalid').pathname.replace(/\/$/, '');
    const path = `${pathname.slice(base.length)}${search}`;
    const response = await request.read(`${base}${path}`, headers);
    const body = await response.text();
    if (SESSION_READS.has(path)) answers[path] = { status: response.status, body };
    return new Response(body, { status: response.status, headers: response.headers });
  };

  await Promise.all([
    ensureCatalogue(locale),
    preloadScreens(appRoutes, url),
    withApiTransport(send, () =>
      Promise.all([
        client.prefetchQuery(authQueries.me()),
        client.prefetchQuery(authQueries.warehouse()),
        // The header's bag count, for a role whose navigation has the bag.
        ...(navItemsFor(roleFromToken(token)).some((item) => item.to === PATHS.shoppingBag)
          ? [client.prefetchQuery(bagQueries.cart())]
          : []),
        ...prefetchers.map((prefetch) =>
          prefetch({ client, role: roleFromToken(token), url, locale }).catch(() => undefined),
        ),
      ]),
    ),
  ]);
  const user = client.getQueryData<AuthUser>(accountKeys.me());
  if (user === undefined) return null;
  // A failed read is not in the state the page carries (only answers are): rendered here as its failure (an order
  // that is not the visitor's as 'Not Found'), it would be rendered loading in the browser, which then throws the
  // server's screen away. The browser renders such a page, and asks again.
  if (client.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0)
    return null;
  const input: AuthInput = {
    initialUrl: `${url.pathname}${url.search}`,
    storedToken: token,
    storedUser: { user, isAuthenticated: true },
  };
  const start = prerenderedAuthSnapshot(input, user);
  if (start === null) return null;
  const session: PrerenderedSession = {
    input,
    auth: new DeferredActor<AuthSnapshot, AuthEvent>(start),
    language: createLanguageActor(),
    session: { queryClient: client, LiveEvents: () => null, stop: () => undefined },
    router: { current: null },
  };
  const { html, zoned, formats } = await renderTree(url, locale, timeZone, session);
  const state: PrerenderedState = {
    version: 1,
    locale,
    timeZone: zoned ? timeZone : null,
    formats,
    path: `${url.pathname}${url.search}`,
    user,
    queries: dehydrate(client),
    answers,
    eventPosition: request.eventPosition,
  };
  client.clear();
  return { html, state };
}

export { serializePrerenderedState } from './state.ts';
