import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PATHS } from '../../ui/paths.ts';
import { buttonClassName } from '../../ui/button.tsx';

/** Unknown paths (spec section 2). */
export default function NotFoundPage() {
  const { t } = useLingui();
  return (
    <section className="status-page" aria-labelledby="not-found-title">
      <title>{t`Sorry, page not found!`}</title>
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t`Sorry, page not found!`}</h1>
      <p className="status-page__text">
        {t`The page you are looking for does not exist. Perhaps the address was mistyped: check the URL, or start again from the home page.`}
      </p>
      <div className="status-page__actions">
        <Link to={PATHS.root} className={buttonClassName('primary')}>
          {t`Go to the home page`}
        </Link>
      </div>
    </section>
  );
}
