/** When the browser has shown the page's first content. */
import type { BootWindow } from './contract.ts';

/**
 * At most this long after the boot script ran: a page opened in a background tab paints only once it is shown, and
 * its app must not wait for that.
 */
export const FIRST_PAINT_FALLBACK_MS = 3000;

/**
 * Runs `run` once, in a task of its own, after the browser reports the first contentful paint; where it reports no
 * paints, after the next frame; and `fallbackMs` after the call at the latest.
 */
export function afterFirstPaint(
  run: () => void,
  win: BootWindow,
  fallbackMs: number = FIRST_PAINT_FALLBACK_MS,
): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    win.setTimeout(run, 0);
  };
  try {
    new win.PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) once();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    win.requestAnimationFrame(once);
  }
  win.setTimeout(once, fallbackMs);
}
