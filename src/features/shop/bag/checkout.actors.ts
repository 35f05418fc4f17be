/**
 * The checkout machine with the app's calls, provided in one place (`provideCheckoutActors`, tested with fakes):
 * the order is created with its `Idempotency-Key`, a card order is paid through the one payment call
 * (`ordersApi.startPayment`, as the order page's), a new address goes into the address book.
 */
import type { QueryClient } from '@tanstack/react-query';
import { provideCheckout } from '#machines/checkout/checkout.machine.ts';
import type { PendingSubmission } from '#machines/checkout/checkout.types.ts';
import { type AccountApi, accountApi, refreshAddresses } from '#src/data/account.ts';
import { type AuthApi, authApi } from '#src/data/auth.ts';
import { refreshCart } from '#src/data/bag.ts';
import { goToPaymentPage } from '#src/data/order-actions.actors.ts';
import { type OrdersApi, ordersApi, refreshOrders } from '#src/data/orders.ts';
import type { Locale } from '#src/i18n/i18n.ts';

export interface CheckoutActorsDeps {
  userId: number;
  locale: Locale;
  queryClient: QueryClient;
  orders?: Pick<OrdersApi, 'create' | 'startPayment'>;
  account?: Pick<AccountApi, 'saveAddress'>;
  auth?: Pick<AuthApi, 'resendConfirmation'>;
  storage?: PendingStore;
  newKey?: () => string;
  redirect?: (url: string) => void;
}

export function provideCheckoutActors({
  userId,
  locale,
  queryClient,
  orders = ordersApi,
  account = accountApi,
  auth = authApi,
  storage = pendingStore,
  newKey = newIdempotencyKey,
  redirect = goToPaymentPage,
}: CheckoutActorsDeps) {
  return provideCheckout({
    // Once the order exists, the bag (emptied by the server) and every order list are read again.
    createOrder: async (pending) => {
      const order = await orders.create(pending);
      await Promise.all([refreshCart(queryClient), refreshOrders(queryClient)]);
      return order;
    },
    payOrder: async (orderId) => {
      const session = await orders.startPayment({ orderId, locale, source: 'checkout' });
      await refreshOrders(queryClient);
      return session;
    },
    createAddress: async (input) => {
      const address = await account.saveAddress({
        kind: 'create',
        input: { ...input, apartment: input.apartment ?? null },
      });
      await refreshAddresses(queryClient);
      return address;
    },
    resendConfirmation: () => auth.resendConfirmation(),
    newIdempotencyKey: newKey,
    persistPending: (pending) => storage.write(userId, pending),
    clearPending: () => storage.write(userId, null),
    redirectToPayment: redirect,
  });
}

export interface PendingStore {
  read(userId: number): PendingSubmission | null;
  write(userId: number, pending: PendingSubmission | null): void;
}

const PENDING_PREFIX = 'checkout-pending:';

function isPending(value: unknown): value is PendingSubmission {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const body = record.body as Record<string, unknown> | null | undefined;
  return (
    typeof record.key === 'string' &&
    /^[A-Za-z0-9_.:-]{8,128}$/.test(record.key) &&
    typeof body === 'object' &&
    body !== null &&
    (body.deliveryType === 'delivery' || body.deliveryType === 'pickup') &&
    (body.paymentMethod === 'cash' || body.paymentMethod === 'card')
  );
}

/**
 * The submission that may have reached the server, kept in session storage per user until the order exists: a
 * refresh during checkout resumes it with the same key (tab-scoped, gone when the tab closes).
 */
export const pendingStore: PendingStore = {
  read(userId: number): PendingSubmission | null {
    try {
      const raw = sessionStorage.getItem(`${PENDING_PREFIX}${userId}`);
      if (raw === null) return null;
      const value: unknown = JSON.parse(raw);
      return isPending(value) ? value : null;
    } catch {
      return null;
    }
  },
  write(userId: number, pending: PendingSubmission | null): void {
    try {
      if (pending === null) sessionStorage.removeItem(`${PENDING_PREFIX}${userId}`);
      else sessionStorage.setItem(`${PENDING_PREFIX}${userId}`, JSON.stringify(pending));
    } catch {
      // Storage full or blocked: the key still protects retries within this page.
    }
  },
};

/** A new `Idempotency-Key`. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
