import { fromPromise, setup } from 'xstate';
import {
  commentsAreValid,
  destinationIsComplete,
  hasAddress,
  hasPickupPoint,
  orderIsComplete,
  paymentChoiceComplete,
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

/** The checkout machine's types, actors, actions and guards (the machine is in `checkout.machine.ts`). */
export const checkoutSetup = setup({
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
    paysByCard: ({ context }) => context.paymentMethod === 'card',
    /** A method is chosen, and for a card the terms are accepted. */
    paymentChoiceComplete: ({ context }) => paymentChoiceComplete(context),
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
});
