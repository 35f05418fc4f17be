import { assign, fromPromise } from 'xstate';
import { addressState } from './checkout.address.states.ts';
import { defaultAddressId, orderBodyOf } from './checkout.rules.ts';
import { checkoutSetup } from './checkout.setup.ts';
import {
  failedState,
  payingState,
  paymentFailedState,
  submittingState,
} from './checkout.submission.states.ts';
import type {
  Address,
  AddressInput,
  CheckoutContext,
  Order,
  PaymentSession,
  PendingSubmission,
} from './checkout.types.ts';

/**
 * The guided checkout of the shopping bag.
 *
 *   starting ─┬─(a submission restored after a refresh)──────────────────────────────▶ submitting
 *             ├─(e-mail not confirmed)─▶ emailUnconfirmed ──email.confirmed──▶ starting
 *             └─▶ bag ──checkout.start (bag not empty)──▶ steps
 *   steps: delivery ─▶ address (choose / add inline) │ pickupPoint ─▶ comments ─▶ payment ─▶ review
 *          (paying by card needs the terms accepted in the payment step: `terms.accept`)
 *          review ──review.edit*──▶ that step, whose "next" returns to the review when all is complete
 *          review ──order.submit──▶ submitting
 *   submitting ─(created)─┬─(card, amount due now)─▶ paying ─▶ redirecting (browser goes to the provider page)
 *                         │                          └─(failed)─▶ paymentFailed ──payment.retry──▶ paying
 *                         └─▶ placed (cash; or card paid once the warehouse confirms the amount)
 *   submitting ─(refused, 4xx)─▶ failed (kind create) ; ─(no answer, 5xx)─▶ failed (kind submit, key kept)
 *   submitting ─(403 EMAIL_NOT_CONFIRMED)─▶ emailUnconfirmed
 *
 * The `Idempotency-Key` is made on entering `submitting` (by the injected `preparePending`, see
 * `provideCheckout`) together with the exact body, persisted by the app (`persistPending`) and kept until the
 * order exists or the server refuses it: a double click (the submit event is not accepted while submitting), a
 * retry after a lost answer or a refresh (the app restores the pending submission as input) sends the same key
 * and body, and the server answers with the one order.
 */
