import { type Actor, fromPromise } from 'xstate';
import {
  type PerformReturnActionInput,
  returnActionsMachine,
  type ReturnActionsEvent,
} from '#machines/return-actions/return-actions.machine.ts';
import type { ApiReturn } from '#machines/return-actions/return-actions.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';
import { PATH_RETURN } from './return-fixtures.ts';

/**
 * Acting on one return, as staff (receive with a valid and an invalid receipt, accept, refuse with and without a
 * comment) and as the distributor (cancel, confirmed or not): each request answered, refused for a stale version
 * (with the fresh return, or without it: read again), refused otherwise, and the notices dismissed. The server's
 * answers are path events (`xstate.done.actor.performReturnAction`, `xstate.error.actor.loadReturn`); a stale version
 * is offered only while the fixture's version is low, so the graph stays finite.
 */

export const returnActionsPathMachine = returnActionsMachine.provide({
  actors: {
    performReturnAction: fromPromise<ApiReturn, PerformReturnActionInput>(
      () => new Promise<ApiReturn>(() => {}),
    ),
    loadReturn: fromPromise<ApiReturn, { returnId: number }>(() => new Promise<ApiReturn>(() => {})),
  },
});
type Machine = typeof returnActionsPathMachine;
type XEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as XEvt;
const PERFORM = 'performReturnAction';
const LOAD = 'loadReturn';

/** The server's answer to the pending action: the return one step on. */
function answered(ret: ApiReturn, kind: string | undefined): ApiReturn {
  const next = { ...ret, version: ret.version + 1 };
  switch (kind) {
    case 'receive':
      return {
        ...next,
        status: 'received',
        lines: ret.lines.map((line) => ({ ...line, received: 1, damaged: 0 })),
      };
    case 'accept':
      return { ...next, status: 'accepted', refundState: 'credited' };
    case 'refuse':
      return { ...next, status: 'refused', refuseComment: 'Opened' };
    default:
      return { ...next, status: 'cancelled' };
  }
}

function candidateEvents(snapshot: Snap<Machine>): XEvt[] {
  const { ret, receipt, refusal, pending } = snapshot.context;
  // A newer copy (someone else's change, or a stale version's fresh return) only while the version is low.
  const fresher = ret.version < 2 ? { ...ret, version: ret.version + 1 } : null;
  const refreshed: XEvt[] = fresher === null ? [] : [{ type: 'return.refreshed', ret: fresher }];
  if (snapshot.matches('submitting')) {
    const performError = (error: Record<string, unknown>) =>
      system({ type: `xstate.error.actor.${PERFORM}`, error });
    return [
      system({ type: `xstate.done.actor.${PERFORM}`, output: answered(ret, pending?.kind) }),
      ...(fresher === null ? [] : [performError({ status: 409, code: 'VERSION_CONFLICT', return: fresher })]),
      performError({ status: 409, code: 'VERSION_CONFLICT' }),
      performError({ status: 409, code: 'TRANSITION_NOT_ALLOWED', return: ret }),
      performError({ status: 409, code: 'TRANSITION_NOT_ALLOWED' }),
      performError({ status: 500, code: 'INTERNAL' }),
    ];
  }
  if (snapshot.matches('refreshing'))
    return [
      system({ type: `xstate.done.actor.${LOAD}`, output: ret }),
      system({ type: `xstate.error.actor.${LOAD}`, error: { status: 500, code: 'INTERNAL' } }),
    ];
  if (snapshot.matches('receiving')) {
    const entry = receipt?.['111'];
    return [
      entry?.received === 1
        ? { type: 'receipt.change', productId: 111, received: 3, damaged: 0 }
        : { type: 'receipt.change', productId: 111, received: 1, damaged: 0 },
      { type: 'receipt.submit' },
      { type: 'receipt.close' },
      ...refreshed,
    ];
  }
  if (snapshot.matches('refusing'))
    return [
      ...(refusal === '' ? [{ type: 'refuse.change', text: 'Opened' } as const] : []),
      { type: 'refuse.submit' },
      { type: 'refuse.close' },
    ];
  if (snapshot.matches('cancelling')) return [{ type: 'cancel.confirm' }, { type: 'cancel.close' }];
  return [
    { type: 'receipt.open' },
    { type: 'accept' },
    { type: 'refuse.open' },
    { type: 'cancel.open' },
    { type: 'notice.dismiss' },
    ...refreshed,
  ];
}

const send = (event: ReturnActionsEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const returnActionsMachineExecutors = {
  'return.refreshed': send,
  'receipt.open': send,
  'receipt.change': send,
  'receipt.submit': send,
  'receipt.close': send,
  accept: send,
  'refuse.open': send,
  'refuse.change': send,
  'refuse.submit': send,
  'refuse.close': send,
  'cancel.open': send,
  'cancel.confirm': send,
  'cancel.close': send,
  'notice.dismiss': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const returnActionsSuite = definePathSuite({
  name: 'return-actions',
  file: 'machines/return-actions/return-actions.machine.ts',
  machine: returnActionsPathMachine,
  sets: () => [
    generatePaths(returnActionsPathMachine, {
      label: 'staff on a requested return',
      input: { ret: PATH_RETURN, viewer: 'warehouse' },
      events: candidateEvents,
    }),
    generatePaths(returnActionsPathMachine, {
      label: 'the distributor on a requested return',
      input: { ret: PATH_RETURN, viewer: 'distributor' },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(returnActionsPathMachine, returnActionsMachineExecutors),
    api: 'no generated-path executor at this level: the actions are the returns API suite’s `POST /returns/{id}/…`',
    browser:
      'no generated-path executor at this level yet: tests/e2e/returns/returns.spec.ts receives and accepts a return by hand, and tests/src/features/orders/returns.test.tsx drives every form',
  },
});
