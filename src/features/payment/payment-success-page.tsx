import { useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import { PATHS } from '../../app/routes.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** Where the payment provider sends the buyer back after a completed payment. */
export default function PaymentSuccessPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Payment successful`} />
      <p>{t`Thank you: the payment went through. The order's status changes once the payment provider confirms it to us.`}</p>
      <Link to={PATHS.myOrders} className={buttonClassName('primary')}>
        {t`Go to my orders`}
      </Link>
    </>
  );
}
