import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { selectBagBusy } from '#machines/bag/bag.selectors.ts';
import { useBag } from '#src/data/bag.actors.ts';
import type { CartItem } from '#src/data/bag.ts';
import { formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button } from '#src/ui/button.tsx';
import { productPath } from '#src/ui/paths.ts';
import { QuantityStepper } from '#src/ui/quantity-stepper.tsx';

const MAX_QUANTITY = 999;

interface BagLineProps {
  item: CartItem;
  currency: string;
  editable: boolean;
}

function BagLine({ item, currency, editable }: BagLineProps) {
  const { t } = useLingui();
  const locale = useLocale();
  const bag = useBag();
  const busy = useSelector(bag, selectBagBusy);
  const name = item.product.name[locale];
  const unitPrice = item.product.promoPrice ?? item.product.price;
  const max = Math.min(MAX_QUANTITY, Math.max(item.product.stock, item.quantity));

  return (
    <li className="bag-line" aria-busy={busy}>
      <img
        className="bag-line__image"
        src={item.product.imageUrl}
        alt=""
        width={72}
        height={72}
        loading="lazy"
      />
      <div className="bag-line__main">
        <p className="bag-line__name">
          <Link className="bag-line__link" to={productPath(item.product)}>
            {name}
          </Link>
        </p>
        <p className="bag-line__meta">
          {t`Article ${item.product.sku}`} · {formatMoney(unitPrice, currency, locale)}
          {item.product.promoPrice === null ? null : (
            <>
              {' '}
              <s aria-label={t`List price ${formatMoney(item.product.price, currency, locale)}`}>
                {formatMoney(item.product.price, currency, locale)}
              </s>
            </>
          )}{' '}
          · {t`${formatPoints(item.product.points, locale)} PV each`}
        </p>
        {item.product.isActive ? null : (
          <p className="bag-line__unavailable">
            {t`No longer sold: 1C no longer lists this product. Remove it to place the order.`}
          </p>
        )}
      </div>
      <div className="bag-line__quantity">
        {/* The one stepper (src/ui): the same quantity control as the catalogue cards. */}
        <QuantityStepper
          size="sm"
          value={item.quantity}
          max={max}
          label={t`Quantity of ${name}`}
          disabled={!editable || busy}
          onChange={(quantity) => bag.send({ type: 'bag.set', productId: item.productId, quantity })}
        />
      </div>
      <div className="bag-line__totals">
        <p className="bag-line__amount">{formatMoney(item.amount, currency, locale)}</p>
        <p className="bag-line__points">{`${formatPoints(item.points, locale)} ${t`PV`}`}</p>
      </div>
      <Button
        variant="ghost"
        className="bag-line__remove"
        disabled={!editable || busy}
        onClick={() => bag.send({ type: 'bag.remove', productId: item.productId })}
      >
        {t`Remove`}
        <span className="visually-hidden"> {name}</span>
      </Button>
    </li>
  );
}

export interface BagLinesProps {
  items: readonly CartItem[];
  currency: string;
  /** Lines change only before the checkout starts (the checkout machine says when). */
  editable: boolean;
}

export function BagLines({ items, currency, editable }: BagLinesProps) {
  return (
    <ul className="bag-lines">
      {items.map((item) => (
        <BagLine key={item.productId} item={item} currency={currency} editable={editable} />
      ))}
    </ul>
  );
}
