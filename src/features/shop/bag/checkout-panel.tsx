import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { CheckoutMachine } from '#machines/checkout/checkout.machine.ts';
import { GUIDED_STEPS, type CheckoutView, type GuidedStep } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutEvent } from '#machines/checkout/checkout.types.ts';
import type { OrderParams } from '#src/data/account.ts';
import type { CartTotals } from '#src/data/bag.ts';
import { STEP_TITLES } from './checkout-messages.ts';
import { CheckoutBusy, CheckoutFailureNotice, EmailStop, OrderPlaced } from './checkout-outcome.tsx';
import {
  AddressStep,
  CommentsStep,
  DeliveryStep,
  PaymentStep,
  PickupPointStep,
  ReviewStep,
  type StepProps,
} from './checkout-steps.tsx';

export type CheckoutActorRef = ActorRefFrom<CheckoutMachine>;

function Progress({ current }: { current: GuidedStep }) {
  const { i18n, t } = useLingui();
  const index = GUIDED_STEPS.indexOf(current);
  return (
    <ol className="checkout-progress" aria-label={t`Checkout steps`}>
      {GUIDED_STEPS.map((step, position) => (
        <li
          key={step}
          className="checkout-progress__item"
          data-state={position < index ? 'done' : position === index ? 'current' : 'todo'}
          aria-current={position === index ? 'step' : undefined}
        >
          <span className="checkout-progress__number" aria-hidden="true">
            {position + 1}
          </span>
          {i18n._(STEP_TITLES[step])}
        </li>
      ))}
    </ol>
  );
}

const STEP_COMPONENTS = {
  delivery: DeliveryStep,
  address: AddressStep,
  pickupPoint: PickupPointStep,
  comments: CommentsStep,
  payment: PaymentStep,
  review: ReviewStep,
} as const;

export interface CheckoutPanelProps {
  view: CheckoutView;
  send: (event: CheckoutEvent) => void;
  params: OrderParams;
  totals: CartTotals;
}

/** The checkout part of the bag page: the machine's step, rendered. */
export function CheckoutPanel({ view, send, params, totals }: CheckoutPanelProps) {
  const { t, i18n } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const step = view.step;
  // The panel mounts when the checkout starts (it is loaded lazily then): the first step is a change of step too.
  const previous = useRef<typeof step>('bag');
  useEffect(() => {
    // Keyboard and screen-reader users continue at the new step's heading.
    if (previous.current !== step) headingRef.current?.focus();
    previous.current = step;
  }, [step]);

  if (step === 'bag') return null;

  let title: string;
  let content;
  if (view.guidedStep !== null && step in STEP_COMPONENTS) {
    const Step = STEP_COMPONENTS[step as keyof typeof STEP_COMPONENTS];
    const props: StepProps = { view, send, params, totals };
    title = t`Step ${GUIDED_STEPS.indexOf(view.guidedStep) + 1} of ${GUIDED_STEPS.length}: ${i18n._(STEP_TITLES[view.guidedStep])}`;
    content = (
      <>
        <Progress current={view.guidedStep} />
        <Step {...props} />
      </>
    );
  } else if (step === 'emailUnconfirmed') {
    title = t`Checkout`;
    content = <EmailStop view={view} send={send} />;
  } else if (step === 'submitting') {
    title = t`Placing the order`;
    content = <CheckoutBusy label={t`Placing your order…`} />;
  } else if (step === 'paying' || step === 'redirecting') {
    title = t`Payment`;
    content = <CheckoutBusy label={t`Taking you to the payment page…`} />;
  } else if (step === 'failed' || step === 'paymentFailed') {
    title = t`The order was not completed`;
    content = <CheckoutFailureNotice view={view} send={send} />;
  } else {
    title = t`Order placed`;
    content = <OrderPlaced view={view} />;
  }
  return (
    <section className="checkout" aria-labelledby="checkout-title" data-step={step}>
      <h2 id="checkout-title" ref={headingRef} tabIndex={-1} className="checkout__title">
        {title}
      </h2>
      {content}
    </section>
  );
}
