import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { components } from '../../../../openapi/schema.d.ts';
import { PATHS, pathTo } from '../../../ui/paths.ts';
import { formatDateTime, formatMoney, formatNumber, formatPoints } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/i18n.ts';
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from '../view/order-messages.ts';
import { ExchangeBadge } from '../exchange/exchange-status.tsx';
import { OrderStatusBadge } from '../view/order-status-badge.tsx';
import { TableScroll } from '../view/table-scroll.tsx';

type OrderSummary = components['schemas']['OrderSummary'];

/** Number, date, customer, items, amount, PV, delivery or pickup, payment method and state, status. */
export function WarehouseOrdersTable({
  orders,
  caption,
  busy,
}: {
  orders: OrderSummary[];
  caption: string;
  busy: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  return (
    <TableScroll label={caption}>
      <table className="order-table warehouse-list__table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Number`}</th>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`Customer`}</th>
            <th scope="col" className="order-table__num">{t`Items`}</th>
            <th scope="col" className="order-table__num">{t`Amount`}</th>
            <th scope="col" className="order-table__num">{t`PV`}</th>
            <th scope="col">{t`Delivery or pickup`}</th>
            <th scope="col">{t`Payment`}</th>
            <th scope="col">{t`Status`}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              <th scope="row">
                <Link to={pathTo(PATHS.warehouseOrder, { id: order.id })} className="warehouse-list__number">
                  {order.number}
                </Link>
              </th>
              <td>{formatDateTime(order.createdAt, locale)}</td>
              <td>
                {order.customer.fullName}
                {order.customer.prn === null ? null : (
                  <span className="warehouse-list__sub">{order.customer.prn}</span>
                )}
              </td>
              <td className="order-table__num">{formatNumber(order.itemCount, locale)}</td>
              <td className="order-table__num">{formatMoney(order.finalCost, order.currency, locale)}</td>
              <td className="order-table__num">{formatPoints(order.points, locale)}</td>
              <td>{i18n._(DELIVERY_TYPE_LABELS[order.deliveryType])}</td>
              <td>
                {i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}
                <span className="warehouse-list__sub">
                  {i18n._(PAYMENT_STATE_LABELS[order.paymentState])}
                </span>
              </td>
              <td>
                <OrderStatusBadge status={order.status} />
                <ExchangeBadge exchange={order.exchange} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Rows of placeholders while the first page loads. */
export function WarehouseOrdersSkeleton({ rows }: { rows: number }) {
  return (
    <div className="warehouse-list__skeleton" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="warehouse-list__skeleton-row" />
      ))}
    </div>
  );
}
