import type { ReactNode } from 'react';

/**
 * The business screens' card grid (business.css `.card-grid`): its columns follow the grid's own width (a
 * container query), and its cards say their span with `card-span-*` classes.
 */
export function CardGrid({
  children,
  busy = false,
  list = false,
}: {
  children: ReactNode;
  busy?: boolean;
  /** The cards are items of one list (`<li>` children), e.g. the documents. */
  list?: boolean;
}) {
  const Inner = list ? 'ul' : 'div';
  return (
    <div className="card-grid" data-card-grid>
      <Inner
        className={list ? 'card-grid__inner card-grid__inner--list' : 'card-grid__inner'}
        aria-busy={busy || undefined}
      >
        {children}
      </Inner>
    </div>
  );
}
