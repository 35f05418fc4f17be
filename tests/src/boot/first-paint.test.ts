// @vitest-environment jsdom
// When a server-rendered page's app code may start: after its first contentful paint, a few seconds at the latest
// (src/boot/first-paint.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BootWindow } from '#src/boot/contract.ts';
import { afterFirstPaint, FIRST_PAINT_FALLBACK_MS } from '#src/boot/first-paint.ts';
import { openPage } from './page.ts';

/** A page whose browser reports paints through a `PerformanceObserver` the test drives. */
function pageReportingPaints() {
  const win = openPage();
  const observed: Array<{ type?: string; buffered?: boolean }> = [];
  let report: (names: string[]) => void = () => undefined;
  class PaintObserver {
    constructor(callback: (list: { getEntries(): Array<{ name: string }> }) => void) {
      report = (names) => callback({ getEntries: () => names.map((name) => ({ name })) });
    }
    observe(options: { type?: string; buffered?: boolean }) {
      observed.push(options);
    }
  }
  Reflect.set(win, 'PerformanceObserver', PaintObserver);
  wireTimers(win);
  return { win, observed, report: (...names: string[]) => report(names) };
}

/** The page's timers and frames on Vitest's fake clock. */
function wireTimers(win: BootWindow): void {
  Reflect.set(win, 'setTimeout', setTimeout);
  Reflect.set(win, 'requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(0), 16),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstPaint', () => {
  it('runs once, in a task of its own, after the first contentful paint, and not again at the fallback', () => {
    const { win, observed, report } = pageReportingPaints();
    const run = vi.fn();
    afterFirstPaint(run, win);
    expect(observed).toEqual([{ type: 'paint', buffered: true }]);
    report('first-paint');
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    report('first-contentful-paint');
    expect(run, 'not inside the observer').not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    report('first-contentful-paint');
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS * 2);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it(`runs ${FIRST_PAINT_FALLBACK_MS} ms after the call at the latest, for a page that does not paint (a background tab)`, () => {
    const { win } = pageReportingPaints();
    const run = vi.fn();
    afterFirstPaint(run, win);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS - 1);
    expect(run).not.toHaveBeenCalled();
    // The fallback, then the task it starts (a zero delay set during a tick is a millisecond on the fake clock).
    vi.advanceTimersByTime(2);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after the next frame where the browser reports no paints', () => {
    const win = openPage();
    wireTimers(win);
    Reflect.set(win, 'PerformanceObserver', undefined);
    const run = vi.fn();
    afterFirstPaint(run, win);
    vi.advanceTimersByTime(15);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(FIRST_PAINT_FALLBACK_MS);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
