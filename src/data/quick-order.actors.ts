/**
 * The order-by-code machine with the app's calls, provided in one place (`provideQuickOrder`, tested with fakes),
 * and the hook the catalogue and the bag use. The text is read by `POST /goods/by-codes` (a newer text aborts the
 * older request) and added by `POST /orders/cart/add-by-codes` with the attempt's `Idempotency-Key`; the bag the
 * add answers replaces the cached bag, so the header count and the bag page change at once.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { type Actor, assign, fromPromise } from 'xstate';
import { quickOrderMachine } from '../../machines/quick-order/quick-order.machine.ts';
import { attemptFor } from '../../machines/quick-order/quick-order.rules.ts';
import {
  type QuickOrderView,
  selectQuickOrderView,
} from '../../machines/quick-order/quick-order.selectors.ts';
import type {
  QuickOrderAdded,
  QuickOrderAttempt,
  QuickOrderEvent,
  QuickOrderResolution,
} from '../../machines/quick-order/quick-order.types.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { refreshCart, storeCart } from './bag.ts';

/** The two calls of an order by code. */
export function createQuickOrderApi(client: ApiClient) {
  return {
    /** `POST /goods/by-codes`: every entry of `text`, read; nothing changes. */
    resolve(text: string, signal?: AbortSignal): Promise<QuickOrderResolution> {
      return unwrap(client.POST('/goods/by-codes', { body: { text }, ...(signal ? { signal } : {}) }));
    },
    /** `POST /orders/cart/add-by-codes` with the attempt's key: the entries that can be added go into the bag. */
    add({ key, text }: QuickOrderAttempt): Promise<QuickOrderAdded> {
      return unwrap(
        client.POST('/orders/cart/add-by-codes', {
          params: { header: { 'Idempotency-Key': key } },
          body: { text },
        }),
      );
    },
  };
}

export type QuickOrderApi = ReturnType<typeof createQuickOrderApi>;

export interface QuickOrderDeps {
  api: QuickOrderApi;
  queryClient: QueryClient;
  /** A new unique `Idempotency-Key` (the app uses `crypto.randomUUID()`). */
  newIdempotencyKey: () => string;
}

export function provideQuickOrder({ api: calls, queryClient, newIdempotencyKey }: QuickOrderDeps) {
  return quickOrderMachine.provide({
    actors: {
      resolveCodes: fromPromise<QuickOrderResolution, { text: string }>(({ input, signal }) =>
        calls.resolve(input.text, signal),
      ),
      addByCodes: fromPromise<QuickOrderAdded, QuickOrderAttempt>(({ input }) => calls.add(input)),
    },
    actions: {
      prepareAttempt: assign({ attempt: ({ context }) => attemptFor(context, newIdempotencyKey) }),
      bagChanged: (_, { cart }) => storeCart(queryClient, cart),
      bagMayHaveChanged: () => void refreshCart(queryClient),
    },
  });
}

const quickOrderApi = createQuickOrderApi(api);

export type QuickOrderActor = Actor<ReturnType<typeof provideQuickOrder>>;

export interface QuickOrderHandle {
  view: QuickOrderView;
  send: (event: QuickOrderEvent) => void;
  /** The actor, for the view's subscription to `quickOrder.added` (its thanks). */
  actor: QuickOrderActor;
}

/** Runs one order-by-code panel's machine; answers its view, `send` and the actor. */
export function useQuickOrder(): QuickOrderHandle {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () =>
      provideQuickOrder({
        api: quickOrderApi,
        queryClient,
        newIdempotencyKey: () => crypto.randomUUID(),
      }),
    [queryClient],
  );
  const actor = useActorRef(logic);
  const view = useSelector(actor, selectQuickOrderView);
  const send = useMemo(() => actor.send.bind(actor), [actor]);
  return { view, send, actor };
}
