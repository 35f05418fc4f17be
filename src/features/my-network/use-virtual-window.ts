import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface VirtualWindowOptions {
  viewportRef: RefObject<HTMLElement | null>;
  count: number;
  /** Every row has this height in pixels. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport. */
  overscan?: number;
  /** The viewport height to assume until it is measured (or when the platform measures 0, as jsdom does). */
  fallbackHeight?: number;
}

export interface VirtualWindow {
  /** First and one-past-last index of the rows to render. */
  start: number;
  end: number;
  totalHeight: number;
  /** Scrolls the viewport the least needed so the row at `index` is fully visible. */
  reveal: (index: number) => void;
  /** The viewport's scroll offset (to remember and restore it). */
  scrollTop: number;
  setScrollTop: (top: number) => void;
}

/**
 * Windowing for a list of fixed-height rows: only the rows inside the viewport (plus `overscan` on each side)
 * are rendered, so a list of 100,000 rows keeps a few dozen in the DOM.
 */
export function useVirtualWindow({
  viewportRef,
  count,
  rowHeight,
  overscan = 8,
  fallbackHeight = 640,
}: VirtualWindowOptions): VirtualWindow {
  const [scrollTop, setScrollTopState] = useState(0);
  const [height, setHeight] = useState(fallbackHeight);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (viewport === null) return undefined;
    const measure = () => setHeight(viewport.clientHeight > 0 ? viewport.clientHeight : fallbackHeight);
    const onScroll = () => setScrollTopState(viewport.scrollTop);
    measure();
    onScroll();
    viewport.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(viewport);
    return () => {
      viewport.removeEventListener('scroll', onScroll);
      observer?.disconnect();
    };
  }, [viewportRef, fallbackHeight]);

  const setScrollTop = useCallback(
    (top: number) => {
      const viewport = viewportRef.current;
      if (viewport !== null) viewport.scrollTop = top;
      setScrollTopState(top);
    },
    [viewportRef],
  );

  const reveal = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      if (viewport === null) return;
      const top = index * rowHeight;
      const visible = viewport.clientHeight > 0 ? viewport.clientHeight : fallbackHeight;
      if (top < viewport.scrollTop) setScrollTop(top);
      else if (top + rowHeight > viewport.scrollTop + visible) setScrollTop(top + rowHeight - visible);
    },
    [viewportRef, rowHeight, fallbackHeight, setScrollTop],
  );

  const first = Math.floor(scrollTop / rowHeight);
  const visibleRows = Math.ceil(height / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, count) - overscan);
  const end = Math.min(count, first + visibleRows + overscan);
  return { start, end, totalHeight: count * rowHeight, reveal, scrollTop, setScrollTop };
}
