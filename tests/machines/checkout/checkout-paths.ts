import { fromPromise } from 'xstate';
import { checkoutMachine, provideCheckout } from '#machines/checkout/checkout.machine.ts';
import type {
  Address,
  CheckoutInput,
  Order,
  PendingSubmission,
  PickupPoint,
} from '#machines/checkout/checkout.types.ts';
import { type Evt, generatePaths, type PathSet, type Snap } from '../../paths/support/model-paths.ts';

/**
 * The checkout machine's model paths, shared by the machine run (`tests/paths/checkout.machine.test.ts`) and the
 * browser run (`tests/paths/checkout.spec.ts`). Generated from the production machine with its effects provided
 * as actors that never settle: actor results are events of the path (`xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>`), and the key generator is a constant so the graph stays finite.
 */

export const TEST_KEY = 'checkout-test-key-0001';

export const addressBook: Address[] = [
  {
    id: 11,
    postIndex: 'MD-2001',
    city: 'Chișinău',
    street: 'Ștefan cel Mare',
    house: '1',
    apartment: '5',
    isDefault: true,
  },
  {
    id: 12,
    postIndex: 'MD-3100',
    city: 'Bălți',
    street: 'Independenței',
    house: '22',
    apartment: null,
    isDefault: false,
  },
];

export const newAddress: Address = {
  id: 31,
  postIndex: 'MD-3900',
  city: 'Cahul',
  street: 'Republicii',
  house: '7',
  apartment: null,
  isDefault: false,
};

const pointName = (name: string) => ({ ru: name, en: name, ro: name, uk: name, it: name });
export const pickupPoints: PickupPoint[] = [
  {
    id: 21,
    name: pointName('Centre'),
    city: 'Chișinău',
    address: 'str. Pușkin 10',
    workingHours: 'Mon–Fri 09:00–18:00',
    warehouseId: 1,
  },
  {
    id: 22,
    name: pointName('Botanica'),
    city: 'Chișinău',
    address: 'bd. Dacia 40',
    workingHours: 'Mon–Sat 10:00–19:00',
    warehouseId: 1,
  },
];

export const pendingSubmission: PendingSubmission = {
  key: 'restored-key-0002',
  body: { deliveryType: 'pickup', pickupPointId: 21, paymentMethod: 'cash' },
};

