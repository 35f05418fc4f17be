import { useLingui } from '@lingui/react/macro';
import type { AnswerKind } from '#machines/order-actions/order-actions.types.ts';

/** "Order 000204 confirmed": what the toast and the live region say once the server accepted a request. */
export function useAnswerText(): (kind: AnswerKind, number: string) => string {
  const { t } = useLingui();
  return (kind, number) => {
    switch (kind) {
      case 'check.start':
        return t`Order ${number}: checking started`;
      case 'order.confirm':
        return t`Order ${number} confirmed`;
      case 'order.confirmPartial':
        return t`Order ${number} confirmed partially`;
      case 'order.reject':
        return t`Order ${number} rejected`;
      case 'order.decline':
        return t`Order ${number} declined`;
      case 'order.cancel':
        return t`Order ${number} cancelled`;
      case 'partial.accept':
        return t`Order ${number}: the changed order accepted`;
      case 'partial.reject':
        return t`Order ${number}: the changed order rejected`;
      case 'order.prepare':
        return t`Order ${number} marked prepared`;
      case 'order.markReady':
        return t`Order ${number} marked ready`;
      case 'pickup.request':
        return t`Order ${number}: pickup requested`;
      case 'delivery.request':
        return t`Order ${number}: delivery requested`;
      case 'order.handOver':
        return t`Order ${number} handed over`;
      case 'delivery.process':
        return t`Order ${number}: delivery being processed`;
      case 'order.send':
        return t`Order ${number} marked sent`;
      case 'delivery.outForDelivery':
        return t`Order ${number} out for delivery`;
      case 'receipt.confirm':
        return t`Order ${number}: receipt confirmed`;
      case 'order.complete':
        return t`Order ${number} completed`;
      case 'order.sendTo1c':
        return t`Order ${number} sent to 1C`;
      case 'comment':
        return t`Comment added to order ${number}`;
      case 'requeue':
        return t`Order ${number} queued for 1C again`;
    }
  };
}
