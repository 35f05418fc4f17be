import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { displayStatus } from '#machines/order-lifecycle/order-lifecycle.status.rules.ts';
import { failureKind } from '../../data/failure-kind.ts';
import { useClientOrders } from '../../data/shop.ts';
import { formatDateTime, formatMoney, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { DISPLAY_STATUS_LABELS } from '../../i18n/labels/display-status.ts';
import { PATHS, pathTo } from '../../ui/paths.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { Skeleton } from '../../ui/spinner.tsx';

/** Orders the card lists: the latest few; the client base has the rest. */
export const CLIENT_ORDERS_SHOWN = 5;

/**
 * Main's "Client orders" (docs/adr/0147-the-storefront-and-client-checkout.md): the latest orders the distributor's
 * shop clients placed, newest first, each leading to the client in the client base. A live `client_order` event
 * reads it again (src/session/events.actors.ts), so a new order appears without a reload.
 */
export function ClientOrdersCard() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const orders = useClientOrders(CLIENT_ORDERS_SHOWN);
  let body;
  if (orders.isPending) body = <Skeleton lines={3} />;
  else if (orders.isError)
    body = (
      <QueryFailure kind={failureKind(orders.error)} onRetry={() => void orders.refetch()} headingLevel={3} />
    );
  else if (orders.data.length === 0)
    body = (
      <p className="dash-card__note" data-client-orders="empty">
        {t`No client has ordered from your shop yet. Share your shop link from Personal data.`}
      </p>
    );
  else
    body = (
      <ul className="client-orders__list" data-client-orders={orders.data.length}>
        {orders.data.map((order) => {
          const number = order.number;
          const client = order.clientName;
          const status = i18n._(DISPLAY_STATUS_LABELS[displayStatus(order.status, 'cash', 'not_required')]);
          const points = formatPoints(order.points, locale);
          return (
            <li key={order.orderId} data-order-id={order.orderId}>
              <Link to={pathTo(PATHS.client, { id: order.clientId })}>
                {t`${client}: order No. ${number}`}
              </Link>
              <span className="dash-card__note">
                {' '}
                {formatMoney(order.total, order.currency, locale)} · {t`${points} PV`} · {status} ·{' '}
                {formatDateTime(order.createdAt, locale)}
              </span>
            </li>
          );
        })}
      </ul>
    );
  return (
    <section className="dash-card dash-card--wide client-orders" aria-labelledby="dash-client-orders">
      <h2 id="dash-client-orders" className="dash-card__title">
        {t`Client orders`}
      </h2>
      {body}
      <Link to={PATHS.clientBase}>{t`Client base`}</Link>
    </section>
  );
}
