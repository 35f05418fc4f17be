/**
 * The order-extras machine ("Buy again", the receipt PDF) with the app's calls, provided in one place
 * (`provideOrderExtras`, tested with fakes), and the hook the order page uses. The new bag goes into the query
 * cache, so the bag count in the header changes at once.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type BuyAgainResult,
  type OrderExtrasEvent,
  type ReceiptLang,
  orderExtrasMachine,
} from '../../machines/order-actions/order-extras.machine.ts';
import {
  type OrderExtrasView,
  selectOrderExtrasView,
} from '../../machines/order-actions/order-extras.selectors.ts';
import { api, type ApiClient, unwrap } from '../api/client.ts';
import { storeCart } from './bag.ts';
import { saveFile } from './save-file.ts';

export interface ReceiptFile {
  blob: Blob;
  fileName: string;
}

export function createOrderExtrasApi(client: ApiClient) {
  return {
    buyAgain(orderId: number): Promise<BuyAgainResult> {
      return unwrap(client.POST('/orders/buy-again/{id}', { params: { path: { id: orderId } } }));
    },
    async receipt(orderId: number, lang: ReceiptLang): Promise<ReceiptFile> {
      let fileName = `receipt-${orderId}-${lang}.pdf`;
      const blob = await unwrap(
        client
          .GET('/orders/receipt/{id}', {
            params: { path: { id: orderId }, query: { lang } },
            parseAs: 'blob',
          })
          .then((result) => {
            const match = /filename="?([^";]+)"?/i.exec(
              result.response.headers.get('content-disposition') ?? '',
            );
            fileName = match?.[1] ?? fileName;
            return result;
          }),
      );
      return { blob: blob instanceof Blob ? blob : new Blob([blob], { type: 'application/pdf' }), fileName };
    },
  };
}

export type OrderExtrasApi = ReturnType<typeof createOrderExtrasApi>;

export interface OrderExtrasDeps {
  api: OrderExtrasApi;
  queryClient: QueryClient;
  save: (file: ReceiptFile) => void;
}

export function provideOrderExtras({ api: extras, queryClient, save }: OrderExtrasDeps) {
  return orderExtrasMachine.provide({
    actors: {
      buyAgain: fromPromise<BuyAgainResult, { orderId: number }>(({ input }) =>
        extras.buyAgain(input.orderId),
      ),
      getReceipt: fromPromise<void, { orderId: number; lang: ReceiptLang }>(async ({ input }) => {
        save(await extras.receipt(input.orderId, input.lang));
      }),
    },
    actions: {
      bagChanged: (_, { result }) => storeCart(queryClient, result.cart),
    },
  });
}

const orderExtrasApi = createOrderExtrasApi(api);

/** Runs the order-extras machine for one order; answers its view and `send`. */
export function useOrderExtras(orderId: number): [OrderExtrasView, (event: OrderExtrasEvent) => void] {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideOrderExtras({ api: orderExtrasApi, queryClient, save: saveFile }),
    [queryClient],
  );
  const actorRef = useActorRef(logic, { input: { orderId } });
  const view = useSelector(actorRef, selectOrderExtrasView);
  const send = useMemo(() => actorRef.send.bind(actorRef), [actorRef]);
  return [view, send];
}
