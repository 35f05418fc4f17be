import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { components } from '#openapi/schema.d.ts';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { formatDateTime, formatMoney, formatNumber, formatPoints } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { formatAge } from '#src/i18n/labels/warehouse-queue.ts';
import { DELIVERY_TYPE_LABELS, PAYMENT_METHOD_LABELS, PAYMENT_STATE_LABELS } from '../view/order-messages.ts';
import { ExchangeBadge } from '../exchange/exchange-status.tsx';
import { OrderStatusBadge } from '../view/order-status-badge.tsx';
import { TableScroll } from '../view/table-scroll.tsx';
import type { QueueSort, SortDirection } from './warehouse-orders.params.ts';

type OrderSummary = components['schemas']['OrderSummary'];

const HOUR_MS = 3_600_000;

export const COLUMN_LABELS: Record<QueueSort, MessageDescriptor> = {
  number: msg`Number`,
  date: msg`Date`,
  customer: msg`Customer`,
  amount: msg`Amount`,
  points: msg`PV`,
  age: msg`In this status`,
};

export interface QueueTableSort {
  sort: QueueSort;
  dir: SortDirection;
  onSort: (column: QueueSort) => void;
}

export interface QueueTableSelection {
  selected: ReadonlySet<number>;
  onToggle: (order: OrderSummary) => void;
  onTogglePage: (selected: boolean) => void;
  disabled: boolean;
}

/** The page's checkbox: checked when every row is, mixed when some are. */
function SelectPage({
  orders,
  selection,
}: {
  orders: readonly OrderSummary[];
  selection: QueueTableSelection;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLInputElement>(null);
  const count = orders.filter((order) => selection.selected.has(order.id)).length;
  const all = count > 0 && count === orders.length;
  useEffect(() => {
    if (ref.current !== null) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="warehouse-list__check"
      aria-label={t`Select all orders on this page`}
      checked={all}
      disabled={selection.disabled}
      onChange={() => selection.onTogglePage(!all)}
    />
  );
}

/**
 * The queue: a checkbox per row, sortable columns (number, date, customer, amount, PV, age in this status, each
 * header a button with `aria-sort`), delivery or pickup, payment, status. Below 720 px each row is a compact card
 * (`warehouse-orders.css`: its cells placed by `data-cell`, the figures that do not name themselves labelled).
 */
export function WarehouseOrdersTable({
  orders,
  caption,
  busy,
  sorting,
  selection,
  ageLimitHours,
  now,
}: {
  orders: OrderSummary[];
  caption: string;
  busy: boolean;
  sorting: QueueTableSort;
  selection: QueueTableSelection;
  ageLimitHours: number;
  /** The time the page was read: ages are counted to it. */
  now: number;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const header = (column: QueueSort, numeric = false) => {
    const active = sorting.sort === column;
    const direction = active ? (sorting.dir === 'asc' ? 'ascending' : 'descending') : 'none';
    return (
      <th scope="col" aria-sort={direction} className={numeric ? 'order-table__num' : undefined}>
        <button type="button" className="warehouse-list__sort" onClick={() => sorting.onSort(column)}>
          {i18n._(COLUMN_LABELS[column])}
          <span aria-hidden="true" className="warehouse-list__sort-mark">
            {active ? (sorting.dir === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };
  const label = (descriptor: MessageDescriptor) => i18n._(descriptor);
  return (
    <TableScroll label={caption}>
      <table className="order-table warehouse-list__table" aria-busy={busy}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="warehouse-list__select">
              <SelectPage orders={orders} selection={selection} />
            </th>
            {header('number')}
            {header('date')}
            {header('customer')}
            <th scope="col" className="order-table__num">{t`Items`}</th>
            {header('amount', true)}
            {header('points', true)}
            {header('age')}
            <th scope="col">{t`Delivery or pickup`}</th>
            <th scope="col">{t`Payment`}</th>
            <th scope="col">{t`Status`}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const since = Date.parse(order.statusSince ?? order.updatedAt);
            const age = now - since;
            const late = age > ageLimitHours * HOUR_MS;
            const selected = selection.selected.has(order.id);
            return (
              <tr
                key={order.id}
                data-order-id={order.id}
                className={selected ? 'warehouse-list__row--selected' : undefined}
              >
                <td className="warehouse-list__select" data-cell="select">
                  <input
                    type="checkbox"
                    className="warehouse-list__check"
                    aria-label={t`Select order ${order.number}`}
                    checked={selected}
                    disabled={selection.disabled}
                    onChange={() => selection.onToggle(order)}
                  />
                </td>
                <th scope="row" data-cell="number" data-label={label(COLUMN_LABELS.number)}>
                  <Link
                    to={pathTo(PATHS.warehouseOrder, { id: order.id })}
                    className="warehouse-list__number"
                  >
                    {order.number}
                  </Link>
                </th>
                <td data-cell="date" data-label={label(COLUMN_LABELS.date)}>
                  {formatDateTime(order.createdAt, locale)}
                </td>
                <td data-cell="customer" data-label={label(COLUMN_LABELS.customer)}>
                  {order.customer.fullName}
                  {order.customer.prn === null ? null : (
                    <span className="warehouse-list__sub">{order.customer.prn}</span>
                  )}
                </td>
                <td className="order-table__num" data-cell="items" data-label={t`Items`}>
                  {formatNumber(order.itemCount, locale)}
                </td>
                <td className="order-table__num" data-cell="amount" data-label={label(COLUMN_LABELS.amount)}>
                  {formatMoney(order.finalCost, order.currency, locale)}
                </td>
                <td className="order-table__num" data-cell="points" data-label={label(COLUMN_LABELS.points)}>
                  {formatPoints(order.points, locale)}
                </td>
                <td data-cell="age" data-label={label(COLUMN_LABELS.age)}>
                  <span
                    className={late ? 'warehouse-list__age warehouse-list__age--late' : 'warehouse-list__age'}
                    data-late={late}
                  >
                    {formatAge(age, locale)}
                    {late ? (
                      <span className="warehouse-list__late">
                        {t`over ${formatNumber(ageLimitHours, locale)} h`}
                      </span>
                    ) : null}
                  </span>
                </td>
                <td data-cell="delivery" data-label={t`Delivery or pickup`}>
                  {i18n._(DELIVERY_TYPE_LABELS[order.deliveryType])}
                </td>
                <td data-cell="payment" data-label={t`Payment`}>
                  {i18n._(PAYMENT_METHOD_LABELS[order.paymentMethod])}
                  <span className="warehouse-list__sub">
                    {i18n._(PAYMENT_STATE_LABELS[order.paymentState])}
                  </span>
                </td>
                <td data-cell="status" data-label={t`Status`}>
                  <OrderStatusBadge status={order.status} />
                  <ExchangeBadge exchange={order.exchange} />
                </td>
              </tr>
            );
          })}
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
