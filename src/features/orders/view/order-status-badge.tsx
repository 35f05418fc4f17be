import { useLingui } from '@lingui/react/macro';
import type { DisplayStatus, OrderStatus } from '#machines/order-lifecycle/order-lifecycle.types.ts';
import { DISPLAY_STATUS_LABELS, STATUS_LABELS } from './order-messages.ts';
import './order-view.css';

/** The lifecycle status as a badge; `data-status` carries the code for styling. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return (
    <span className="order-badge" data-status={status}>
      {i18n._(STATUS_LABELS[status])}
    </span>
  );
}

/** The payment-order status the distributor sees (New, Need pay, ... Declined). */
export function DisplayStatusBadge({ status }: { status: DisplayStatus }) {
  const { i18n } = useLingui();
  return (
    <span className="order-badge order-badge--display" data-display-status={status}>
      {i18n._(DISPLAY_STATUS_LABELS[status])}
    </span>
  );
}
