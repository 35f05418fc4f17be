import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema.d.ts';
import type {
  Address,
  AddressInput,
  Order,
  PendingSubmission,
} from '../../../machines/checkout/checkout.types.ts';
import { api, unwrap } from '../../api/client.ts';
import { queryClient } from '../../api/query-client.ts';
import { authApi } from '../../app/auth/auth-api.ts';
import { cartQueryKey } from '../cart/cart.queries.ts';
import { useMyInfo } from '../dashboard/dashboard.queries.ts';
import { orderParamsQueryKey } from '../order-view/order-view.queries.ts';
import { addressesQueryKey, useAddresses } from '../personal/personal.queries.ts';
import { ordersRootKey } from '../payment/payment.queries.ts';

export type OrderParams = components['schemas']['OrderParams'];
export { useAddresses, useMyInfo };

/** `GET /users/warehouses/get-order-params`: pickup points, delivery prices and payment methods. */
export function useOrderParams() {
  return useQuery({
    queryKey: orderParamsQueryKey,
    queryFn: ({ signal }): Promise<OrderParams> =>
      unwrap(api.GET('/users/warehouses/get-order-params', { signal })),
  });
}

/** The checkout machine's effects against the API (the machine names them; this is what they do). */
export const checkoutApi = {
  /**
   * `POST /orders/create` with the pending `Idempotency-Key` and body. Once the order exists, the bag (emptied by
   * the server) and every order list are read again.
   */
  async createOrder({ key, body }: PendingSubmission): Promise<Order> {
    const order = await unwrap(
      api.POST('/orders/create', { params: { header: { 'Idempotency-Key': key } }, body }),
    );
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: cartQueryKey }),
      queryClient.invalidateQueries({ queryKey: ordersRootKey }),
    ]);
    return order;
  },
  /** `POST /users/address/new`; the address book is read again. */
  async createAddress(input: AddressInput): Promise<Address> {
    const { apartment, ...fields } = input;
    const address = await unwrap(
      api.POST('/users/address/new', {
        body: apartment === null || apartment === undefined ? fields : input,
      }),
    );
    await queryClient.invalidateQueries({ queryKey: addressesQueryKey });
    return address;
  },
  resendConfirmation: () => authApi.resendConfirmation(),
};

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
export const pendingStore = {
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
