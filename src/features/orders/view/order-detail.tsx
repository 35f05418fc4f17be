import type { ApiOrder, ViewerRole } from '#machines/order-actions/order-actions.types.ts';
import { ExchangeStatus } from '../exchange/exchange-status.tsx';
import { OrderActionsPanel } from './order-actions-panel.tsx';
import { OrderCommentForm } from './order-comment-form.tsx';
import { OrderExtras } from './order-extras.tsx';
import { OrderFields } from './order-fields.tsx';
import { OrderHistory } from './order-history.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderLiveNotice } from './order-live-notice.tsx';
import { OrderNotice } from './order-notice.tsx';
import { OrderStatusHeader } from './order-status-header.tsx';
import { OrderViewers } from './order-viewers.tsx';
import { PartialComparisonView } from './partial-comparison.tsx';
import { PartialEditor } from './partial-editor.tsx';
import { ReasonForm } from './reason-form.tsx';
import { HandoverCodeCard } from '../handover/handover-code-card.tsx';
import { HandoverDialog } from '../handover/handover-dialog.tsx';
import { OrderReturns } from '../returns/order-returns.tsx';
import { useOrderActions } from '#src/data/order-actions.actors.ts';
import './order-view.css';

export interface OrderDetailProps {
  order: ApiOrder;
  viewer: ViewerRole;
  /** The pickup threshold (PV) for the distributor's before/after; null while unknown. */
  minPv?: number | null;
}

/**
 * One order with everything the spec lists and the actions the lifecycle allows `role`. The machine holds the
 * order shown: after an action or a conflict it is the server's newest copy.
 */
export function OrderDetail({ order: loaded, viewer, minPv = null }: OrderDetailProps) {
  const [view, send] = useOrderActions(loaded, viewer);
  const order = view.order;
  return (
    <div
      className="order-detail"
      data-order-status={order.status}
      data-order-version={order.version}
      data-payment-state={order.paymentState}
    >
      {viewer === 'warehouse' ? <OrderViewers orderId={order.id} /> : null}
      <OrderStatusHeader view={view} send={send} viewer={viewer} />
      <OrderLiveNotice view={view} send={send} />
      <OrderNotice view={view} send={send} />
      {view.actions.canAcceptPartial ? <PartialComparisonView order={order} minPv={minPv} /> : null}
      {order.handoverCode ? <HandoverCodeCard code={order.handoverCode} /> : null}
      <OrderActionsPanel view={view} send={send} />
      {view.form === 'reason' ? <ReasonForm view={view} send={send} /> : null}
      {view.form === 'partial' ? <PartialEditor view={view} send={send} /> : null}
      {view.form === 'handover' ? <HandoverDialog view={view} send={send} /> : null}
      <ExchangeStatus
        order={order}
        actsAsWarehouse={viewer === 'warehouse'}
        requeue={{ pending: view.requeuing, onRequeue: () => send({ type: 'exchange.requeue' }) }}
      />
      <OrderLines order={order} shortLineIds={view.shortLineIds} />
      <OrderFields order={order} staff={viewer === 'warehouse'} />
      <OrderExtras orderId={order.id} viewer={viewer} />
      <OrderReturns order={order} viewer={viewer} />
      <OrderHistory order={order} />
      <OrderCommentForm view={view} send={send} />
    </div>
  );
}
