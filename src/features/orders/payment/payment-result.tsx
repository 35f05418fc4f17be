import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { selectIsAuthenticated, selectIsStarting } from '#machines/auth/auth.selectors.ts';
import { loginPathFrom } from '#machines/auth/auth.redirects.ts';
import { selectPaymentResult, type PaymentResult } from '#machines/checkout/checkout.payment-result.rules.ts';
import { useAuthSelector } from '#src/session/auth-context.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Button, buttonClassName } from '#src/ui/button.tsx';
import { PageHeader } from '#src/ui/page-header.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import type { ApiOrder } from '#machines/order-actions/order-actions.types.ts';
import { useOrderPayment } from '#src/data/order-actions.actors.ts';
import { usePaymentOrder } from '#src/data/orders.ts';
import { ERROR_MESSAGES } from '../view/order-messages.ts';
import '#src/ui/auth-form.css';
import './payment.css';

const TITLES: Record<PaymentResult, MessageDescriptor> = {
  paid: msg`Payment successful`,
  pending: msg`The order is not paid yet`,
  failed: msg`Payment failed`,
  notDue: msg`No payment is due now`,
  closed: msg`The order is cancelled`,
  refunded: msg`The payment goes back to your card`,
};

const TEXTS: Record<PaymentResult, MessageDescriptor> = {
  paid: msg`Thank you: the payment arrived. The warehouse prepares your order.`,
  pending: msg`No payment has arrived for this order. If you cancelled it, you can pay now; if you paid, the confirmation may take a moment.`,
  failed: msg`The payment provider could not take the payment. No money was taken; you can try again.`,
  notDue: msg`There is nothing to pay for this order at the moment.`,
  closed: msg`This order was cancelled or declined, so it cannot be paid.`,
  refunded: msg`This order was cancelled after it was paid. The whole amount goes back to the card you paid with; the order page shows when.`,
};

const PAY_ERROR = msg`Error when placing the order`;
/** The bank's own failures say what happened; anything else is the spec's message. */
const BANK_ERRORS = new Set(['PAYMENT_PROVIDER_UNAVAILABLE', 'PAYMENT_PROVIDER_ERROR']);

function orderIdOf(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
}

export interface PaymentResultScreenProps {
  /** The heading while the order loads (the return path only hints; the order decides). */
  pendingTitle: string;
}

/**
 * `/payment/success` and `/payment/cancel`: read `orderId` from the URL, ask the server for the order's real
 * payment state and offer the next step (view the order, pay or retry the payment).
 */
export function PaymentResultScreen({ pendingTitle }: PaymentResultScreenProps) {
  const { t } = useLingui();
  const location = useLocation();
  const [params] = useSearchParams();
  const orderId = orderIdOf(params.get('orderId'));
  const starting = useAuthSelector(selectIsStarting);
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const order = usePaymentOrder(orderId, authenticated);

  if (orderId === null) {
    return (
      <>
        <PageHeader title={t`Payment`} />
        <p>{t`The link does not name an order. Your orders show the state of every payment.`}</p>
        <Link to={PATHS.myOrders} className={buttonClassName('primary')}>
          {t`Go to my orders`}
        </Link>
      </>
    );
  }
  if (starting) return <Spinner />;
  if (!authenticated) {
    return (
      <>
        <PageHeader title={pendingTitle} />
        <p>{t`Log in to see the payment state of your order.`}</p>
        <Link to={loginPathFrom(location)} className={buttonClassName('primary')}>
          {t`Log in`}
        </Link>
      </>
    );
  }
  if (order.isError) {
    return (
      <>
        <PageHeader title={pendingTitle} />
        <p className="notice notice--error" role="alert">
          {t`The order's payment state could not be loaded.`}
        </p>
        <div className="payment-result__actions">
          <Button onClick={() => void order.refetch()}>{t`Try again`}</Button>
          <Link to={PATHS.myOrders} className={buttonClassName('secondary')}>
            {t`Go to my orders`}
          </Link>
        </div>
      </>
    );
  }
  if (order.data === undefined) {
    return (
      <>
        <PageHeader title={pendingTitle} />
        <Spinner label={t`Checking the payment…`} />
      </>
    );
  }

  return <PaymentOutcome order={order.data} />;
}

/** The order's payment state and the next step; paying goes through the order-actions machine (`paying`). */
function PaymentOutcome({ order: current }: { order: ApiOrder }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const pay = useOrderPayment(current, 'payment-return');
  const { result, canPay } = selectPaymentResult(current);
  const number = current.number;
  const amount = formatMoney(current.finalCost, current.currency, locale);
  return (
    <>
      <PageHeader title={i18n._(TITLES[result])} />
      <section className="payment-result" data-result={result} aria-labelledby="payment-order-title">
        <h2 id="payment-order-title" className="payment-result__order">
          <Trans>
            Order No. {number}, {amount}
          </Trans>
        </h2>
        <p role="status">{i18n._(TEXTS[result])}</p>
        {pay.failed ? (
          <p className="notice notice--error" role="alert">
            {i18n._(
              pay.errorCode !== null && BANK_ERRORS.has(pay.errorCode)
                ? (ERROR_MESSAGES[pay.errorCode] ?? PAY_ERROR)
                : PAY_ERROR,
            )}
          </p>
        ) : null}
        <div className="payment-result__actions">
          {canPay ? (
            <Button disabled={pay.pending || pay.started} aria-busy={pay.pending} onClick={pay.pay}>
              {result === 'failed' ? t`Retry payment` : t`Pay now`}
            </Button>
          ) : null}
          <Link
            to={pathTo(PATHS.myOrder, { orderId: current.id })}
            className={buttonClassName(canPay ? 'secondary' : 'primary')}
          >
            {t`View the order`}
          </Link>
          <Link to={PATHS.myOrders} className={buttonClassName('ghost')}>
            {t`Go to my orders`}
          </Link>
        </div>
      </section>
    </>
  );
}
