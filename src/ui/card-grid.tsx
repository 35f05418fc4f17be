import type { ReactNode } from 'react';

/**
 * The business screens' card grid (business.css `.card-grid`): its columns follow the grid's own width (a
 * container query), and its cards say their span with `card-span-*` classes.
 */
export function CardGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="card-grid" data-card-grid>
      <div className="card-grid__inner" aria-busy={busy || undefined}>
        {children}
      </div>
    </div>
  );
}
