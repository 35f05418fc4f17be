import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/routes.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** Where the payment provider sends the buyer back after a cancelled payment. */
export default function PaymentCancelPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Payment cancelled`} />
      <p>{t`The payment was cancelled and no money was taken. Your order is kept: you can pay for it later from your orders.`}</p>
      <Link to={PATHS.myOrders} className={buttonClassName('primary')}>
        {t`Go to my orders`}
      </Link>
    </>
  );
}
