import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectIsRefreshingUser, selectUser } from '#machines/auth/auth.selectors.ts';
import type { CheckoutView } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import { useAuthSelector, useAuthSend } from '#src/session/auth-context.tsx';
import { PATHS, pathTo } from '#src/ui/paths.ts';
import { buttonClassName, Button } from '#src/ui/button.tsx';
import { formatMoney } from '#src/i18n/format.ts';
import { useLocale } from '#src/i18n/i18n.ts';
import { Spinner } from '#src/ui/spinner.tsx';
import { FAILURE_DETAILS, FAILURE_HEADLINES, SUBMIT_FAILURE_HINT } from './checkout-messages.ts';

type Send = (event: CheckoutEvent) => void;

/** 'Need to confirm your email' inside the checkout, with a way to resend the link (spec section 5). */
export function EmailStop({ view, send }: { view: CheckoutView; send: Send }) {
  const { t } = useLingui();
  const authSend = useAuthSend();
  const user = useAuthSelector(selectUser);
  const refreshing = useAuthSelector(selectIsRefreshingUser);
  const confirmed = user?.emailConfirmed === true;
  // Go on only when the address becomes confirmed here (the server may refuse a user the stored profile calls
  // confirmed: then this waits for the reload that says so).
  const [wasConfirmed] = useState(confirmed);
  useEffect(() => {
    if (confirmed && !wasConfirmed) send({ type: 'email.confirmed' });
  }, [confirmed, wasConfirmed, send]);
  const email = user?.email ?? '';
  return (
    <div className="notice notice--error checkout-outcome" role="alert">
      <p className="checkout-outcome__title">{t`Need to confirm your email`}</p>
      <p>
        <Trans>Open the confirmation link we sent to {email} to place orders.</Trans>
      </p>
      {view.resendStatus === 'sent' ? <p role="status">{t`A new confirmation link is on its way.`}</p> : null}
      {view.resendStatus === 'failed' ? <p>{t`The link could not be sent. Try again in a minute.`}</p> : null}
      <div className="checkout-nav__buttons">
        <Button
          variant="secondary"
          disabled={view.resendStatus === 'sending'}
          aria-busy={view.resendStatus === 'sending'}
          onClick={() => send({ type: 'email.resend' })}
        >
          {view.resendStatus === 'sending' ? t`Sending…` : t`Send the link again`}
        </Button>
        <Button variant="ghost" disabled={refreshing} onClick={() => authSend({ type: 'auth.user.refresh' })}>
          {refreshing ? t`Checking…` : t`I have confirmed it`}
        </Button>
      </div>
    </div>
  );
}

export function CheckoutFailureNotice({ view, send }: { view: CheckoutView; send: Send }) {
  const { t, i18n } = useLingui();
  const failure = view.failure;
  if (failure === null) return null;
  const detail = FAILURE_DETAILS[failure.code];
  return (
    <div className="notice notice--error checkout-outcome" role="alert" data-failure={failure.kind}>
      <p className="checkout-outcome__title">{i18n._(FAILURE_HEADLINES[failure.kind])}</p>
      {failure.kind === 'submit' ? <p>{i18n._(SUBMIT_FAILURE_HINT)}</p> : null}
      {detail !== undefined && failure.kind !== 'submit' ? <p>{i18n._(detail)}</p> : null}
      {failure.kind === 'payment' && view.order !== null ? (
        <p>
          <Trans>
            Your order No. {view.order.number} is saved: you can try the payment again now or later from your
            orders.
          </Trans>
        </p>
      ) : null}
      <div className="checkout-nav__buttons">
        {view.canRetry ? <Button onClick={() => send({ type: 'order.retry' })}>{t`Try again`}</Button> : null}
        {view.canRetryPayment ? (
          <Button onClick={() => send({ type: 'payment.retry' })}>{t`Try the payment again`}</Button>
        ) : null}
        {view.canBack ? (
          <Button variant="secondary" onClick={() => send({ type: 'step.back' })}>
            {t`Back to the review`}
          </Button>
        ) : null}
        {view.canCancel ? (
          <Button variant="ghost" onClick={() => send({ type: 'checkout.cancel' })}>
            {t`Back to the bag`}
          </Button>
        ) : null}
        {view.order !== null ? (
          <Link className={buttonClassName('ghost')} to={pathTo(PATHS.myOrder, { orderId: view.order.id })}>
            {t`View the order`}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export function CheckoutBusy({ label }: { label: string }) {
  return (
    <div className="checkout-outcome" aria-busy="true">
      <Spinner label={label} />
      <p aria-hidden="true">{label}</p>
    </div>
  );
}

export function OrderPlaced({ view }: { view: CheckoutView }) {
  const { t } = useLingui();
  const locale = useLocale();
  const order = view.order;
  if (order === null) return null;
  const number = order.number;
  const total = formatMoney(order.finalCost, order.currency, locale);
  return (
    <div className="notice notice--success checkout-outcome" role="status" data-testid="order-placed">
      <p className="checkout-outcome__title">
        <Trans>Thank you! Your order No. {number} is placed.</Trans>
      </p>
      <p>
        {view.payLater
          ? t`The warehouse checks the order first; once it confirms the amount you can pay by card from the order.`
          : t`The warehouse checks the order and prepares it; you can follow it in your orders.`}
      </p>
      <h3 className="checkout-outcome__subtitle">{t`What you ordered`}</h3>
      <ul className="checkout-outcome__lines">
        {order.lines.map((line) => {
          const name = line.name[locale];
          const quantity = line.requestedQuantity;
          return <li key={line.id}>{t`${name} × ${quantity}`}</li>;
        })}
      </ul>
      <p className="checkout-outcome__total">{t`Total: ${total}`}</p>
      <div className="checkout-nav__buttons">
        <Link className={buttonClassName('primary')} to={pathTo(PATHS.myOrder, { orderId: order.id })}>
          {t`View the order`}
        </Link>
        <Link className={buttonClassName('secondary')} to={PATHS.myOrders}>
          {t`Go to my orders`}
        </Link>
      </div>
    </div>
  );
}
