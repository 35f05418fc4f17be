import { type Actor, fromPromise } from 'xstate';
import {
  orderPrintMachine,
  type OrderPrintEvent,
  type PrintRequest,
} from '../../../machines/order-bulk/order-print.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The warehouse's print PDFs: a pick list or packing slips fetched and saved, a failed fetch, a second click while
 * the first runs, an empty selection (ignored), and printing again after either outcome. The `getPrint` result is a
 * path event (`xstate.done.actor.0.orderPrint.fetching`).
 */

export const orderPrintPathMachine = orderPrintMachine.provide({
  actors: { getPrint: fromPromise<void, PrintRequest>(() => new Promise<void>(() => {})) },
});
type Machine = typeof orderPrintPathMachine;
type PEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as PEvt;
const FETCH = '0.orderPrint.fetching';

const pickList: PEvt = { type: 'print.get', kind: 'pick-list', orderIds: [1, 2] };
const slips: PEvt = { type: 'print.get', kind: 'packing-slips', orderIds: [1] };
const nothing: PEvt = { type: 'print.get', kind: 'pick-list', orderIds: [] };
const answers: PEvt[] = [
  system({ type: `xstate.done.actor.${FETCH}`, output: undefined }),
  system({ type: `xstate.error.actor.${FETCH}`, error: { status: 404, code: 'NOT_FOUND' } }),
];

function candidateEvents(snapshot: Snap<Machine>): PEvt[] {
  if (snapshot.matches('fetching')) return [slips, ...answers];
  if (snapshot.matches('idle')) return [pickList, nothing];
  return [snapshot.context.request?.kind === 'pick-list' ? slips : pickList];
}

const send = (event: OrderPrintEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const orderPrintMachineExecutors = {
  'print.get': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const orderPrintSuite = definePathSuite({
  name: 'order-print',
  file: 'machines/order-bulk/order-print.machine.ts',
  machine: orderPrintPathMachine,
  sets: () => [
    generatePaths(orderPrintPathMachine, {
      label: 'warehouse print',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(orderPrintPathMachine, orderPrintMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/orders/queue.test.ts fetches the PDFs by hand and reads them with pdftotext',
    browser:
      'no generated-path executor at this level yet: tests/e2e/warehouse/warehouse-queue.spec.ts downloads the pick list and packing slips by hand',
  },
});
