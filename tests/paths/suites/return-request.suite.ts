import { type Actor, assign, fromPromise } from 'xstate';
import {
  attemptFor,
  returnRequestMachine,
  type ReturnAttempt,
  type ReturnRequestEvent,
} from '#machines/return-actions/return-request.machine.ts';
import type { ApiReturn } from '#machines/return-actions/return-actions.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';
import { PATH_LIST, PATH_ORDER, PATH_RETURN } from './return-fixtures.ts';

/**
 * The distributor's return request: opening the form, a unit chosen and taken back, the reason, sending before the
 * form is complete (refused by the machine), the request answered, refused line by line (422: a new key next time)
 * or lost (no answer: the key kept for the retry), and closing the form. Actor results are path events
 * (`xstate.done.actor.requestReturn`).
 */

/** The key every path's request gets (a constant: a path's snapshots must be the same on every run). */
export const PATH_KEY = 'return-request-path-key';

export const returnRequestPathMachine = returnRequestMachine.provide({
  actors: {
    requestReturn: fromPromise<ApiReturn, ReturnAttempt>(() => new Promise<ApiReturn>(() => {})),
  },
  actions: {
    prepareAttempt: assign({ attempt: ({ context }) => attemptFor(context, () => PATH_KEY) }),
  },
});
type Machine = typeof returnRequestPathMachine;
type XEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as XEvt;
const DONE = 'xstate.done.actor.requestReturn';
const ERROR = 'xstate.error.actor.requestReturn';

const refused = {
  status: 422,
  code: 'VALIDATION_FAILED',
  details: [{ location: 'body', path: '/lines/0/quantity', message: 'too many', reason: 'too_many' }],
};

/** The order's returns read again after its last unit went elsewhere: nothing is returnable any more. */
const CLOSED_LIST = { ...PATH_LIST, returnable: false };

function candidateEvents(snapshot: Snap<Machine>): XEvt[] {
  const { draft, created, list } = snapshot.context;
  const refreshed: XEvt[] = list.returnable ? [{ type: 'list.refreshed', list: CLOSED_LIST }] : [];
  if (snapshot.matches('closed')) return created === null ? [{ type: 'request.open' }, ...refreshed] : [];
  if (snapshot.matches('submitting'))
    return [
      { type: 'request.submit' },
      system({ type: DONE, output: PATH_RETURN }),
      system({ type: `${ERROR}`, error: refused }),
      system({ type: `${ERROR}`, error: { status: 503, code: 'NETWORK_ERROR' } }),
    ];
  const chosen = (draft.quantities['111'] ?? 0) > 0;
  return [
    { type: 'line.quantity', productId: 111, quantity: chosen ? 0 : 1 },
    ...(draft.reason === null ? [{ type: 'reason.choose', reason: 'faulty' } as const] : []),
    ...(draft.comment === '' ? [{ type: 'comment.change', text: 'Broken cap' } as const] : []),
    { type: 'request.submit' },
    { type: 'request.close' },
    ...refreshed,
  ];
}

const send = (event: ReturnRequestEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const returnRequestMachineExecutors = {
  'request.open': send,
  'request.close': send,
  'line.quantity': send,
  'reason.choose': send,
  'comment.change': send,
  'request.submit': send,
  'list.refreshed': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const returnRequestSuite = definePathSuite({
  name: 'return-request',
  file: 'machines/return-actions/return-request.machine.ts',
  machine: returnRequestPathMachine,
  sets: () => [
    generatePaths(returnRequestPathMachine, {
      label: 'a received order of two lines',
      input: { order: PATH_ORDER, list: PATH_LIST },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(returnRequestPathMachine, returnRequestMachineExecutors),
    api: 'no generated-path executor at this level: the request is the returns API suite’s `POST /orders/{orderId}/returns`',
    browser:
      'no generated-path executor at this level yet: tests/e2e/returns/returns.spec.ts requests a return by hand, and tests/src/features/orders/returns.test.tsx drives the form',
  },
});
