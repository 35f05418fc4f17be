import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { SiteFooter } from './site-footer.tsx';
import './layout.css';

export interface PageFrameProps {
  header: ReactNode;
  children: ReactNode;
  /** Narrow centred column (login, password recovery, messages) instead of the full container. */
  narrow?: boolean;
}

/** The page skeleton every screen shares: skip link, header, the one `<main>`, footer. */
export function PageFrame({ header, children, narrow = false }: PageFrameProps) {
  return (
    <div className="page-frame">
      <SkipLink />
      {header}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={narrow ? 'page-main page-main--narrow container' : 'page-main container'}
      >
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
