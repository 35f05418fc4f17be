import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { appTree } from './app/app-tree.tsx';
import { startCurrentRoute } from './app/router.tsx';
import { carryTypedTextOver, dropCarriedText, releaseHeldInput } from './boot/held-input.ts';
import {
  loadSessionRuntime,
  type PrerenderedSession,
  readAuthInput,
  sessionExpected,
} from './session/auth-context.tsx';
import {
  activateLocale,
  getStoredLocale,
  holdLanguageChanges,
  rememberTimeZone,
  rememberTimeZoneLater,
} from './i18n/i18n.ts';
import { adoptPrerenderedAnswers, browserRendersAs } from './prerender/browser.ts';
import { adoptFormatTable } from './i18n/format-table.ts';
import { type PrerenderedState, readPrerenderedState } from './prerender/state.ts';
import './styles/index.css';
import { afterFirstScreen, afterScreenShown, watchFirstScreen } from './platform/first-screen.ts';
import { startWebFonts } from './styles/web-fonts.ts';

/** How long the first render waits for the opened screen's chunk at most. */
const SCREEN_GRACE_MS = 3000;

/**
 * A parallel boot: the boot script (src/boot/, inline in index.html) has already asked for the catalogue and the URL's
 * screen chunks beside this entry; here the URL's routes start (their lazy chunks and first data requests,
 * `startCurrentRoute`), the session chunk starts loading and the catalogue activates, all at once. React renders
 * when the catalogue and the opened screen's chunk are both here: the shell shows no text before the catalogue is
 * active (no flash of another language), and the screen paints in the first pass instead of after a loading state
 * (which React would also hold back for up to 300 ms, its Suspense reveal throttle).
 */
function start(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  const prerendered = readPrerenderedState();
  // The `tz` cookie, for the pages the server renders next. A page the server rendered keeps its start free of
  // `Intl` (its first use loads ICU's data) and writes it when touched or left: it came with the cookie the server
  // rendered it for, or shows no moment.
  if (prerendered === null) rememberTimeZone();
  else rememberTimeZoneLater();
  // The reads the server made for its render answer the app's first requests (none is sent again).
  if (prerendered !== null) adoptPrerenderedAnswers(prerendered);
  const takesOver = prerendered !== null && browserRendersAs(prerendered);
  // The texts it formatted print the same values again (src/i18n/format-table.ts).
  if (takesOver) adoptFormatTable(prerendered.formats);
  // A page taken over brought its screen's data: only its chunks are asked for.
  const screen = startCurrentRoute({ withData: !takesOver });
  // With a token, the session chunk (auth and language machines, query cache) loads beside the screen; a visit
  // without one paints the login page without it (see `loadSessionRuntime`).
  if (sessionExpected()) loadSessionRuntime().catch(() => undefined);
  const catalogue = activateLocale(getStoredLocale()).catch((error: unknown) => {
    console.error('The language catalog could not be loaded', error);
    return activateLocale('ru', { remember: false }).catch(() => undefined);
  });
  // Every later change of language (the account's, applied by the session) waits until the page is taken over.
  const languageHeld = takesOver ? holdLanguageChanges() : () => undefined;
  let markTakenOver: () => void = () => undefined;
  const takenOver = new Promise<void>((resolve) => (markTakenOver = resolve));
  // Taken over once the layout's first render has run its effects and the browser is idle (`Hydrated`) and the
  // screen, which React hydrates in a later pass inside its `Suspense` boundary, is the app's too: a language applied
  // before that would render the rest of the screen in another language than the server's HTML.
  const hydrated = () => {
    void afterScreenShown().then(() => {
      languageHeld();
      markTakenOver();
    });
  };
  // A screen chunk that does not come within a few seconds does not keep the page blank: the shell renders and the
  // route shows its loading state, then its error if the chunk fails.
  const screenOrGrace = Promise.race([
    screen,
    new Promise((resolve) => setTimeout(resolve, SCREEN_GRACE_MS)),
  ]);
  const firstRender =
    takesOver && prerendered !== null
      ? Promise.all([screen, catalogue])
          .then(() => hydrate(container, prerendered, hydrated))
          .catch((error: unknown) => {
            // The session chunk did not load: the app renders over the HTML and shows what failed where it does.
            console.error('[boot] the server-rendered screen could not be taken over', error);
            renderOver(container);
            hydrated();
            releaseHeldInput();
          })
      : Promise.all([screenOrGrace, catalogue]).then(() => {
          renderOver(container);
          // A server-rendered page this browser renders anew (another language since): what was held has gone.
          releaseHeldInput();
        });
  // What the first screen does not show waits for it to paint (src/platform/first-screen.ts); the web fonts go on
  // before the first render when this browser has them, else after the first screen (web-fonts.ts). A page taken
  // over has painted its screen already: what counts is the app's take-over (hydration, then what only the browser
  // renders), not its start, or the largest paint could still grow after the first screen was called painted.
  watchFirstScreen(takesOver ? takenOver : firstRender);
  void afterFirstScreen().then(() => dropCarriedText());
  startWebFonts();
}

