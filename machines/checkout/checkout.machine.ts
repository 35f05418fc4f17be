import { assign, fromPromise, not, setup } from 'xstate';
import {
  commentsAreValid,
  createFailure,
  defaultAddressId,
  destinationIsComplete,
  errorCodeOf,
  hasAddress,
  hasPickupPoint,
  isDefiniteRefusal,
  isEmailNotConfirmed,
  orderBodyOf,
  orderIsComplete,
  paymentIsDue,
} from './checkout.rules.ts';
import type {
  Address,
  AddressInput,
  CheckoutContext,
  CheckoutEvent,
  CheckoutInput,
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
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
    input: {} as CheckoutInput,
  },
  actors: {
    /** `POST /orders/create` with the pending key (header) and body; resolves with the order. */
    createOrder: fromPromise<Order, PendingSubmission>(async () => {
      throw new Error('createOrder is provided by the app (provideCheckout)');
    }),
    /** `POST /payment/pay` (multipart) for the order; resolves with the provider page to go to. */
    payOrder: fromPromise<PaymentSession, { orderId: number }>(async () => {
      throw new Error('payOrder is provided by the app (provideCheckout)');
    }),
    /** `POST /users/address/new`; resolves with the stored address. */
    createAddress: fromPromise<Address, AddressInput>(async () => {
      throw new Error('createAddress is provided by the app (provideCheckout)');
    }),
    /** `POST /users/confirm-email/resend`. */
    resendConfirmation: fromPromise<void, void>(async () => {
      throw new Error('resendConfirmation is provided by the app (provideCheckout)');
    }),
  },
  actions: {
    /** Makes `pending` (a new `Idempotency-Key` and the body) unless one is kept. Provided by `provideCheckout`. */
    preparePending: () => {
      throw new Error('preparePending is provided by the app (provideCheckout)');
    },
    /** Stores `pending` where a page refresh finds it (session storage in the app). */
    persistPending: (_, _params: { pending: PendingSubmission | null }) => {},
    /** Forgets the stored submission: the order exists, or the server refused it. */
    clearPending: () => {},
    /** Sends the browser to the payment provider's page. */
    redirectToPayment: (_, _params: { url: string }) => {},
  },
  guards: {
    canStart: ({ context }) => context.itemCount > 0 && context.emailConfirmed,
    hasPending: ({ context }) => context.pending !== null,
    emailUnconfirmed: ({ context }) => !context.emailConfirmed,
    isDelivery: ({ context }) => context.deliveryType === 'delivery',
    isPickup: ({ context }) => context.deliveryType === 'pickup',
    hasAddress: ({ context }) => hasAddress(context),
    hasPickupPoint: ({ context }) => hasPickupPoint(context),
    destinationIsComplete: ({ context }) => destinationIsComplete(context),
    commentsAreValid: ({ context }) => commentsAreValid(context),
    hasPaymentMethod: ({ context }) => context.paymentMethod !== null,
    returnsToReview: ({ context }) => context.returnToReview && orderIsComplete(context),
    canSubmit: ({ context }) => context.itemCount > 0 && orderIsComplete(context),
    /** After a refused order the choices can change; after an unknown outcome the kept body must not. */
    noPending: ({ context }) => context.pending === null,
    bagEmptied: ({ event }) => event.type === 'bag.changed' && event.itemCount === 0,
    /** Only an address of the book, or a pickup point of the home warehouse, can be chosen. */
    addressIsKnown: ({ context, event }) =>
      event.type === 'address.select' && context.addresses.some((address) => address.id === event.addressId),
    pickupPointIsKnown: ({ context, event }) =>
      event.type === 'pickupPoint.select' &&
      context.pickupPoints.some((point) => point.id === event.pickupPointId),
  },
}).createMachine({
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
        address: {
          initial: 'choosing',
          states: {
            choosing: {
              on: {
                'address.select': {
                  guard: 'addressIsKnown',
                  actions: assign({ addressId: ({ event }) => event.addressId }),
                },
                'address.add': { target: 'adding', actions: assign({ addressError: null }) },
                'step.next': [
                  { guard: 'returnsToReview', target: '#checkout.steps.review' },
                  { guard: 'hasAddress', target: '#checkout.steps.comments' },
                ],
                'step.back': { target: '#checkout.steps.delivery' },
              },
            },
            adding: {
              on: {
                'address.addCancel': { target: 'choosing', actions: assign({ addressError: null }) },
                'address.save': { target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'createAddress',
                src: 'createAddress',
                input: ({ event }) => {
                  if (event.type !== 'address.save') throw new Error('saving starts with address.save');
                  return event.address;
                },
                onDone: {
                  target: 'choosing',
                  actions: assign({
                    addresses: ({ context, event }) => [
                      ...context.addresses.map((address) =>
                        event.output.isDefault ? { ...address, isDefault: false } : address,
                      ),
                      event.output,
                    ],
                    addressId: ({ event }) => event.output.id,
                    addressError: null,
                  }),
                },
                onError: {
                  target: 'adding',
                  actions: assign({ addressError: ({ event }) => errorCodeOf(event.error) }),
                },
              },
            },
          },
        },

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
            'step.next': { guard: 'hasPaymentMethod', target: 'review' },
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
    submitting: {
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
    },

    /**
     * The order was not made (kind `create`: the choices may be changed) or its fate is unknown (kind `submit`:
     * the pending key and body are kept, a retry repeats exactly them).
     */
    failed: {
      on: {
        'order.retry': [
          { guard: not('noPending'), target: 'submitting' },
          { guard: 'canSubmit', target: 'submitting' },
        ],
        'step.back': { guard: 'noPending', target: '#checkout.steps.review' },
        'checkout.cancel': { guard: 'noPending', target: 'bag' },
      },
    },

    /** A card order whose amount is due: ask for the provider's page. */
    paying: {
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
    },

    /** 'Error when placing the order': the order exists, its payment could not start. */
    paymentFailed: {
      on: { 'payment.retry': 'paying' },
    },

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
