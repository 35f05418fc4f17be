import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideCheckout, type CheckoutDependencies } from '#machines/checkout/checkout.machine.ts';
import { orderBodyOf } from '#machines/checkout/checkout.rules.ts';
import { selectCheckoutView } from '#machines/checkout/checkout.selectors.ts';
import type { CheckoutInput, Order, PendingSubmission } from '#machines/checkout/checkout.types.ts';
import { addressBook, newAddress, orderFixture, PAYMENT_URL, pickupPoints } from './checkout-paths.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Effects recorded, with each create-order call answered by the test. */
function harness(input: Partial<CheckoutInput> = {}, overrides: Partial<CheckoutDependencies> = {}) {
  const creates: Array<{ pending: PendingSubmission; answer: Deferred<Order> }> = [];
  const persisted: Array<PendingSubmission | null> = [];
  const redirects: string[] = [];
  let cleared = 0;
  let keys = 0;
  const deps: CheckoutDependencies = {
    createOrder: (pending) => {
      const answer = deferred<Order>();
      creates.push({ pending, answer });
      return answer.promise;
    },
    payOrder: async () => ({ paymentId: 'pay_en_abc', paymentUrl: PAYMENT_URL, state: 'pending' }),
    createAddress: async () => newAddress,
    resendConfirmation: async () => {},
    newIdempotencyKey: () => `key-${String(++keys).padStart(8, '0')}`,
    persistPending: (pending) => persisted.push(pending),
    clearPending: () => {
      cleared += 1;
    },
    redirectToPayment: (url) => redirects.push(url),
    ...overrides,
  };
  const actor = createActor(provideCheckout(deps), {
    input: {
      itemCount: 3,
      emailConfirmed: true,
      addresses: addressBook,
      pickupPoints,
      pending: null,
      ...input,
    },
  });
  actor.start();
  return {
    actor,
    creates,
    persisted,
    redirects,
    cleared: () => cleared,
    view: () => selectCheckoutView(actor.getSnapshot()),
  };
}

type Harness = ReturnType<typeof harness>;