/** An order as `POST /orders/create` answers it, with the payment fields that decide what follows. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    id: 501,
    number: '000501',
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    itemCount: 3,
    amount: 30000,
    discount: 0,
    deliveryPrice: 0,
    finalCost: 30000,
    currency: 'MDL',
    points: 12.5,
    status: 'awaiting_warehouse',
    displayStatus: 'new',
    customer: { id: 7, fullName: 'Ana Demo', email: 'partner@demo.test', phone: null, prn: 'MD000007' },
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    paymentState: 'not_required',
    warehouse: { id: 1, number: 'CHI', name: 'Chișinău' },
    version: 2,
    deliveryAddress: null,
    pickupPoint: null,
    courierComment: null,
    comment: null,
    cancelReason: null,
    paymentLink: null,
    warehouseNumber: null,
    warehouseTotal: null,
    partialNote: null,
    lines: [
      {
        id: 1,
        productId: 3,
        name: pointName('Lipstick'),
        imageUrl: 'http://127.0.0.1:8080/media/products/MK-001.svg',
        price: 10000,
        promoPrice: null,
        points: 4.17,
        requestedQuantity: 3,
        confirmedQuantity: null,
        amount: 30000,
      },
    ],
    history: [],
    ...overrides,
  };
}

const never = <T>() => new Promise<T>(() => {});

export const pathMachine = provideCheckout({
  createOrder: () => never<Order>(),
  payOrder: () => never(),
  createAddress: () => never<Address>(),
  resendConfirmation: () => never<void>(),
  newIdempotencyKey: () => TEST_KEY,
  persistPending: () => {},
  clearPending: () => {},
  redirectToPayment: () => {},
}).provide({
  actors: {
    // The same signatures as the production actors; they never settle, so only the path's events move the machine.
    createOrder: fromPromise<Order, PendingSubmission>(() => never<Order>()),
  },
});

export type CheckoutMachineUnderTest = typeof pathMachine;
export type CheckoutEvt = Evt<CheckoutMachineUnderTest>;

function systemEvent(event: { type: string; [key: string]: unknown }): CheckoutEvt {
  return event as unknown as CheckoutEvt;
}

export const LONG_COMMENT = 'x'.repeat(1001);

export const userEvents: CheckoutEvt[] = [
  { type: 'checkout.start' },
  { type: 'checkout.cancel' },
  { type: 'step.next' },
  { type: 'step.back' },
  { type: 'bag.changed', itemCount: 0 },
  { type: 'bag.changed', itemCount: 3 },
  { type: 'delivery.select', deliveryType: 'delivery' },
  { type: 'delivery.select', deliveryType: 'pickup' },
  { type: 'address.select', addressId: 12 },
  { type: 'address.add' },
  { type: 'address.addCancel' },
  {
    type: 'address.save',
    address: {
      postIndex: 'MD-3900',
      city: 'Cahul',
      street: 'Republicii',
      house: '7',
      apartment: null,
      isDefault: false,
    },
  },
  { type: 'pickupPoint.select', pickupPointId: 21 },
  { type: 'comments.change', courierComment: 'Call first', comment: 'Thank you' },
  { type: 'comments.change', courierComment: '', comment: LONG_COMMENT },
  { type: 'payment.select', paymentMethod: 'cash' },
  { type: 'payment.select', paymentMethod: 'card' },
  { type: 'review.editDelivery' },
  { type: 'review.editDestination' },
  { type: 'review.editComments' },
  { type: 'review.editPayment' },
  { type: 'order.submit' },
  { type: 'order.retry' },
  { type: 'payment.retry' },
  { type: 'email.resend' },
  { type: 'email.confirmed' },
];

export const cashOrder = orderFixture();
export const cardOrderDue = orderFixture({
  id: 502,
  number: '000502',
  paymentMethod: 'card',
  paymentState: 'need_pay',
});
export const cardOrderLater = orderFixture({ id: 503, number: '000503', paymentMethod: 'card' });
export const PAYMENT_URL = 'http://127.0.0.1:8080/api/v3/payment/provider/pay_en_abc';

export const actorEvents: CheckoutEvt[] = [
  systemEvent({ type: 'xstate.done.actor.createOrder', output: cashOrder }),
  systemEvent({ type: 'xstate.done.actor.createOrder', output: cardOrderDue }),
  systemEvent({ type: 'xstate.done.actor.createOrder', output: cardOrderLater }),
  systemEvent({ type: 'xstate.error.actor.createOrder', error: { status: 422, code: 'OUT_OF_STOCK' } }),
  systemEvent({ type: 'xstate.error.actor.createOrder', error: { status: 500, code: 'NETWORK_ERROR' } }),
  systemEvent({
    type: 'xstate.error.actor.createOrder',
    error: { status: 403, code: 'EMAIL_NOT_CONFIRMED' },
  }),
  systemEvent({
    type: 'xstate.done.actor.payOrder',
    output: { paymentId: 'pay_en_abc', paymentUrl: PAYMENT_URL, state: 'pending' },
  }),
  systemEvent({ type: 'xstate.error.actor.payOrder', error: { status: 409, code: 'PAYMENT_NOT_ALLOWED' } }),
  systemEvent({ type: 'xstate.done.actor.createAddress', output: newAddress }),
  systemEvent({
    type: 'xstate.error.actor.createAddress',
    error: { status: 422, code: 'VALIDATION_FAILED' },
  }),
  systemEvent({ type: 'xstate.done.actor.resendConfirmation', output: undefined }),
  systemEvent({
    type: 'xstate.error.actor.resendConfirmation',
    error: { status: 429, code: 'RATE_LIMITED' },
  }),
];

export const allEvents = [...userEvents, ...actorEvents];

const withBook: CheckoutInput = {
  itemCount: 3,
  emailConfirmed: true,
  addresses: addressBook,
  pickupPoints,
  pending: null,
};

type Policy = (snapshot: Snap<CheckoutMachineUnderTest>, event: CheckoutEvt) => boolean;

const isType = (event: CheckoutEvt, ...types: string[]) => types.includes(event.type);
const isActorEvent = (event: CheckoutEvt) => event.type.startsWith('xstate.');

/**
 * Each start explores one slice of the machine with a policy that keeps its choices few (a choice once made is
 * not made again with another value unless the slice is about changing it); together the slices walk every state
 * node and every transition of the definition, which `assertFullCoverage` proves.
 */
