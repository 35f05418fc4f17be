import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ApiOrder } from '../../../../machines/order-actions/order-actions.types.ts';
import { formatMoney, formatNumber, formatPoints } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { TableScroll } from './table-scroll.tsx';

/** The order's lines: product, requested and confirmed quantity, unit price, PV and the line's amount. */
export function OrderLines({ order }: { order: ApiOrder }) {
  const { t } = useLingui();
  const locale = useLocale();
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  return (
    <section className="order-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title" className="order-card__title">{t`Products`}</h2>
      <TableScroll label={t`Products of order ${order.number}`}>
        <table className="order-table">
          <caption className="visually-hidden">{t`Products of order ${order.number}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">{t`Requested quantity`}</th>
              <th scope="col" className="order-table__num">{t`Confirmed quantity`}</th>
              <th scope="col" className="order-table__num">{t`Price`}</th>
              <th scope="col" className="order-table__num">{t`PV per unit`}</th>
              <th scope="col" className="order-table__num">{t`Amount`}</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id} data-line-id={line.id}>
                <th scope="row" className="order-table__product">
                  <img src={line.imageUrl} alt="" width={40} height={40} loading="lazy" />
                  <span>{line.name[locale]}</span>
                </th>
                <td className="order-table__num">{formatNumber(line.requestedQuantity, locale)}</td>
                <td className="order-table__num">
                  {line.confirmedQuantity === null ? (
                    <>
                      <span aria-hidden="true">{'—'}</span>
                      <span className="visually-hidden">{t`Not confirmed yet`}</span>
                    </>
                  ) : (
                    formatNumber(line.confirmedQuantity, locale)
                  )}
                </td>
                <td className="order-table__num">
                  {line.promoPrice === null ? (
                    money(line.price)
                  ) : (
                    <>
                      <del aria-label={t`List price ${money(line.price)}`}>{money(line.price)}</del>{' '}
                      <span>{money(line.promoPrice)}</span>
                    </>
                  )}
                </td>
                <td className="order-table__num">{formatPoints(line.points, locale)}</td>
                <td className="order-table__num">{money(line.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t`Order total`}</th>
              <td className="order-table__num" colSpan={2}>
                {t({ message: plural(order.itemCount, { one: '# item', other: '# items' }) })}
              </td>
              <td className="order-table__num" colSpan={2}>
                {t`${formatPoints(order.points, locale)} PV`}
              </td>
              <td className="order-table__num">
                <strong>{money(order.finalCost)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
    </section>
  );
}
