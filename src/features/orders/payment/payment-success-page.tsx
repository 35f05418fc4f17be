import { useLingui } from '@lingui/react/macro';
import { PaymentResultScreen } from './payment-result.tsx';

/** Where the payment provider sends the buyer back after a payment; the order's real state decides what shows. */
export default function PaymentSuccessPage() {
  const { t } = useLingui();
  return <PaymentResultScreen pendingTitle={t`Checking the payment`} />;
}