export const starts: Array<{ label: string; input: CheckoutInput; policy: Policy }> = [
  {
    label: 'delivery to an address of the book',
    input: withBook,
    policy: ({ context }, event) => {
      if (isType(event, 'bag.changed', 'email.resend', 'email.confirmed')) return false;
      if (event.type === 'delivery.select')
        return event.deliveryType === 'delivery' && context.deliveryType === null;
      if (event.type === 'address.select') return context.addressId === 11;
      if (isType(event, 'address.add', 'address.save')) return false;
      if (event.type === 'comments.change') return event.comment !== LONG_COMMENT && context.comment === '';
      if (event.type === 'payment.select') return context.paymentMethod === null || context.returnToReview;
      if (isType(event, 'xstate.done.actor.createAddress', 'xstate.error.actor.createAddress')) return false;
      return true;
    },
  },
  {
    label: 'pickup',
    input: withBook,
    policy: ({ context }, event) => {
      if (isType(event, 'bag.changed', 'email.resend', 'email.confirmed', 'address.add')) return false;
      if (event.type === 'delivery.select') {
        return context.deliveryType === null || (context.returnToReview && context.paymentMethod === 'cash');
      }
      if (event.type === 'address.select') return false;
      if (event.type === 'comments.change') return context.comment === '' || context.comment === LONG_COMMENT;
      if (event.type === 'payment.select')
        return event.paymentMethod === 'cash' && context.paymentMethod === null;
      if (isType(event, 'xstate.error.actor.createOrder')) return context.deliveryType === 'pickup';
      if (isType(event, 'review.editComments', 'review.editPayment')) return false;
      return !isType(event, 'xstate.done.actor.createAddress', 'xstate.error.actor.createAddress');
    },
  },
  {
    label: 'a new address during checkout',
    input: { ...withBook, addresses: [] },
    policy: ({ context }, event) => {
      if (isType(event, 'bag.changed', 'email.resend', 'email.confirmed', 'order.submit', 'order.retry'))
        return false;
      if (event.type === 'delivery.select') return event.deliveryType === 'delivery';
      if (event.type === 'comments.change' || event.type === 'payment.select') return false;
      if (isType(event, 'address.add')) return context.addresses.length === 0;
      if (isActorEvent(event)) return event.type.includes('createAddress');
      return true;
    },
  },
  {
    label: 'the bag changes',
    input: withBook,
    policy: ({ context }, event) => {
      if (event.type === 'bag.changed') return true;
      if (event.type === 'delivery.select')
        return event.deliveryType === 'pickup' && context.deliveryType === null;
      return isType(event, 'checkout.start', 'checkout.cancel', 'step.back');
    },
  },
  {
    label: 'e-mail not confirmed',
    input: { ...withBook, emailConfirmed: false },
    policy: ({ context }, event) =>
      !context.emailConfirmed &&
      (isType(event, 'email.resend', 'email.confirmed') || event.type.includes('resendConfirmation')),
  },
  {
    label: 'refresh while submitting',
    input: { ...withBook, itemCount: 0, pending: pendingSubmission },
    policy: ({ context }, event) =>
      context.order === null &&
      isType(event, 'order.retry', 'xstate.done.actor.createOrder', 'xstate.error.actor.createOrder'),
  },
];

export function checkoutPathSets(): Array<PathSet<CheckoutMachineUnderTest>> {
  return starts.map(({ label, input, policy }) =>
    generatePaths(pathMachine, {
      label,
      input,
      events: (snapshot) => allEvents.filter((event) => policy(snapshot, event)),
    }),
  );
}

export { checkoutMachine };
