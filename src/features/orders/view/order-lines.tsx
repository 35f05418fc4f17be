import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { formatMoney, formatNumber, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { TableScroll } from './table-scroll.tsx';

/**
 * The order's lines: product, requested (and, once confirmed, confirmed) quantity, staff's stock on hand with the
 * short lines marked and a substitute suggested, unit price, PV and the line's amount; then the discount and the
 * delivery charge as their own rows, so the rows add up to the total. Below 720 px each row is a card.
 */
export function OrderLines({ order, shortLineIds }: { order: ApiOrder; shortLineIds: readonly number[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const confirmed = order.lines.some((line) => line.confirmedQuantity !== null);
  const stocked = order.lines.some((line) => line.stockOnHand !== undefined);
  const labels = {
    requested: t`Requested quantity`,
    confirmed: t`Confirmed quantity`,
    onHand: t`On hand`,
    price: t`Price`,
    points: t`PV per unit`,
    amount: t`Amount`,
  };
  const numberColumns = 3 + (confirmed ? 1 : 0) + (stocked ? 1 : 0);
  return (
    <section className="order-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="order-card__title">{t`Products`}</h2>
      <TableScroll label={t`Products of order ${order.number}`}>
        <table className="order-table order-table--cards">
          <caption className="visually-hidden">{t`Products of order ${order.number}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">
                {labels.requested}
              </th>
              {confirmed ? (
                <th scope="col" className="order-table__num">
                  {labels.confirmed}
                </th>
              ) : null}
              {stocked ? (
                <th scope="col" className="order-table__num">
                  {labels.onHand}
                </th>
              ) : null}
              <th scope="col" className="order-table__num">
                {labels.price}
              </th>
              <th scope="col" className="order-table__num">
                {labels.points}
              </th>
              <th scope="col" className="order-table__num">
                {labels.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => {
              const short = shortLineIds.includes(line.id);
              const substitute = line.substitute;
              return (
                <tr key={line.id} data-line-id={line.id} data-short={short ? '' : undefined}>
                  <th scope="row" className="order-table__product">
                    <img src={line.imageUrl} alt="" width={40} height={40} loading="lazy" />
                    <span>
                      {line.name[locale]}
                      {substitute === undefined ? null : (
                        <span className="order-table__substitute" data-substitute={substitute.productId}>
                          {t`Suggested instead: ${substitute.name[locale]} (${substitute.sku}), ${money(substitute.price)}`}
                        </span>
                      )}
                    </span>
                  </th>
                  <td className="order-table__num" data-label={labels.requested}>
                    {formatNumber(line.requestedQuantity, locale)}
                  </td>
                  {confirmed ? (
                    <td className="order-table__num" data-label={labels.confirmed}>
                      {line.confirmedQuantity === null ? '' : formatNumber(line.confirmedQuantity, locale)}
                    </td>
                  ) : null}
                  {stocked ? (
                    <td className="order-table__num" data-label={labels.onHand} data-stock={line.stockOnHand}>
                      {line.stockOnHand === undefined ? '' : formatNumber(line.stockOnHand, locale)}
                      {short ? <span className="order-table__short">{t`Short`}</span> : null}
                    </td>
                  ) : null}
                  <td className="order-table__num" data-label={labels.price}>
                    {line.promoPrice === null ? (
                      money(line.price)
                    ) : (
                      <>
                        <del aria-label={t`List price ${money(line.price)}`}>{money(line.price)}</del>{' '}
                        <span>{money(line.promoPrice)}</span>
                      </>
                    )}
                  </td>
                  <td className="order-table__num" data-label={labels.points}>
                    {formatPoints(line.points, locale)}
                  </td>
                  <td className="order-table__num" data-label={labels.amount}>
                    {money(line.amount)}
                  </td>
                </tr>
              );
            })}
            {order.discount > 0 ? (
              <tr data-charge="discount">
                <th scope="row">{t`Discount`}</th>
                <td className="order-table__num" colSpan={numberColumns + 1} data-label={labels.amount}>
                  {money(-order.discount)}
                </td>
              </tr>
            ) : null}
            {order.deliveryType === 'delivery' || order.deliveryPrice > 0 ? (
              <tr data-charge="delivery">
                <th scope="row">{t`Delivery`}</th>
                <td className="order-table__num" colSpan={numberColumns + 1} data-label={labels.amount}>
                  {order.deliveryPrice === 0 ? t`Free` : money(order.deliveryPrice)}
                </td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Order total`}</th>
              <td className="order-table__num" colSpan={numberColumns - 1}>
                {t({ message: plural(order.itemCount, { one: '# item', other: '# items' }) })} ·{' '}
                {t`${formatPoints(order.points, locale)} PV`}
              </td>
              <td className="order-table__num" colSpan={2} data-total="final">
                <strong>{money(order.finalCost)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </section>
  );
}
