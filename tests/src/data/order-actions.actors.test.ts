import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideOrderActions } from '#src/data/order-actions.actors.ts';
import { orderKeys } from '#src/data/keys.ts';
import { makeOrder } from '../../support/order-fixtures.ts';

/** The order-actions machine's actors as the app provides them (`provideOrderActions(deps)`), over fake calls. */

describe('provideOrderActions', () => {
  const cardOrder = makeOrder({
    id: 9,
    version: 3,
    paymentMethod: 'card',
    paymentState: 'need_pay',
    status: 'confirmed',
  });

  it('pays through the one payment call, with the locale and where it started, then leaves for the provider', async () => {
    const startPayment = vi.fn(async () => ({
      paymentId: 'p-1',
      paymentUrl: 'https://pay.example/s/1',
      state: 'pending' as const,
    }));
    const openPaymentPage = vi.fn();
    const queryClient = new QueryClient();
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    const actor = createActor(
      provideOrderActions({
        api: { perform: vi.fn(), get: vi.fn(), startPayment },
        queryClient,
        locale: 'ro',
        source: 'my-orders',
        openPaymentPage,
      }),
      { input: { order: cardOrder, role: 'distributor' } },
    ).start();
    actor.send({ type: 'payment.start' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
    expect(startPayment).toHaveBeenCalledWith({ orderId: 9, locale: 'ro', source: 'my-orders' });
    expect(refresh).toHaveBeenCalledWith({ queryKey: orderKeys.all() });
    expect(openPaymentPage).toHaveBeenCalledWith('https://pay.example/s/1');
  });

  it('re-queues a failed 1C exchange with the version, and takes the fresh order of a conflict', async () => {
    const failed = {
      state: 'error' as const,
      error: 'no partner',
      documentNumber: null,
      queuedAt: '2026-11-20T10:00:00.000Z',
      sentAt: null,
      confirmedAt: null,
    };
    const order = makeOrder({ id: 5, version: 7, status: 'sent_to_1c', exchange: failed });
    const fresh = { ...order, version: 8 };
    const perform = vi.fn(async () => {
      throw Object.assign(new Error('stale'), { status: 409, code: 'VERSION_CONFLICT', order: fresh });
    });
    const queryClient = new QueryClient();
    const actor = createActor(
      provideOrderActions({
        api: { perform, get: vi.fn(), startPayment: vi.fn() },
        queryClient,
        locale: 'ru',
        source: 'order-page',
        openPaymentPage: vi.fn(),
      }),
      { input: { order, role: 'warehouse' } },
    ).start();
    actor.send({ type: 'exchange.requeue' });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'conflict' }));
    expect(perform).toHaveBeenCalledWith({ orderId: 5, version: 7, request: { kind: 'requeue' } });
    expect(actor.getSnapshot().context.order.version).toBe(8);
    expect(queryClient.getQueryData(orderKeys.detail(5))).toEqual(fresh);
  });

  it('refuses the re-queue to a distributor and for an exchange that did not fail', () => {
    const perform = vi.fn();
    const deps = {
      api: { perform, get: vi.fn(), startPayment: vi.fn() },
      queryClient: new QueryClient(),
      locale: 'ru' as const,
      source: 'order-page' as const,
      openPaymentPage: vi.fn(),
    };
    const confirmed = {
      state: 'confirmed' as const,
      error: null,
      documentNumber: 'РН-1',
      queuedAt: null,
      sentAt: null,
      confirmedAt: null,
    };
    for (const [order, role] of [
      [makeOrder({ exchange: { ...confirmed, state: 'error', error: 'x' } }), 'distributor'],
      [makeOrder({ exchange: confirmed }), 'warehouse'],
    ] as const) {
      const actor = createActor(provideOrderActions(deps), { input: { order, role } }).start();
      actor.send({ type: 'exchange.requeue' });
      expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    }
    expect(perform).not.toHaveBeenCalled();
  });
});
