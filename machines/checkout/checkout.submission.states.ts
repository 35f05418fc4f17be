import { assign, not } from 'xstate';
import {
  createFailure,
  errorCodeOf,
  isDefiniteRefusal,
  isEmailNotConfirmed,
  paymentIsDue,
} from './checkout.rules.ts';
import { checkoutSetup } from './checkout.setup.ts';

/**
 * The checkout after the review: the order is created with its `Idempotency-Key` (`submitting`), a refusal or a
 * lost answer rests in `failed`, and a card order due now is paid (`paying`, `paymentFailed`).
 */
export const submittingState = checkoutSetup.createStateConfig({
  entry: [
    assign({ failure: null }),
    'preparePending',
    { type: 'persistPending', params: ({ context }) => ({ pending: context.pending }) },
  ],
  invoke: {
    id: 'createOrder',
    src: 'createOrder',
    input: ({ context }) => {
      if (context.pending === null) throw new Error('submitting needs a pending submission');
      return context.pending;
    },
    onDone: [
      {
        guard: ({ event }) => paymentIsDue(event.output),
        target: 'paying',
        actions: [assign({ order: ({ event }) => event.output, pending: null }), 'clearPending'],
      },
      {
        target: 'placed',
        actions: [assign({ order: ({ event }) => event.output, pending: null }), 'clearPending'],
      },
    ],
    onError: [
      {
        guard: ({ event }) => isEmailNotConfirmed(event.error),
        target: 'emailUnconfirmed',
        actions: [assign({ emailConfirmed: false, pending: null, failure: null }), 'clearPending'],
      },
      {
        guard: ({ event }) => isDefiniteRefusal(event.error),
        target: 'failed',
        actions: [
          assign({ failure: ({ event }) => createFailure(event.error), pending: null }),
          'clearPending',
        ],
      },
      { target: 'failed', actions: assign({ failure: ({ event }) => createFailure(event.error) }) },
    ],
  },
});

export const failedState = checkoutSetup.createStateConfig({
  on: {
    'order.retry': [
      { guard: not('noPending'), target: 'submitting' },
      { guard: 'canSubmit', target: 'submitting' },
    ],
    'step.back': { guard: 'noPending', target: '#checkout.steps.review' },
    'checkout.cancel': { guard: 'noPending', target: 'bag' },
  },
});

export const payingState = checkoutSetup.createStateConfig({
  entry: assign({ failure: null }),
  invoke: {
    id: 'payOrder',
    src: 'payOrder',
    input: ({ context }) => ({ orderId: context.order?.id ?? 0 }),
    onDone: {
      target: 'redirecting',
      actions: { type: 'redirectToPayment', params: ({ event }) => ({ url: event.output.paymentUrl }) },
    },
    onError: {
      target: 'paymentFailed',
      actions: assign({
        failure: ({ event }) => ({ kind: 'payment' as const, code: errorCodeOf(event.error) }),
      }),
    },
  },
});

export const paymentFailedState = checkoutSetup.createStateConfig({
  on: { 'payment.retry': 'paying' },
});
