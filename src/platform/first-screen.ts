/**
 * When the first screen of a visit has painted: the browser's largest paint has not grown for `QUIET_MS` (where it
 * reports largest paints; else `QUIET_MS` after the first render), and the page is idle; `LATEST_MS` after the start
 * at the latest. What the first screen does not show waits for it (the web fonts on a first visit, the live-event
 * stream), so that on a slow phone it never competes with that screen's code and data for the network.
 */
const QUIET_MS = 300;
const LATEST_MS = 4000;
const IDLE_TIMEOUT_MS = 1000;

let watching = false;
let settled = false;
let settle: () => void = () => undefined;
const whenSettled = new Promise<void>((resolve) => {
  settle = () => {
    settled = true;
    resolve();
  };
});

/** Starts watching for the first screen's largest paint; `firstRender` settles when the app has first rendered. */
export function watchFirstScreen(firstRender: Promise<unknown>): void {
  if (watching) return;
  watching = true;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  const fire = () => {
    clearTimeout(quiet);
    clearTimeout(latest);
    observer?.disconnect();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: IDLE_TIMEOUT_MS });
    else settle();
  };
  const latest = setTimeout(fire, LATEST_MS);
  const restart = () => {
    clearTimeout(quiet);
    quiet = setTimeout(fire, QUIET_MS);
  };
  const reported: readonly string[] | undefined =
    typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver.supportedEntryTypes;
  if (reported?.includes('largest-contentful-paint') === true) {
    observer = new PerformanceObserver(restart);
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  void firstRender.then(restart, restart);
}

/** Resolves once the first screen has painted (at once where nothing watches it: a test rendering a part alone). */
export function afterFirstScreen(): Promise<void> {
  return watching ? whenSettled : Promise.resolve();
}

/** Whether the first screen has painted (true where nothing watches it). */
export function firstScreenPainted(): boolean {
  return settled || !watching;
}

let markScreenShown: () => void = () => undefined;
const screenShown = new Promise<void>((resolve) => (markScreenShown = resolve));

/**
 * Called by every routed screen once it is the app's (`ScreenShown` in src/app/route-elements.tsx: its effect runs
 * when the screen has rendered, or been hydrated). React hydrates a screen inside its `Suspense` boundary in a later
 * pass than the layout around it, so the layout's own effects say nothing of the screen.
 */
export function screenIsShown(): void {
  markScreenShown();
}

/** Resolves once the first routed screen is the app's (hydrated or rendered). */
export function afterScreenShown(): Promise<void> {
  return screenShown;
}
