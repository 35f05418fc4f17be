import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { PATHS } from '#src/ui/paths.ts';
import { OrderDetailScreen } from '../view/order-detail-screen.tsx';

/** `/my-orders/:orderId`: the distributor's own order. */
export default function OrderDetailPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  return (
    <OrderDetailScreen
      orderId={Number(orderId)}
      viewer="distributor"
      backTo={PATHS.myOrders}
      backLabel={t`Back to my orders`}
    />
  );
}
