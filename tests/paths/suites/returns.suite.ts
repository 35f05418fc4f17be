import type { Actor } from 'xstate';
import { returnMachine } from '#machines/returns/returns.machine.ts';
import type { ReturnEvent } from '#machines/returns/returns.types.ts';
import { type ReturnMachine, returnPathSets } from '../support/returns.paths';
import type { ExecutorTable } from '../support/run-path';
import { definePathSuite, machineLevel } from '../support/suite';

const send = (event: ReturnEvent, actor: Actor<ReturnMachine>) => {
  actor.send(event);
};

/** The machine runner's executor table: one entry per event type, or this file does not compile. */
export const returnMachineExecutors = {
  'return.receive': send,
  'return.accept': send,
  'return.refuse': send,
  'return.cancel': send,
  'refund.succeeded': send,
} satisfies ExecutorTable<ReturnMachine, Actor<ReturnMachine>>;

/**
 * The return machine (which the server enforces): a card and a cash return, every event of every role. The API level
 * drives real returns through `POST /orders/{orderId}/returns` and `POST /returns/{id}/…`, with the acquirer's refund
 * answered by the local maib peer; the browser level clicks the same steps on the returns screens.
 */
export const returnsSuite = definePathSuite({
  name: 'returns',
  file: 'machines/returns/returns.machine.ts',
  machine: returnMachine,
  sets: () => returnPathSets(),
  levels: {
    machine: machineLevel(returnMachine, returnMachineExecutors),
    api: { spec: 'tests/paths/returns.api.spec.ts' },
    browser: { spec: 'tests/paths/returns.spec.ts' },
  },
});