function app(prerendered: PrerenderedSession | null) {
  return appTree(prerendered, (routes) => <BrowserRouter>{routes}</BrowserRouter>);
}

/** The first render of a page the browser renders, as a transition too: in slices, like hydration (below). */
function render(container: HTMLElement): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(app(null));
  });
}

/**
 * The app's own render, over the server's screen if there is one (not taken over): what was typed into the server's
 * fields is given to the same fields of the app's render (`carryTypedTextOver`; nothing on a page the browser
 * renders from the start).
 */
function renderOver(container: HTMLElement): void {
  carryTypedTextOver();
  render(container);
}

/**
 * Says when the page is the app's: after its first render's effects (which run after its children's) and once the
 * browser is idle, since React hydrates what is inside a `Suspense` boundary (each screen) in later, low-priority
 * passes. It renders only its children, so the tree the server rendered is matched as it is (the same elements, the
 * same `useId`s).
 */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(onHydrated, { timeout: 2000 });
    else setTimeout(onHydrated, 300);
  }, [onHydrated]);
  return children;
}

/**
 * Hydrates as a transition: React then works through the tree in slices of about 5 ms, yielding to the browser
 * between them, instead of in one task as long as the whole tree (100–220 ms on a 4x slower CPU, the largest task
 * after the paint). An input released or made meanwhile still hydrates what it touches at once (React hydrates a
 * dehydrated root synchronously for a discrete event), so nothing waits for the rest. `onHydrated` once it is done.
 */
function hydrateInSlices(container: HTMLElement, tree: ReturnType<typeof app>, onHydrated: () => void): void {
  startTransition(() => {
    hydrateRoot(container, <Hydrated onHydrated={onHydrated}>{tree}</Hydrated>);
  });
}

/**
 * A page the server rendered (src/prerender/): its session starts first, from the same data, so the first render
 * matches the HTML and React takes it over as it is. If the session cannot start from it, the app renders over it.
 */
async function hydrate(container: HTMLElement, state: PrerenderedState, hydrated: () => void): Promise<void> {
  // A logged-out page without data (/login) renders without a session, on the server as here.
  if (state.user === null && state.queries === null) {
    hydrateInSlices(container, app(null), hydrated);
    releaseHeldInput();
    return;
  }
  const { startPrerenderedSession, startPrerenderedPublicSession, nextTask } = await loadSessionRuntime();
  const input = readAuthInput(window.location);
  if (state.user === null) {
    // A public page with data (a storefront) starts a logged-out session from the server's cache.
    await nextTask();
    const session = startPrerenderedPublicSession(state, input);
    if (session === null) {
      renderOver(container);
      hydrated();
    } else hydrateInSlices(container, app(session), hydrated);
    releaseHeldInput();
    return;
  }
  // Each step in a task of its own (the session chunk was evaluated in the last one): the session's cache and start
  // state, its machines (two tasks), then hydration in slices.
  await nextTask();
  const prerendered = startPrerenderedSession(state, input);
  if (prerendered === null) {
    renderOver(container);
    hydrated();
  } else {
    await nextTask();
    await prerendered.startMachines();
    await nextTask();
    hydrateInSlices(container, app(prerendered.session), hydrated);
  }
  releaseHeldInput();
}

start();
