import { type Actor, fromPromise } from 'xstate';
import { orderBulkMachine } from '#machines/order-bulk/order-bulk.machine.ts';
import type {
  BulkAnswer,
  BulkCandidate,
  BulkSubmission,
  OrderBulkEvent,
} from '#machines/order-bulk/order-bulk.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The warehouse's bulk work: selecting one order, the page, clearing; submitting an action the selection allows
 * (and one it does not: ignored); the answer with a done and a changed order, or a failed call; dismissing the
 * results. Two orders: a new one (Start checking allowed) and a prepared one (Mark ready allowed). The
 * `submitBulk` result is a path event (`xstate.done.actor.0.orderBulk.submitting`).
 */

export const orderBulkPathMachine = orderBulkMachine.provide({
  actors: {
    submitBulk: fromPromise<BulkAnswer, BulkSubmission>(() => new Promise<BulkAnswer>(() => {})),
  },
});
type Machine = typeof orderBulkPathMachine;
type BEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as BEvt;
const SUBMIT = '0.orderBulk.submitting';

const fresh: BulkCandidate = {
  id: 1,
  number: '000001',
  version: 2,
  status: 'awaiting_warehouse',
  paymentMethod: 'cash',
  paymentState: 'not_required',
  deliveryType: 'pickup',
};
const prepared: BulkCandidate = { ...fresh, id: 2, number: '000002', status: 'prepared', version: 6 };

const answers: BEvt[] = [
  system({
    type: `xstate.done.actor.${SUBMIT}`,
    output: {
      action: 'check',
      results: [
        { id: 1, outcome: 'done', order: { ...fresh, status: 'checking', version: 3 } },
        {
          id: 2,
          outcome: 'changed',
          reason: 'the order is at version 7',
          order: { ...prepared, version: 7 },
        },
      ],
    },
  }),
  system({ type: `xstate.error.actor.${SUBMIT}`, error: { status: 500, code: 'INTERNAL' } }),
];

/** Selection moves from an empty start; one submit round, then only dismissing (one round walks every edge). */
function candidateEvents(snapshot: Snap<Machine>): BEvt[] {
  if (snapshot.matches('submitting')) return answers;
  const { selected, results, error } = snapshot.context;
  if (results !== null || error !== null) return [{ type: 'results.dismiss' }];
  if (selected.length === 0)
    return [
      { type: 'selection.toggle', order: fresh },
      { type: 'selection.page', orders: [fresh, prepared], selected: true },
    ];
  return [
    { type: 'selection.toggle', order: fresh },
    { type: 'selection.page', orders: [fresh, prepared], selected: false },
    { type: 'selection.clear' },
    { type: 'bulk.submit', action: 'check' },
    ...(selected.length === 1 ? [{ type: 'bulk.submit', action: 'ready' } as const] : []),
  ];
}

const send = (event: OrderBulkEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const orderBulkMachineExecutors = {
  'selection.toggle': send,
  'selection.page': send,
  'selection.clear': send,
  'bulk.submit': send,
  'results.dismiss': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const orderBulkSuite = definePathSuite({
  name: 'order-bulk',
  file: 'machines/order-bulk/order-bulk.machine.ts',
  machine: orderBulkPathMachine,
  sets: () => [
    generatePaths(orderBulkPathMachine, {
      label: 'bulk over two orders',
      input: undefined,
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(orderBulkPathMachine, orderBulkMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/routes/orders/queue.test.ts drives POST /orders/bulk by hand (10 orders, 2 changed in between)',
    browser:
      'no generated-path executor at this level yet: tests/e2e/warehouse/warehouse-queue.spec.ts selects orders and runs a bulk action by hand',
  },
});
