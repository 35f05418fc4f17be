import { useLingui } from '@lingui/react/macro';
import type { ApiReturn } from '#machines/return-actions/return-actions.types.ts';
import { formatDateTime, formatMoney, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { TableScroll } from '../view/table-scroll.tsx';
import {
  RETURN_HISTORY_LABELS,
  RETURN_REASON_LABELS,
  RETURN_REFUND_LABELS,
  RETURN_STATUS_LABELS,
} from './return-messages.ts';

/** A return's status as a badge; `data-return-status` carries the code for styling and tests. */
export function ReturnStatusBadge({ status }: { status: ApiReturn['status'] }) {
  const { i18n } = useLingui();
  return (
    <span className="order-badge return-badge" data-return-status={status}>
      {i18n._(RETURN_STATUS_LABELS[status])}
    </span>
  );
}

/**
 * One return as both the distributor and staff read it: reason and words, the lines (requested, and once received
 * the units that came and the damaged ones), the refund (how, how much, where it stands) and the history.
 */
export function ReturnDetails({ ret, headingLevel = 3 }: { ret: ApiReturn; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  const received = ret.lines.some((line) => line.received !== null);
  const money = (amount: number) => formatMoney(amount, ret.currency, locale);
  const refundWay =
    ret.refund.method === 'card' ? t`to the card the order was paid with` : t`as a credit noted on the order`;
  return (
    <div className="return-details" data-return-id={ret.id} data-return-status={ret.status}>
      <Heading className="return-details__title">
        {t`Return ${ret.number}`} <ReturnStatusBadge status={ret.status} />
      </Heading>
      <p className="order-fields__hint">
        {t`Reason: ${i18n._(RETURN_REASON_LABELS[ret.reason])}`} ·{' '}
        <time dateTime={ret.requestedAt}>{formatDateTime(ret.requestedAt, locale)}</time>
      </p>
      {ret.comment === null ? null : (
        <blockquote className="order-timeline__comment" aria-label={t`The distributor's comment`}>
          {ret.comment}
        </blockquote>
      )}
      <TableScroll label={t`Products of return ${ret.number}`}>
        <table className="order-table order-table--cards return-details__lines">
          <thead>
            <tr>
              <th scope="col">{t`Product`}</th>
              <th scope="col" className="order-table__num">{t`Returned`}</th>
              {received ? (
                <>
                  <th scope="col" className="order-table__num">{t`Received`}</th>
                  <th scope="col" className="order-table__num">{t`Damaged`}</th>
                </>
              ) : null}
              <th scope="col" className="order-table__num">{t`Price paid`}</th>
              <th scope="col" className="order-table__num">{t`PV per unit`}</th>
            </tr>
          </thead>
          <tbody>
            {ret.lines.map((line) => (
              <tr key={line.productId} data-product-id={line.productId}>
                <th scope="row">
                  {line.name[locale]} <span className="order-fields__hint">{line.article}</span>
                </th>
                <td className="order-table__num" data-label={t`Returned`}>
                  {line.requested}
                </td>
                {received ? (
                  <>
                    <td
                      className="order-table__num"
                      data-label={t`Received`}
                      data-received={line.received ?? ''}
                    >
                      {line.received ?? '—'}
                    </td>
                    <td
                      className="order-table__num"
                      data-label={t`Damaged`}
                      data-damaged={line.damaged ?? ''}
                    >
                      {line.damaged ?? '—'}
                    </td>
                  </>
                ) : null}
                <td className="order-table__num" data-label={t`Price paid`}>
                  {money(line.unitPrice)}
                </td>
                <td className="order-table__num" data-label={t`PV per unit`}>
                  {formatPoints(line.points, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="order-compare return-details__refund" data-refund-state={ret.refund.state}>
        <div>
          <dt>{t`Refund`}</dt>
          <dd data-refund-amount={ret.refund.amount}>
            {t`${money(ret.refund.amount)} (${ret.refund.ratePercent}% of the price), ${refundWay}`}
          </dd>
        </div>
        <div>
          <dt>{t`Refund state`}</dt>
          <dd>{i18n._(RETURN_REFUND_LABELS[ret.refund.state])}</dd>
        </div>
      </dl>
      {ret.refuseComment === null ? null : (
        <p className="notice notice--error">{t`Refused by the warehouse: ${ret.refuseComment}`}</p>
      )}
      <Sub className="return-details__subtitle">{t`History of the return`}</Sub>
      <ol className="order-timeline">
        {[...ret.history].reverse().map((entry, index) => {
          const label = RETURN_HISTORY_LABELS[entry.event];
          return (
            <li key={`${entry.at}-${index}`} className="order-timeline__item" data-event={entry.event}>
              <p className="order-timeline__head">
                <strong>{label === undefined ? entry.event : i18n._(label)}</strong>{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
              </p>
              <p className="order-timeline__meta">
                {entry.by === null ? t`System` : entry.by.fullName} ·{' '}
                {i18n._(RETURN_STATUS_LABELS[entry.status])}
              </p>
              {entry.comment === null ? null : (
                <blockquote className="order-timeline__comment">{entry.comment}</blockquote>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