function toReview(h: Harness, deliveryType: 'delivery' | 'pickup', paymentMethod: 'cash' | 'card') {
  const { actor } = h;
  actor.send({ type: 'checkout.start' });
  actor.send({ type: 'delivery.select', deliveryType });
  actor.send({ type: 'step.next' });
  if (deliveryType === 'pickup') actor.send({ type: 'pickupPoint.select', pickupPointId: 22 });
  actor.send({ type: 'step.next' });
  actor.send({ type: 'comments.change', courierComment: '  Ring twice ', comment: 'Thanks' });
  actor.send({ type: 'step.next' });
  actor.send({ type: 'payment.select', paymentMethod });
  actor.send({ type: 'step.next' });
  expect(h.view().step).toBe('review');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('checkout machine', () => {
  it('preselects the default address and builds the delivery body with trimmed comments', () => {
    const h = harness();
    toReview(h, 'delivery', 'cash');
    expect(h.view().address?.id).toBe(11);
    expect(orderBodyOf(h.actor.getSnapshot().context)).toEqual({
      deliveryType: 'delivery',
      addressId: 11,
      paymentMethod: 'cash',
      courierComment: 'Ring twice',
      comment: 'Thanks',
    });
  });

  it('sends no courier comment for pickup and needs a pickup point to go on', () => {
    const h = harness();
    h.actor.send({ type: 'checkout.start' });
    h.actor.send({ type: 'delivery.select', deliveryType: 'pickup' });
    h.actor.send({ type: 'step.next' });
    expect(h.view()).toMatchObject({ step: 'pickupPoint', canNext: false });
    h.actor.send({ type: 'step.next' });
    expect(h.view().step).toBe('pickupPoint');
    h.actor.send({ type: 'pickupPoint.select', pickupPointId: 22 });
    expect(h.view().canNext).toBe(true);
  });

  it('does not go on from delivery without an address, and adds one inline', async () => {
    const h = harness({ addresses: [] });
    h.actor.send({ type: 'checkout.start' });
    h.actor.send({ type: 'delivery.select', deliveryType: 'delivery' });
    h.actor.send({ type: 'step.next' });
    expect(h.view()).toMatchObject({ step: 'address', canNext: false, addressId: null });
    h.actor.send({ type: 'address.add' });
    h.actor.send({
      type: 'address.save',
      address: { postIndex: 'MD-3900', city: 'Cahul', street: 'Republicii', house: '7', isDefault: false },
    });
    await waitFor(h.actor, (snapshot) => snapshot.matches({ steps: { address: 'choosing' } }));
    expect(h.view()).toMatchObject({ addressId: 31, canNext: true });
  });

  it('keeps the inline form open with the error code when saving the address fails', async () => {
    const h = harness(
      {},
      { createAddress: () => Promise.reject({ status: 422, code: 'VALIDATION_FAILED' }) },
    );
    h.actor.send({ type: 'checkout.start' });
    h.actor.send({ type: 'delivery.select', deliveryType: 'delivery' });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'address.add' });
    h.actor.send({
      type: 'address.save',
      address: { postIndex: 'MD-1', city: 'x', street: 'y', house: '1', isDefault: false },
    });
    await waitFor(h.actor, (snapshot) => snapshot.matches({ steps: { address: 'adding' } }));
    expect(h.view()).toMatchObject({
      addressMode: 'adding',
      addressError: 'VALIDATION_FAILED',
      addressId: 11,
    });
  });

  it('cannot start with an empty bag, and leaves the steps when the bag is emptied', () => {
    const h = harness({ itemCount: 0 });
    expect(h.view().canStart).toBe(false);
    h.actor.send({ type: 'checkout.start' });
    expect(h.view().step).toBe('bag');
    h.actor.send({ type: 'bag.changed', itemCount: 2 });
    h.actor.send({ type: 'checkout.start' });
    expect(h.view().step).toBe('delivery');
    h.actor.send({ type: 'bag.changed', itemCount: 0 });
    expect(h.view().step).toBe('bag');
  });

  it('stops an unconfirmed e-mail and lets the buyer resend the link', async () => {
    const h = harness({ emailConfirmed: false });
    expect(h.view()).toMatchObject({ step: 'emailUnconfirmed', canStart: false, resendStatus: 'idle' });
    h.actor.send({ type: 'email.resend' });
    await waitFor(h.actor, (snapshot) => snapshot.matches({ emailUnconfirmed: 'sent' }));
    expect(h.view().resendStatus).toBe('sent');
    h.actor.send({ type: 'email.confirmed' });
    expect(h.view().step).toBe('bag');
  });

  it('returns to the review after editing one part', () => {
    const h = harness();
    toReview(h, 'delivery', 'cash');
    h.actor.send({ type: 'review.editDestination' });
    expect(h.view()).toMatchObject({ step: 'address', returnsToReview: true });
    h.actor.send({ type: 'address.select', addressId: 12 });
    h.actor.send({ type: 'step.next' });
    expect(h.view()).toMatchObject({ step: 'review', returnsToReview: false, addressId: 12 });
    // Switching to pickup from the review asks for the pickup point before returning.
    h.actor.send({ type: 'review.editDelivery' });
    h.actor.send({ type: 'delivery.select', deliveryType: 'pickup' });
    h.actor.send({ type: 'step.next' });
    expect(h.view().step).toBe('pickupPoint');
    h.actor.send({ type: 'pickupPoint.select', pickupPointId: 21 });
    h.actor.send({ type: 'step.next' });
    expect(h.view().step).toBe('review');
  });

  it('makes the Idempotency-Key on entering submitting, persists it and ignores a double submit', () => {
    const h = harness();
    toReview(h, 'pickup', 'cash');
    expect(h.persisted).toEqual([]);
    h.actor.send({ type: 'order.submit' });
    h.actor.send({ type: 'order.submit' });
    expect(h.creates).toHaveLength(1);
    expect(h.creates[0]?.pending).toEqual({
      key: 'key-00000001',
      body: { deliveryType: 'pickup', pickupPointId: 22, paymentMethod: 'cash', comment: 'Thanks' },
    });
    expect(h.persisted).toEqual([h.creates[0]?.pending]);
    expect(h.view()).toMatchObject({ step: 'submitting', canSubmit: false });
  });

  it('retries a lost answer with the same key and body, and forgets them once the order exists', async () => {
    const h = harness();
    toReview(h, 'delivery', 'cash');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.reject({ status: 500, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
    await waitFor(h.actor, (snapshot) => snapshot.matches('failed'));
    expect(h.view()).toMatchObject({
      failure: { kind: 'submit', code: 'NETWORK_ERROR' },
      hasPendingSubmission: true,
      canBack: false,
      canRetry: true,
    });
    h.actor.send({ type: 'order.retry' });
    expect(h.creates).toHaveLength(2);
    expect(h.creates[1]?.pending).toEqual(h.creates[0]?.pending);
    h.creates[1]?.answer.resolve(orderFixture());
    await waitFor(h.actor, (snapshot) => snapshot.matches('placed'));
    expect(h.view()).toMatchObject({ step: 'placed', hasPendingSubmission: false, payLater: false });
    expect(h.cleared()).toBe(1);
  });

  it('after a refusal lets the buyer change the order and submits with a new key', async () => {
    const h = harness();
    toReview(h, 'delivery', 'cash');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.reject({ status: 422, code: 'OUT_OF_STOCK' });
    await waitFor(h.actor, (snapshot) => snapshot.matches('failed'));
    expect(h.view()).toMatchObject({ failure: { kind: 'create', code: 'OUT_OF_STOCK' }, canBack: true });
    h.actor.send({ type: 'step.back' });
    h.actor.send({ type: 'order.submit' });
    expect(h.creates[1]?.pending.key).toBe('key-00000002');
  });

  it('resumes a submission restored after a refresh with its own key', () => {
    const pending: PendingSubmission = {
      key: 'restored-key-1',
      body: { deliveryType: 'pickup', pickupPointId: 21, paymentMethod: 'card' },
    };
    const h = harness({ pending, itemCount: 0 });
    expect(h.view().step).toBe('submitting');
    expect(h.creates[0]?.pending).toEqual(pending);
  });

  it('pays a card order whose amount is due: asks for the provider page and goes there', async () => {
    const h = harness();
    toReview(h, 'delivery', 'card');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.resolve(orderFixture({ paymentMethod: 'card', paymentState: 'need_pay' }));
    await waitFor(h.actor, (snapshot) => snapshot.matches('redirecting'));
    expect(h.redirects).toEqual([PAYMENT_URL]);
  });

  it('places a card order whose amount the warehouse confirms first, to be paid later', async () => {
    const h = harness();
    toReview(h, 'delivery', 'card');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.resolve(orderFixture({ paymentMethod: 'card', paymentState: 'not_required' }));
    await waitFor(h.actor, (snapshot) => snapshot.matches('placed'));
    expect(h.view().payLater).toBe(true);
    expect(h.redirects).toEqual([]);
  });

  it('shows a payment failure after the order exists and retries only the payment', async () => {
    let calls = 0;
    const h = harness(
      {},
      {
        payOrder: async () => {
          calls += 1;
          if (calls === 1) throw { status: 409, code: 'PAYMENT_NOT_ALLOWED' };
          return { paymentId: 'pay_en_abc', paymentUrl: PAYMENT_URL, state: 'pending' };
        },
      },
    );
    toReview(h, 'pickup', 'card');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.resolve(orderFixture({ paymentMethod: 'card', paymentState: 'need_pay' }));
    await waitFor(h.actor, (snapshot) => snapshot.matches('paymentFailed'));
    expect(h.view().failure).toEqual({ kind: 'payment', code: 'PAYMENT_NOT_ALLOWED' });
    h.actor.send({ type: 'payment.retry' });
    await waitFor(h.actor, (snapshot) => snapshot.matches('redirecting'));
    expect(h.creates).toHaveLength(1);
    expect(h.redirects).toEqual([PAYMENT_URL]);
  });

  it('stops at the e-mail notice when the server says the e-mail is not confirmed', async () => {
    const h = harness();
    toReview(h, 'pickup', 'cash');
    h.actor.send({ type: 'order.submit' });
    h.creates[0]?.answer.reject({ status: 403, code: 'EMAIL_NOT_CONFIRMED' });
    await flush();
    expect(h.view()).toMatchObject({ step: 'emailUnconfirmed', hasPendingSubmission: false });
  });

  it('refuses comments longer than the contract allows', () => {
    const h = harness();
    h.actor.send({ type: 'checkout.start' });
    h.actor.send({ type: 'delivery.select', deliveryType: 'pickup' });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'pickupPoint.select', pickupPointId: 21 });
    h.actor.send({ type: 'step.next' });
    h.actor.send({ type: 'comments.change', courierComment: '', comment: 'y'.repeat(1001) });
    expect(h.view().canNext).toBe(false);
  });
});
