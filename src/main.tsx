import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Providers } from './app/providers.tsx';
import { AppRoutes, startCurrentRoute } from './app/router.tsx';
import { loadSessionRuntime, sessionExpected } from './data/auth-context.tsx';
import { activateLocale, getStoredLocale } from './i18n/i18n.ts';
import './styles/index.css';
import { watchFirstScreen } from './platform/first-screen.ts';
import { startWebFonts } from './styles/web-fonts.ts';

/** How long the first render waits for the opened screen's chunk at most. */
const SCREEN_GRACE_MS = 3000;

/**
 * A parallel boot: the boot script (vite.config.ts, `preloadBoot`) has already asked for the catalogue and the URL's
 * screen chunks beside this entry; here the URL's routes start (their lazy chunks and first data requests,
 * `startCurrentRoute`), the session chunk starts loading and the catalogue activates, all at once. React renders
 * when the catalogue and the opened screen's chunk are both here: the shell shows no text before the catalogue is
 * active (no flash of another language), and the screen paints in the first pass instead of after a loading state
 * (which React would also hold back for up to 300 ms, its Suspense reveal throttle).
 */
function start(): void {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  const screen = startCurrentRoute();
  // With a token, the session chunk (auth and language machines, query cache) loads beside the screen; a visit
  // without one paints the login page without it (see `loadSessionRuntime`).
  if (sessionExpected()) loadSessionRuntime().catch(() => undefined);
  const catalogue = activateLocale(getStoredLocale()).catch((error: unknown) => {
    console.error('The language catalog could not be loaded', error);
    return activateLocale('ru').catch(() => undefined);
  });
  // A screen chunk that does not come within a few seconds does not keep the page blank: the shell renders and the
  // route shows its loading state, then its error if the chunk fails.
  const screenOrGrace = Promise.race([
    screen,
    new Promise((resolve) => setTimeout(resolve, SCREEN_GRACE_MS)),
  ]);
  const root = createRoot(container);
  const firstRender = Promise.all([screenOrGrace, catalogue]).then(() =>
    root.render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    ),
  );
  // What the first screen does not show waits for it to paint (src/platform/first-screen.ts); the web fonts go on
  // before the first render when this browser has them, else after the first screen (web-fonts.ts).
  watchFirstScreen(firstRender);
  startWebFonts();
}

start();
