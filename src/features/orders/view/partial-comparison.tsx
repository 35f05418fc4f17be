import { useLingui } from '@lingui/react/macro';
import { partialComparison } from '#machines/order-actions/order-actions.facts.rules.ts';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { TableScroll } from './table-scroll.tsx';

function signed(value: number, format: (absolute: number) => string): string {
  if (value === 0) return format(0);
  return `${value > 0 ? '+' : '−'}${format(Math.abs(value))}`;
}

/**
 * The distributor's view of a partial confirmation: each line as ordered and as the warehouse can give it, the new
 * amount and the change in PV, and whether the order still reaches the pickup threshold (`minPv`, null while the
 * order parameters load).
 */
export function PartialComparisonView({ order, minPv }: { order: ApiOrder; minPv: number | null }) {
  const { t } = useLingui();
  const locale = useLocale();
  const comparison = partialComparison(order, minPv ?? 0);
  const money = (minor: number) => formatMoney(minor, order.currency, locale);
  const points = (value: number) => formatPoints(value, locale);
  const threshold = minPv === null ? null : points(minPv);

  return (
    <section
      className="order-card order-compare-card"
      aria-labelledby="partial-compare-title"
      data-testid="partial-comparison"
    >
      <h2 id="partial-compare-title" className="order-card__title">
        {t`The warehouse changed your order`}
      </h2>
      {order.partialNote === null ? null : (
        <figure className="order-compare-card__note">
          <figcaption>{t`Note from the warehouse`}</figcaption>
          <blockquote>{order.partialNote}</blockquote>
        </figure>
      )}
      <TableScroll label={t`Products before and after the change`}>
        <table className="order-table">
          <caption className="visually-hidden">{t`Products before and after the change`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">{t`Ordered`}</th>
              <th scope="col" className="order-table__num">{t`Confirmed quantity`}</th>
              <th scope="col">{t`What changed`}</th>
            </tr>
          </thead>
          <tbody>
            {comparison.lines.map((line) => {
              const source = order.lines.find((candidate) => candidate.id === line.lineId);
              const substitute = source?.substitute;
              return (
                <tr key={line.lineId} data-change={line.change}>
                  <th scope="row">
                    {source?.name[locale] ?? line.lineId}
                    {substitute === undefined || line.change === 'kept' ? null : (
                      <span className="order-table__substitute" data-substitute={substitute.productId}>
                        {t`Suggestion: ${substitute.name[locale]} (${substitute.sku}), ${money(substitute.price)}, in stock. You can add it to a new order.`}
                      </span>
                    )}
                  </th>
                  <td className="order-table__num">{line.requested}</td>
                  <td className="order-table__num">{line.confirmed}</td>
                  <td>
                    {line.change === 'removed'
                      ? t`Removed`
                      : line.change === 'reduced'
                        ? t`Reduced by ${line.requested - line.confirmed}`
                        : t`Unchanged`}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <dl className="order-compare">
        <div>
          <dt>{t`Amount`}</dt>
          <dd>
            <del>{money(comparison.finalCostBefore)}</del> →{' '}
            <strong>{money(comparison.finalCostAfter)}</strong> ({signed(comparison.amountChange, money)})
          </dd>
        </div>
        <div>
          <dt>{t`Points (PV)`}</dt>
          <dd>
            <del>{points(comparison.before.points)}</del> → <strong>{points(comparison.after.points)}</strong>{' '}
            ({signed(comparison.pointsChange, points)})
          </dd>
        </div>
      </dl>
      {threshold === null ? null : (
        <p className="order-compare-card__threshold" data-meets-threshold={comparison.meetsThreshold}>
          {comparison.meetsThreshold
            ? t`The order still reaches the pickup threshold of ${threshold} PV.`
            : comparison.metThresholdBefore
              ? t`The order no longer reaches the pickup threshold of ${threshold} PV (it did before the change).`
              : t`The order does not reach the pickup threshold of ${threshold} PV (it did not before the change either).`}
        </p>
      )}
    </section>
  );
}
