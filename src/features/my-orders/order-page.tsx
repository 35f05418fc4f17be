import { useLingui } from '@lingui/react/macro';
import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../ui/coming-soon.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

export default function OrderPage() {
  const { t } = useLingui();
  const { orderId = '' } = useParams();
  return (
    <>
      <PageHeader title={t`Order`} subtitle={t`Orders · No. ${orderId}`} />
      <ComingSoon
        description={t`The order's products, amounts, status, delivery or pickup and payment will be shown here.`}
      />
    </>
  );
}
