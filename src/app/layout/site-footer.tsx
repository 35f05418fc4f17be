import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { COMPANY, telHref } from '../../ui/company.ts';
import { PATHS } from '../../ui/paths.ts';

/**
 * Every page's footer: the company's registered details, how to reach it, the terms of sale with the return policy,
 * and how cards are paid (maib asks a merchant's site for each of these; docs/adr/0114-merchant-site.md).
 */
export function SiteFooter() {
  const { t } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <address className="site-footer__company">
          <span>{t`© ${year} ${COMPANY.name}`}</span>
          <span>{t`IDNO ${COMPANY.idno}`}</span>
          <span>{COMPANY.address}</span>
          <a href={telHref(COMPANY.phone)}>{COMPANY.phone}</a>
          <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
        </address>
        <p className="site-footer__links">
          <Link to={PATHS.terms}>{t`Terms of sale and return policy`}</Link>
          <span>{t`Cards: Visa, Mastercard. Card payments are processed by maib.`}</span>
        </p>
      </div>
    </footer>
  );
}
