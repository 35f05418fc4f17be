import { useLingui } from '@lingui/react/macro';

export function SiteFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{t`© ${year} Distributor portal`}</p>
      </div>
    </footer>
  );
}
