import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { selectIsDistributor } from '#machines/auth/auth.selectors.ts';
import type { ViewerRole } from '#machines/order-actions/order-actions.types.ts';
import { useAuthSelector } from '#src/session/auth-context.tsx';
import { buttonClassName } from '#src/ui/button.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { Skeleton, Spinner } from '#src/ui/spinner.tsx';
import { OrderDetail } from './order-detail.tsx';
import { STATUS_LABELS } from './order-messages.ts';
import { useOrderParams } from '#src/data/account.ts';
import { useOrderQuery } from '#src/data/orders.ts';
import './order-view.css';

export interface OrderDetailScreenProps {
  orderId: number;
  viewer: ViewerRole;
  /** The list this page belongs to. */
  backTo: string;
  backLabel: string;
}

/** An order page: loads the order (a 404 becomes the route's 'Not Found'), then shows it for `viewer`. */
export function OrderDetailScreen({ orderId, viewer, backTo, backLabel }: OrderDetailScreenProps) {
  const { t, i18n } = useLingui();
  const query = useOrderQuery(orderId);
  // Pickup-threshold labels are for roles with volumes (partner, partner_warehouse), as on the bag.
  const hasVolumes = useAuthSelector(selectIsDistributor);
  const params = useOrderParams({ enabled: viewer === 'distributor' && hasVolumes });
  const back = (
    <Link to={backTo} className={buttonClassName('secondary')}>
      {backLabel}
    </Link>
  );

  // A failed first load goes to the route's boundary (404 → 'Not Found'); a failed background refetch keeps the page.
  if (query.data === undefined && query.isError) throw query.error;
  if (query.data === undefined) {
    return (
      <>
        <PageHeader title={t`Order`} actions={back} />
        <div className="order-detail__skeleton" aria-busy="true">
          <Spinner label={t`Loading the order…`} />
          <Skeleton lines={4} />
          <Skeleton lines={6} />
        </div>
      </>
    );
  }
  const order = query.data;
  return (
    <>
      <PageHeader
        title={t`Order No. ${order.number}`}
        subtitle={i18n._(STATUS_LABELS[order.status])}
        actions={back}
      />
      <OrderDetail
        key={order.id}
        order={order}
        viewer={viewer}
        minPv={params.data?.pickupThreshold.minPv ?? null}
      />
    </>
  );
}
