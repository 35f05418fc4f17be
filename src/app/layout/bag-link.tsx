import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import { useCart } from '../../data/bag.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { PATHS } from '../../ui/paths.ts';
import './bag-link.css';

/** The header's link to the shopping bag with the number of units in it (read from the shared cart cache). */
export function BagLink() {
  const { t } = useLingui();
  const locale = useLocale();
  const cart = useCart();
  const count = cart.data?.totals.itemCount ?? 0;
  // The number written by `formatNumber`, not Lingui's `#`: Lingui makes an `Intl.NumberFormat` of its own for it,
  // which on a page taken over would be the first `Intl` of its start (src/i18n/format-table.ts).
  const countText = formatNumber(count, locale);
  const label =
    cart.data === undefined
      ? t`Shopping bag`
      : t({
          message: plural(count, {
            one: `Shopping bag, ${countText} item`,
            other: `Shopping bag, ${countText} items`,
          }),
        });
  return (
    <NavLink to={PATHS.shoppingBag} className="bag-link" aria-label={label} data-testid="bag-link">
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9L5 8zM9 8V6.5a3 3 0 0 1 6 0V8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 ? (
        <span className="bag-link__count" aria-hidden="true" data-testid="bag-count">
          {count > 99 ? '99+' : formatNumber(count, locale)}
        </span>
      ) : null}
    </NavLink>
  );
}