export const checkoutMachine = checkoutSetup.createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    itemCount: input.itemCount,
    emailConfirmed: input.emailConfirmed,
    addresses: input.addresses,
    pickupPoints: input.pickupPoints,
    deliveryType: null,
    addressId: defaultAddressId(input.addresses),
    pickupPointId: input.pickupPoints.length === 1 ? (input.pickupPoints[0]?.id ?? null) : null,
    courierComment: '',
    comment: '',
    paymentMethod: null,
    termsAccepted: false,
    returnToReview: false,
    pending: input.pending,
    order: null,
    failure: null,
    addressError: null,
  }),
  on: {
    'bag.changed': { actions: assign({ itemCount: ({ event }) => event.itemCount }) },
  },
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasPending', target: 'submitting' },
        { guard: 'emailUnconfirmed', target: 'emailUnconfirmed' },
        { target: 'bag' },
      ],
    },

    /** Spec section 5, 'Need to confirm your email': nothing is ordered until the address is confirmed. */
    emailUnconfirmed: {
      initial: 'idle',
      on: {
        'email.confirmed': { target: 'starting', actions: assign({ emailConfirmed: true }) },
      },
      states: {
        idle: { on: { 'email.resend': 'sending' } },
        sending: {
          invoke: {
            id: 'resendConfirmation',
            src: 'resendConfirmation',
            onDone: 'sent',
            onError: 'resendFailed',
          },
        },
        sent: { on: { 'email.resend': 'sending' } },
        resendFailed: { on: { 'email.resend': 'sending' } },
      },
    },

    /** The bag itself: lines can change here; the checkout starts only with something in it. */
    bag: {
      on: {
        'checkout.start': { guard: 'canStart', target: 'steps', actions: assign({ returnToReview: false }) },
      },
    },

    steps: {
      initial: 'delivery',
      on: {
        'checkout.cancel': { target: 'bag' },
        'bag.changed': [
          {
            guard: 'bagEmptied',
            target: 'bag',
            actions: assign({ itemCount: ({ event }) => event.itemCount }),
          },
          { actions: assign({ itemCount: ({ event }) => event.itemCount }) },
        ],
      },
      states: {
        delivery: {
          on: {
            'delivery.select': { actions: assign({ deliveryType: ({ event }) => event.deliveryType }) },
            'step.next': [
              { guard: 'returnsToReview', target: 'review' },
              { guard: 'isDelivery', target: 'address' },
              { guard: 'isPickup', target: 'pickupPoint' },
            ],
            'step.back': { target: '#checkout.bag' },
          },
        },

        /** Delivery needs an address: one of the book (the default preselected) or a new one added here. */
        address: addressState,

        /** Pickup needs a pickup point of the home warehouse. */
        pickupPoint: {
          on: {
            'pickupPoint.select': {
              guard: 'pickupPointIsKnown',
              actions: assign({ pickupPointId: ({ event }) => event.pickupPointId }),
            },
            'step.next': [
              { guard: 'returnsToReview', target: 'review' },
              { guard: 'hasPickupPoint', target: 'comments' },
            ],
            'step.back': { target: 'delivery' },
          },
        },

        comments: {
          on: {
            'comments.change': {
              actions: assign({
                courierComment: ({ event }) => event.courierComment,
                comment: ({ event }) => event.comment,
              }),
            },
            'step.next': [
              { guard: 'returnsToReview', target: 'review' },
              { guard: 'commentsAreValid', target: 'payment' },
            ],
            'step.back': [{ guard: 'isDelivery', target: 'address' }, { target: 'pickupPoint' }],
          },
        },

        payment: {
          on: {
            'payment.select': { actions: assign({ paymentMethod: ({ event }) => event.paymentMethod }) },
            // The terms are asked (and shown) only for a card payment.
            'terms.accept': {
              guard: 'paysByCard',
              actions: assign({ termsAccepted: ({ event }) => event.accepted }),
            },
            'step.next': { guard: 'paymentChoiceComplete', target: 'review' },
            'step.back': { target: 'comments' },
          },
        },

        review: {
          entry: assign({ returnToReview: false }),
          on: {
            'review.editDelivery': { target: 'delivery', actions: assign({ returnToReview: true }) },
            'review.editDestination': [
              { guard: 'isDelivery', target: 'address', actions: assign({ returnToReview: true }) },
              { target: 'pickupPoint', actions: assign({ returnToReview: true }) },
            ],
            'review.editComments': { target: 'comments', actions: assign({ returnToReview: true }) },
            'review.editPayment': { target: 'payment', actions: assign({ returnToReview: true }) },
            'order.submit': { guard: 'canSubmit', target: '#checkout.submitting' },
            'step.back': { target: 'payment' },
          },
        },
      },
    },

    /** The order request is on its way; a second submit is not accepted here. */
    submitting: submittingState,

    /**
     * The order was not made (kind `create`: the choices may be changed) or its fate is unknown (kind `submit`:
     * the pending key and body are kept, a retry repeats exactly them).
     */
    failed: failedState,

    /** A card order whose amount is due: ask for the provider's page. */
    paying: payingState,

    /** 'Error when placing the order': the order exists, its payment could not start. */
    paymentFailed: paymentFailedState,

    redirecting: { type: 'final' },

    /** The order exists and nothing is due now (cash, or a card order paid once its amount is confirmed). */
    placed: { type: 'final' },
  },
});

export type CheckoutMachine = typeof checkoutMachine;

export interface CheckoutDependencies {
  createOrder: (pending: PendingSubmission) => Promise<Order>;
  payOrder: (orderId: number) => Promise<PaymentSession>;
  createAddress: (address: AddressInput) => Promise<Address>;
  resendConfirmation: () => Promise<void>;
  /** A new unique `Idempotency-Key` (the app uses `crypto.randomUUID()`). */
  newIdempotencyKey: () => string;
  persistPending: (pending: PendingSubmission | null) => void;
  clearPending: () => void;
  redirectToPayment: (url: string) => void;
}

/** The machine with the app's (or a test's) effects. */
export function provideCheckout(deps: CheckoutDependencies) {
  return checkoutMachine.provide({
    actors: {
      createOrder: fromPromise<Order, PendingSubmission>(({ input }) => deps.createOrder(input)),
      payOrder: fromPromise<PaymentSession, { orderId: number }>(({ input }) => deps.payOrder(input.orderId)),
      createAddress: fromPromise<Address, AddressInput>(({ input }) => deps.createAddress(input)),
      resendConfirmation: fromPromise<void, void>(() => deps.resendConfirmation()),
    },
    actions: {
      preparePending: assign({
        pending: ({ context }) => {
          if (context.pending !== null) return context.pending;
          const body = orderBodyFor(context);
          return { key: deps.newIdempotencyKey(), body };
        },
      }),
      persistPending: (_, params) => deps.persistPending(params.pending),
      clearPending: () => deps.clearPending(),
      redirectToPayment: (_, params) => deps.redirectToPayment(params.url),
    },
  });
}

function orderBodyFor(context: CheckoutContext) {
  const body = orderBodyOf(context);
  if (body === null) throw new Error('submitting needs a complete order');
  return body;
}
