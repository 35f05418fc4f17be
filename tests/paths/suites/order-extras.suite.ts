import { type Actor, fromPromise } from 'xstate';
import {
  type BuyAgainResult,
  type OrderExtrasEvent,
  type ReceiptLang,
  orderExtrasMachine,
} from '#machines/order-actions/order-extras.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The order page's extras: "Buy again" (answered, or refused) and the receipt (saved, or failed), each from every
 * settled state, and the clicks ignored while a request runs. The actors' results are path events
 * (`xstate.done.actor.0.orderExtras.<state>`: the invokes have no id of their own).
 */

export const orderExtrasPathMachine = orderExtrasMachine.provide({
  actors: {
    buyAgain: fromPromise<BuyAgainResult, { orderId: number }>(() => new Promise<BuyAgainResult>(() => {})),
    getReceipt: fromPromise<void, { orderId: number; lang: ReceiptLang }>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof orderExtrasPathMachine;
type XEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as XEvt;
const BUYING = '0.orderExtras.buying';
const RECEIPT = '0.orderExtras.fetchingReceipt';

const answer: BuyAgainResult = {
  lines: [
    { productId: 1, name: { ru: 'A', en: 'A', ro: 'A', uk: 'A', it: 'A' }, requested: 2, added: 2 },
    { productId: 2, name: { ru: 'B', en: 'B', ro: 'B', uk: 'B', it: 'B' }, requested: 1, added: 0 },
  ],
  cart: {
    items: [],
    itemCount: 2,
    amount: 0,
    points: 0,
    currency: 'MDL',
  } as unknown as BuyAgainResult['cart'],
};

const rebuy: XEvt = { type: 'rebuy.start' };
const receipt: XEvt = { type: 'receipt.get', lang: 'ro' };

function candidateEvents(snapshot: Snap<Machine>): XEvt[] {
  if (snapshot.matches('buying'))
    return [
      receipt,
      system({ type: `xstate.done.actor.${BUYING}`, output: answer }),
      system({ type: `xstate.error.actor.${BUYING}`, error: { status: 404, code: 'NOT_FOUND' } }),
    ];
  if (snapshot.matches('fetchingReceipt'))
    return [
      rebuy,
      system({ type: `xstate.done.actor.${RECEIPT}`, output: undefined }),
      system({ type: `xstate.error.actor.${RECEIPT}`, error: { status: 500, code: 'INTERNAL' } }),
    ];
  return [rebuy, receipt];
}

const send = (event: OrderExtrasEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const orderExtrasMachineExecutors = {
  'rebuy.start': send,
  'receipt.get': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const orderExtrasSuite = definePathSuite({
  name: 'order-extras',
  file: 'machines/order-actions/order-extras.machine.ts',
  machine: orderExtrasPathMachine,
  sets: () => [
    generatePaths(orderExtrasPathMachine, {
      label: 'buy again and the receipt',
      input: { orderId: 42 },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(orderExtrasPathMachine, orderExtrasMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/orders/extras.test.ts calls both endpoints by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/order-page/order-page.spec.ts buys again and reads the receipt by hand',
  },
});
