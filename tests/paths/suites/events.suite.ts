import { type Actor, fromCallback, fromPromise } from 'xstate';
import { eventsMachine } from '#machines/events/events.machine.ts';
import type { EventsEvent, LiveFrame, StreamInput } from '#machines/events/events.types.ts';
import { type Evt, generatePaths, type Snap } from '../support/model-paths.ts';
import type { ExecutorTable } from '../support/run-path.ts';
import { definePathSuite, machineLevel } from '../support/suite.ts';

/**
 * The live-events connection: a ticket or none, the stream ready and its frames (with and without an id), the
 * stream failing or ended (shutdown: wait and reconnect; token expired: stop), the backoff timer, sign-out from any
 * state and starting again. The ticket's result and the backoff are path events
 * (`xstate.done.actor.0.events.connecting`, `xstate.after.backoff.events.waiting`); the stream's messages are
 * events of the machine, sent by the table as the EventSource wrapper would.
 */

export const eventsPathMachine = eventsMachine.provide({
  actors: {
    openTicket: fromPromise<{ ticket: string }>(() => new Promise<{ ticket: string }>(() => {})),
    stream: fromCallback<EventsEvent, StreamInput>(() => () => {}),
  },
});
type Machine = typeof eventsPathMachine;
type EEvt = Evt<Machine>;

const system = (event: { type: string; [key: string]: unknown }) => event as unknown as EEvt;

const orderFrame: LiveFrame = {
  kind: 'order',
  data: {
    change: 'changed',
    orderId: 42,
    number: '000042',
    version: 4,
    status: 'confirmed',
    paymentState: 'need_pay',
    event: 'order.confirm',
    actor: { id: 3, name: 'Ion Rusu', role: 'WAREHOUSE' },
    at: '2026-11-20T10:05:00.000Z',
  },
};

const ticketEvents: EEvt[] = [
  system({ type: 'xstate.done.actor.0.events.connecting', output: { ticket: 't-1' } }),
  system({ type: 'xstate.error.actor.0.events.connecting', error: { status: 401, code: 'UNAUTHORIZED' } }),
];
const streamEvents: EEvt[] = [
  { type: 'stream.ready', position: '17' },
  { type: 'stream.frame', id: '18', frame: orderFrame },
  /** A frame without an id (the stream's `reset`): the position stays. */
  { type: 'stream.frame', id: null, frame: { kind: 'reset' } },
  { type: 'stream.ended', reason: 'shutdown' },
  { type: 'stream.ended', reason: 'token_expired' },
  { type: 'stream.failed' },
];
const controlEvents: EEvt[] = [{ type: 'events.stop' }, { type: 'events.start' }];
const backoff = system({ type: 'xstate.after.backoff.events.waiting' });

/**
 * Keeps the graph small: each stream message once per connection (ready first, then one frame of each kind), two
 * failed attempts at most, sign-out only before any frame.
 */
function candidateEvents(snapshot: Snap<Machine>): EEvt[] {
  const { context } = snapshot;
  const fresh = context.lastEventId === null;
  const control = fresh ? controlEvents : [];
  if (snapshot.matches('connecting'))
    return [...(context.attempt < 2 ? ticketEvents : ticketEvents.slice(0, 1)), ...control];
  if (snapshot.matches('waiting')) return [backoff, ...control];
  if (snapshot.matches('stopped')) return context.ticket === undefined ? control : [];
  const messages = streamEvents.filter((event) => {
    if (event.type === 'stream.ready') return fresh;
    if (event.type === 'stream.frame') return !fresh && context.lastEventId === '17';
    return !fresh && context.attempt === 0;
  });
  return [...messages, ...control];
}

const send = (event: EventsEvent, actor: Actor<Machine>) => {
  actor.send(event);
};

export const eventsMachineExecutors = {
  'stream.ready': send,
  'stream.frame': send,
  'stream.ended': send,
  'stream.failed': send,
  'events.stop': send,
  'events.start': send,
} satisfies ExecutorTable<Machine, Actor<Machine>>;

export const eventsSuite = definePathSuite({
  name: 'events',
  file: 'machines/events/events.machine.ts',
  machine: eventsPathMachine,
  sets: () => [
    generatePaths(eventsPathMachine, {
      label: 'signed in',
      input: { lastEventId: null },
      events: candidateEvents,
    }),
    generatePaths(eventsPathMachine, {
      label: 'a page the server rendered at event 37',
      input: { lastEventId: '37' },
      events: candidateEvents,
    }),
  ],
  levels: {
    machine: machineLevel(eventsPathMachine, eventsMachineExecutors),
    api: 'no generated-path executor at this level yet: tests/server/events/events.test.ts opens tickets and streams, resumes and ends them by hand',
    browser:
      'no generated-path executor at this level yet: tests/e2e/live/live.spec.ts watches live orders and presence arrive by hand',
  },
});
