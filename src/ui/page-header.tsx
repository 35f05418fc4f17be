import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './ui.css';

export interface PageHeaderProps {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}

/** The screen's heading (the page's only h1) and the document title. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  const { t } = useLingui();
  return (
    <header className="page-header">
      <title>{t`${title} · Distributor portal`}</title>
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle ? <p className="page-header__subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}
