import type { ReactNode } from 'react';

/**
 * A table that may scroll sideways on narrow screens. The scrolling box is a named, focusable region so that
 * keyboard users can scroll it too (WCAG 2.1.1; axe `scrollable-region-focusable`).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus to be scrolled by keyboard
    <div className="order-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
