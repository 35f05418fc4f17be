import type { ReactNode } from 'react';
import './ui.css';

export interface EmptyStateProps {
  title: string;
  description?: string;
  /** Heading level inside the page; the page header holds the h1. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
}

export function EmptyState({ title, description, headingLevel = 2, children }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state">
      <svg
        className="empty-state__icon"
        viewBox="0 0 48 48"
        width="48"
        height="48"
        aria-hidden="true"
        focusable="false"
      >
        <rect
          x="8"
          y="12"
          width="32"
          height="26"
          rx="4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
        <path
          d="M8 20h32M18 28h12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <Heading className="empty-state__title">{title}</Heading>
      {description ? <p className="empty-state__description">{description}</p> : null}
      {children ? <div className="empty-state__actions">{children}</div> : null}
    </section>
  );
}
