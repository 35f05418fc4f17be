import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { AuthUser } from '#machines/auth/auth.types.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { shopPath } from '../../ui/paths.ts';

/**
 * A shop client's way back to their distributor's shop (`Me.shop`, docs/adr/0147-the-storefront-and-client-checkout.md):
 * a returning client lands here (`/` sends a customer account to /personal), so their shop is the first thing.
 */
export function ShopBanner({ shop }: { shop: NonNullable<AuthUser['shop']> }) {
  const { t } = useLingui();
  const owner = shop.fullName;
  return (
    <aside className="notice shop-banner" aria-label={t`Your consultant's shop`} data-shop-banner={shop.prn}>
      <p className="shop-banner__text">
        <Trans>
          Your consultant is <strong>{owner}</strong>. Their shop has every product at your price.
        </Trans>
      </p>
      <Link className={buttonClassName('primary')} to={shopPath(shop)}>
        {t`Go to ${owner}'s shop`}
      </Link>
    </aside>
  );
}
