import { useLingui } from '@lingui/react/macro';
import { PaymentResultScreen } from './payment-result.tsx';

/** Where the payment provider sends the buyer back after a cancelled or failed payment; the order decides. */
export default function PaymentCancelPage() {
  const { t } = useLingui();
  return <PaymentResultScreen pendingTitle={t`Payment not completed`} />;
}
