import { type Actor, fromPromise } from 'xstate';
import {
  type PresenceAnswer,
  presenceMachine,
  type PresenceEvent,
} from '#machines/events/presence.machine.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * Staff presence on one order page: the heartbeat answered (with the server's beat interval) or failing, the next
 * beat after the rest, leaving from any state with the leave call answered or failing. Actor results and the
 * heartbeat timer are path events (`xstate.done.actor.0.presence.beating`, `xstate.after.heartbeat.presence.resting`).
 */

export const presencePathMachine = presenceMachine.provide({
  actors: {
    heartbeat: fromPromise<PresenceAnswer, { orderId: number }>(() => new Promise<PresenceAnswer>(() => {})),
    leave: fromPromise<void, { orderId: number }>(() => new Promise<void>(() => {})),
  },
});
type Machine = typeof presencePathMachine;
type PEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as PEvt;

const answer: PresenceAnswer = { viewers: [{ userId: 3, name: 'Ion Rusu' }], heartbeatSeconds: 20 };
const events: PEvt[] = [
  { type: 'presence.leave' },
  system({ type: 'xstate.done.actor.0.presence.beating', output: answer }),
  system({ type: 'xstate.error.actor.0.presence.beating', error: { status: 500, code: 'INTERNAL' } }),
  system({ type: 'xstate.after.heartbeat.presence.resting' }),
  system({ type: 'xstate.done.actor.0.presence.leaving', output: undefined }),
  system({ type: 'xstate.error.actor.0.presence.leaving', error: new TypeError('Failed to fetch') }),
];

/** Two beats at most (the second one after the server's interval arrived), then only leaving. */
function candidateEvents(snapshot: Snap<Machine>): PEvt[] {
  return snapshot.context.heartbeatMs === answer.heartbeatSeconds * 1000 && snapshot.matches('beating')
    ? events.filter((event) => !event.type.includes('beating'))
    : events;
}

const send = (event: PresenceEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const presenceMachineExecutors = {
  'presence.leave': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const presenceSuite = definePathSuite({
  name: 'presence',
  file: 'machines/events/presence.machine.ts',
  machine: presencePathMachine,
  sets: () => [
    generatePaths(presencePathMachine, {
      label: 'order 42 open',
      input: { orderId: 42 },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(presencePathMachine, presenceMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/events/events.test.ts announces staff arriving and leaving by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/live/live.spec.ts shows a colleague arrive and leave by hand',
  },
});
