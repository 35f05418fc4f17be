import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { orderAttention } from '#machines/order-lifecycle/order-lifecycle.attention.rules.ts';
import { useMyOrders } from '../../data/orders.ts';
import { formatMoney } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { PATHS, pathTo } from '../../ui/paths.ts';
import { ATTENTION_LABELS } from '../../i18n/labels/order-attention.ts';
import './action-needed-card.css';

const SHOWN_AT_MOST = 3;

/**
 * Main's "Action needed" card: the orders that wait for the distributor, each with its next step as a
 * direct link. The server sorts them to the top of Current, so its first page holds them; nothing is shown when no
 * order waits (or while the list loads: the card is a shortcut, the orders page stays the full view).
 */
export function ActionNeededCard() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const orders = useMyOrders('current', 1);
  const waiting = (orders.data?.items ?? []).flatMap((order) => {
    const attention = orderAttention(order);
    return attention === null ? [] : [{ order, attention }];
  });
  if (waiting.length === 0) return null;
  // A shortcut, not a second list: the first few (newest first), so the period's countdown stays on the first screen.
  const shown = waiting.slice(0, SHOWN_AT_MOST);
  return (
    <section className="dash-card dash-card--wide action-needed" aria-labelledby="dash-action-needed">
      <h2 id="dash-action-needed" className="dash-card__title">
        {t`Action needed`}
      </h2>
      <ul className="action-needed__list">
        {shown.map(({ order, attention }) => {
          const number = order.number;
          const amount = formatMoney(order.finalCost, order.currency, locale);
          return (
            <li key={order.id} data-order-id={order.id}>
              <Link to={pathTo(PATHS.myOrder, { orderId: order.id })}>
                {t`Order No. ${number}: ${i18n._(ATTENTION_LABELS[attention])}`}
              </Link>{' '}
              <span className="dash-card__note">{amount}</span>
            </li>
          );
        })}
      </ul>
      <Link to={PATHS.myOrders}>
        {waiting.length > shown.length ? t`All orders waiting for you` : t`All orders`}
      </Link>
    </section>
  );
}
