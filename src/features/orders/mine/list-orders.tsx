import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { orderAttention } from '#machines/order-lifecycle/order-lifecycle.attention.rules.ts';
import { Link } from 'react-router-dom';
import { summaryCanPay } from '#machines/checkout/checkout.payment-result.rules.ts';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { formatDateTime, formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button, buttonClassName } from '#src/ui/button.tsx';
import { EmptyState } from '#src/ui/empty-state.tsx';
import { Pagination } from '#src/ui/pagination.tsx';
import { QueryFailure } from '#src/ui/query-failure.tsx';
import { Skeleton, Spinner } from '#src/ui/spinner.tsx';
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS } from '../view/order-messages.ts';
import { ATTENTION_LABELS } from '#src/i18n/labels/order-attention.ts';
import { EMPTY_TAB_TEXTS, LIST_STATUS_LABELS, TAB_LABELS } from './list-messages.ts';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { useOrderPayment } from '#src/data/order-actions.actors.ts';
import {
  MY_ORDERS_PAGE_SIZE,
  type OrderSummary,
  type UserOrderTab,
  useMyOrders,
  useOrderQuery,
} from '#src/data/orders.ts';
import { failureKind } from '#src/data/failure-kind.ts';

interface PayButtonProps {
  number: string;
  disabled: boolean;
  pending: boolean;
  onPay?: () => void;
}

function PayButton({ number: orderNumber, disabled, pending, onPay }: PayButtonProps) {
  const { t } = useLingui();
  const order = { number: orderNumber };
  return (
    <Button variant="secondary" disabled={disabled} aria-busy={pending} onClick={onPay}>
      {t`Pay`}
      <span className="visually-hidden"> {t`order No. ${order.number}`}</span>
    </Button>
  );
}

/** Pays through the order-actions machine, once the order itself is read (a list row has only its summary). */
function LoadedPay({ order }: { order: ApiOrder }) {
  const { t } = useLingui();
  const payment = useOrderPayment(order, 'my-orders');
  return (
    <>
      <PayButton
        number={order.number}
        disabled={payment.pending || payment.started}
        pending={payment.pending}
        onPay={payment.pay}
      />
      {payment.failed ? (
        <span className="orders-list__error" role="alert">
          {t`Error when placing the order`}
        </span>
      ) : null}
    </>
  );
}

function RowPay({ summary }: { summary: OrderSummary }) {
  const order = useOrderQuery(summary.id);
  if (order.data === undefined)
    return <PayButton number={summary.number} disabled pending={order.isPending} />;
  return <LoadedPay order={order.data} />;
}

function OrderRow({ order }: { order: OrderSummary }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const number = order.number;
  const count = order.itemCount;
  const attention = orderAttention(order);
  const orderPath = pathTo(PATHS.myOrder, { orderId: order.id });
  return (
    <tr data-order-id={order.id} data-attention={attention ?? undefined}>
      <th scope="row">
        <Link to={orderPath}>{t`No. ${number}`}</Link>
      </th>
      <td data-label={t`Date`}>{formatDateTime(order.createdAt, locale)}</td>
      <td data-label={t`Items`}>{t({ message: plural(count, { one: '# item', other: '# items' }) })}</td>
      <td data-label={t`Receiving and payment`}>
        {i18n._(DELIVERY_TYPE_LABELS[order.deliveryType])} ·{' '}
        {i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}
      </td>
      <td data-label={t`Final cost`}>{formatMoney(order.finalCost, order.currency, locale)}</td>
      <td data-label={t`Status`}>
        <span className="orders-list__status" data-display-status={order.displayStatus}>
          {i18n._(LIST_STATUS_LABELS[order.displayStatus])}
        </span>
        {attention === null ? null : <span className="orders-list__attention">{t`Action needed`}</span>}
      </td>
      <td className="orders-list__actions">
        {summaryCanPay(order) ? (
          <RowPay summary={order} />
        ) : attention === null ? null : (
          <Link to={orderPath} className={buttonClassName('secondary')}>
            {i18n._(ATTENTION_LABELS[attention])}
            <span className="visually-hidden"> {t`order No. ${number}`}</span>
          </Link>
        )}
      </td>
    </tr>
  );
}

export interface OrdersListProps {
  tab: UserOrderTab;
  page: number;
  onPage: (page: number) => void;
}

/** One tab of `/my-orders`: a server page of orders, newest first. */
export function OrdersList({ tab, page, onPage }: OrdersListProps) {
  const { t, i18n } = useLingui();
  const orders = useMyOrders(tab, page);
  if (orders.isError) {
    return (
      <QueryFailure
        title={t`The orders could not be loaded`}
        kind={failureKind(orders.error)}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  if (orders.data === undefined) {
    return (
      <div aria-busy="true">
        <Spinner label={t`Loading orders…`} />
        <Skeleton lines={5} />
      </div>
    );
  }
  const { items, total } = orders.data;
  if (items.length === 0 && page === 1) {
    return (
      <EmptyState
        title={i18n._(TAB_LABELS[tab])}
        description={i18n._(EMPTY_TAB_TEXTS[tab])}
        headingLevel={2}
      />
    );
  }
  const caption = i18n._(TAB_LABELS[tab]);
  return (
    <div className="orders-list" aria-busy={orders.isPlaceholderData}>
      <table className="orders-list__table">
        <caption className="visually-hidden">
          {tab === 'current'
            ? t`${caption}: orders that need you first, then newest first`
            : t`${caption}: orders, newest first`}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t`Order`}</th>
            <th scope="col">{t`Date`}</th>
            <th scope="col">{t`Items`}</th>
            <th scope="col">{t`Receiving and payment`}</th>
            <th scope="col">{t`Final cost`}</th>
            <th scope="col">{t`Status`}</th>
            <th scope="col">
              <span className="visually-hidden">{t`Actions`}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </tbody>
      </table>
      <Pagination page={page} pageSize={MY_ORDERS_PAGE_SIZE} total={total} onPage={onPage} />
      <p className="orders-list__total">
        {t({ message: plural(total, { one: '# order', other: '# orders' }) })}
      </p>
      <Link to={PATHS.newOrder} className={buttonClassName('ghost')}>
        {t`New order`}
      </Link>
    </div>
  );
}
