import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import type { Product } from '#src/data/catalogue.ts';
import { savingPercent } from './product-availability.ts';
import './catalogue.css';

/** The promotion's saving on a product's picture ("−29 %"), or nothing when it is not on promotion. */
export function DiscountBadge({ product }: { product: Pick<Product, 'price' | 'promoPrice'> }) {
  const { t } = useLingui();
  const locale = useLocale();
  const saving = savingPercent(product);
  if (saving === null) return null;
  return (
    <span className="product-card__badge">
      <span className="visually-hidden">{t`Discount`} </span>−
      {formatNumber(saving / 100, locale, { style: 'percent' })}
    </span>
  );
}
