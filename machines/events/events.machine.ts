import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { EventsContext, EventsEvent, EventsInput, LiveFrame, StreamInput } from './events.types.ts';

/** The wait before the next connection attempt: 1 s, 2 s, 4 s … up to 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

const injected = (name: string) => () => {
  throw new Error(`${name} is injected with eventsMachine.provide({ actors })`);
};

/**
 * Live events for the signed-in user: a ticket (`openTicket`), then the stream (`stream`, an EventSource wrapped
 * by the app) whose frames go to `applyFrame` (the app updates or invalidates its query cache). The last event id is
 * kept, so a reconnect resumes where the stream stopped and nothing is missed; a `reset` frame (the server's log no
 * longer reaches back) is handed on too, and the app reloads what it shows. The first stream of a visit (it opens
 * once the first screen has painted, after that screen's reads) starts with a `reset` for the same reason, unless
 * it is given where those reads were made (`input.lastEventId`: the lowest event-log position among the answers the
 * page holds, a server-rendered page's state included, ADR 0158 and 0159): it then resumes from there, and the
 * server sends what changed since, or a `reset`.
 *
 * connecting --ticket--> streaming --failed / shutdown--> waiting --backoff--> connecting
 *            --no ticket--> waiting                       streaming --token expired / session ended--> stopped
 *
 * A failure says nothing to the user: while not streaming, the app's normal refetch policy keeps screens fresh.
 * `events.stop` (sign-out) stops everything; `events.start` starts again from `stopped`.
 */
export const eventsMachine = setup({
  types: {
    context: {} as EventsContext,
    events: {} as EventsEvent,
    input: {} as EventsInput,
  },
  actors: {
    openTicket: fromPromise<{ ticket: string }>(injected('openTicket')),
    stream: fromCallback<EventsEvent, StreamInput>(injected('stream')),
  },
  actions: {
    applyFrame: (_, _params: { frame: LiveFrame }) => undefined,
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempt),
  },
}).createMachine({
  id: 'events',
  context: ({ input }) => ({ lastEventId: input.lastEventId, attempt: 0 }),
  initial: 'connecting',
  on: {
    'events.stop': { target: '.stopped' },
  },
  states: {
    connecting: {
      invoke: {
        src: 'openTicket',
        onDone: { target: 'streaming', actions: assign({ ticket: ({ event }) => event.output.ticket }) },
        onError: { target: 'waiting' },
      },
    },
    streaming: {
      invoke: {
        src: 'stream',
        input: ({ context }) => ({ ticket: context.ticket ?? '', lastEventId: context.lastEventId }),
      },
      on: {
        'stream.ready': [
          {
            // The first stream of the session has nothing to resume from (no position vouched for): what the screens read
            // before it opened is read again (as after a `reset`), so a change between those reads and the stream
            // is not missed.
            guard: ({ context }) => context.lastEventId === null,
            actions: [
              { type: 'applyFrame', params: { frame: { kind: 'reset' } } },
              assign({ lastEventId: ({ event }) => event.position, attempt: 0 }),
            ],
          },
          { actions: assign({ lastEventId: ({ event }) => event.position, attempt: 0 }) },
        ],
        'stream.frame': {
          actions: [
            assign({ lastEventId: ({ context, event }) => event.id ?? context.lastEventId }),
            { type: 'applyFrame', params: ({ event }) => ({ frame: event.frame }) },
          ],
        },
        'stream.ended': [
          { guard: ({ event }) => event.reason === 'shutdown', target: 'waiting' },
          { target: 'stopped' },
        ],
        'stream.failed': { target: 'waiting' },
      },
    },
    waiting: {
      entry: assign({ attempt: ({ context }) => context.attempt + 1 }),
      after: { backoff: { target: 'connecting' } },
    },
    stopped: {
      entry: assign({ attempt: 0 }),
      on: { 'events.start': { target: 'connecting' } },
    },
  },
});
