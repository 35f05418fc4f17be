import { assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import type { LiveViewer } from './events.types.ts';

/** The answer of a heartbeat: the contract's `OrderPresence` as far as the machine reads it. */
export type PresenceAnswer = Pick<components['schemas']['OrderPresence'], 'viewers' | 'heartbeatSeconds'>;

export interface PresenceContext {
  orderId: number;
  heartbeatMs: number;
}

export type PresenceEvent = { type: 'presence.leave' };

const injected = (name: string) => () => {
  throw new Error(`${name} is injected with presenceMachine.provide({ actors })`);
};

/**
 * Staff presence on one order's page: says "I have it open" (`heartbeat`) at once and again every
 * `heartbeatSeconds`, and "I left" (`leave`) when the page closes (`presence.leave`, sent by the page on unmount).
 * Each answer's viewers go to `viewersChanged` (the app keeps them in its query cache, where `presence` frames of
 * the event stream update them too). A failed heartbeat is tried again at the next beat, silently.
 *
 * beating --answer--> resting --after heartbeat--> beating      any --presence.leave--> leaving --> left
 */
export const presenceMachine = setup({
  types: {
    context: {} as PresenceContext,
    events: {} as PresenceEvent,
    input: {} as { orderId: number },
  },
  actors: {
    heartbeat: fromPromise<PresenceAnswer, { orderId: number }>(injected('heartbeat')),
    leave: fromPromise<void, { orderId: number }>(injected('leave')),
  },
  actions: {
    viewersChanged: (_, _params: { orderId: number; viewers: LiveViewer[] }) => undefined,
  },
  delays: {
    heartbeat: ({ context }) => context.heartbeatMs,
  },
}).createMachine({
  id: 'presence',
  context: ({ input }) => ({ orderId: input.orderId, heartbeatMs: 15_000 }),
  initial: 'beating',
  on: {
    'presence.leave': { target: '.leaving' },
  },
  states: {
    beating: {
      invoke: {
        src: 'heartbeat',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: {
          target: 'resting',
          actions: [
            assign({ heartbeatMs: ({ event }) => Math.max(1, event.output.heartbeatSeconds) * 1000 }),
            {
              type: 'viewersChanged',
              params: ({ context, event }) => ({ orderId: context.orderId, viewers: event.output.viewers }),
            },
          ],
        },
        onError: { target: 'resting' },
      },
    },
    resting: {
      after: { heartbeat: { target: 'beating' } },
    },
    leaving: {
      invoke: {
        src: 'leave',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: { target: 'left' },
        onError: { target: 'left' },
      },
    },
    left: { type: 'final' },
  },
});
