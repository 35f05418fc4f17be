import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { PATHS } from '#src/ui/paths.ts';
import { OrderDetailScreen } from '../view/order-detail-screen.tsx';
import { OrderPrintButtons } from '../print/order-print-buttons.tsx';

/** `/my-orders-warehouse/:id`: an order of the caller's warehouse, with the warehouse's actions. */
export default function WarehouseOrderPage() {
  const { t } = useLingui();
  const { id = '' } = useParams();
  return (
    <>
      <OrderDetailScreen
        orderId={Number(id)}
        viewer="warehouse"
        backTo={PATHS.warehouseOrders}
        backLabel={t`Back to warehouse orders`}
      />
      <OrderPrintButtons orderIds={[Number(id)]} label={t`Print this order`} />
    </>
  );
}
