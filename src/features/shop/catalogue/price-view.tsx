import { useLingui } from '@lingui/react/macro';
import { formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import './catalogue.css';

export interface PriceViewProps {
  /** Unit list price, minor units. */
  price: number;
  /** Unit promotion price (minor units), or null. */
  promoPrice: number | null;
  currency: string;
}

/** A price in the active locale; on promotion the promotion price, with the list price struck through. */
export function PriceView({ price, promoPrice, currency }: PriceViewProps) {
  const { t } = useLingui();
  const locale = useLocale();
  if (promoPrice === null || promoPrice >= price) {
    return (
      <p className="price-view">
        <span className="price-view__current">{formatMoney(price, currency, locale)}</span>
      </p>
    );
  }
  return (
    <p className="price-view price-view--promo">
      <span className="visually-hidden">{t`Promotion price:`} </span>
      <span className="price-view__current">{formatMoney(promoPrice, currency, locale)}</span>{' '}
      <span className="visually-hidden">{t`Old price:`} </span>
      <s className="price-view__old">{formatMoney(price, currency, locale)}</s>
    </p>
  );
}
