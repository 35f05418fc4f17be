import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { buttonClassName } from '../../ui/button.tsx';
import { PATHS } from '../../ui/paths.ts';

/**
 * A signed-in screen the account's role may not use: says so plainly and offers the way home, instead
 * of the connection error a 403 would otherwise become.
 */
export function NotAvailablePage() {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="not-available-title">
      <title>{t`Not available for your account`}</title>
      <h1 id="not-available-title">{t`Not available for your account`}</h1>
      <p className="status-page__text">
        {t`This screen belongs to another kind of account (a distributor with a partner contract, or warehouse staff). Everything your account can use is in the menu.`}
      </p>
      <div className="status-page__actions">
        <Link to={PATHS.root} className={buttonClassName('primary')}>
          {t`Go to the home page`}
        </Link>
      </div>
    </section>
  );
}
