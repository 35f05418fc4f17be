import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { readFailure } from './order-actions.facts.rules.ts';

export type BuyAgainResult = components['schemas']['BuyAgainResult'];
export type ReceiptLang = components['schemas']['Lang'];

export interface OrderExtrasInput {
  orderId: number;
}

export interface OrderExtrasContext {
  orderId: number;
  /** The last "Buy again" answer: what went into the bag, line by line. */
  result: BuyAgainResult | null;
  /** The last failure's API code (null for a failure without one). */
  errorCode: string | null;
  /** Which request failed last. */
  failed: 'rebuy' | 'receipt' | null;
}

export type OrderExtrasEvent = { type: 'rebuy.start' } | { type: 'receipt.get'; lang: ReceiptLang };

/**
 * The order page's extras beside the lifecycle: "Buy again" and the receipt PDF.
 *
 * idle | bought | saved | failed  --rebuy.start-->  buying          --done--> bought (`result`; `bagChanged`)
 *                                                                   --error--> failed
 *                                 --receipt.get-->  fetchingReceipt --done--> saved (the browser has the file)
 *                                                                   --error--> failed
 *
 * `buyAgain` calls `POST /orders/buy-again/{id}`; `getReceipt` fetches `GET /orders/receipt/{id}` and hands the file
 * to the browser; `bagChanged` lets the app refresh the bag (its count). A click while a request runs is ignored.
 */
export const orderExtrasMachine = setup({
  types: {
    context: {} as OrderExtrasContext,
    events: {} as OrderExtrasEvent,
    input: {} as OrderExtrasInput,
  },
  actors: {
    buyAgain: fromPromise<BuyAgainResult, { orderId: number }>(async () => {
      throw new Error('buyAgain is provided by the app (provideOrderExtras)');
    }),
    getReceipt: fromPromise<void, { orderId: number; lang: ReceiptLang }>(async () => {
      throw new Error('getReceipt is provided by the app (provideOrderExtras)');
    }),
  },
  actions: {
    bagChanged: (_, _params: { result: BuyAgainResult }) => undefined,
  },
}).createMachine({
  id: 'orderExtras',
  context: ({ input }) => ({ orderId: input.orderId, result: null, errorCode: null, failed: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'rebuy.start': 'buying', 'receipt.get': 'fetchingReceipt' } },
    bought: { on: { 'rebuy.start': 'buying', 'receipt.get': 'fetchingReceipt' } },
    saved: { on: { 'rebuy.start': 'buying', 'receipt.get': 'fetchingReceipt' } },
    failed: { on: { 'rebuy.start': 'buying', 'receipt.get': 'fetchingReceipt' } },
    buying: {
      entry: assign({ result: null, errorCode: null, failed: null }),
      invoke: {
        src: 'buyAgain',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'bought',
          actions: [
            assign({ result: ({ event }) => event.output }),
            { type: 'bagChanged', params: ({ event }) => ({ result: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ errorCode: ({ event }) => readFailure(event.error).code, failed: 'rebuy' }),
        },
      },
    },
    fetchingReceipt: {
      entry: assign({ errorCode: null, failed: null }),
      invoke: {
        src: 'getReceipt',
        input: ({ context, event }) => ({
          orderId: context.orderId,
          lang: event.type === 'receipt.get' ? event.lang : 'ru',
        }),
        onDone: 'saved',
        onError: {
          target: 'failed',
          actions: assign({ errorCode: ({ event }) => readFailure(event.error).code, failed: 'receipt' }),
        },
      },
    },
  },
});
