/**
 * Staff presence on an order page: the presence machine with the app's calls (`providePresence`) and the hook the
 * order page uses. The actor is started on mount and told `presence.leave` on unmount or when the tab goes away
 * (`pagehide`; it then says so to the server and stops by itself; a tab that vanishes expires after 45 s). The viewers live in the query cache (`live.ts`), where `presence` frames of the
 * event stream update them too.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createActor, fromPromise } from 'xstate';
import { presenceMachine, type PresenceAnswer } from '../../machines/events/presence.machine.ts';
import type { LiveViewer } from '../../machines/events/events.types.ts';
import { api, unwrap } from '../api/client.ts';
import { setViewers, useViewers } from './live.ts';

export interface PresenceDeps {
  queryClient: QueryClient;
  heartbeat: (orderId: number) => Promise<PresenceAnswer>;
  leave: (orderId: number) => Promise<void>;
}

export function providePresence({ queryClient, heartbeat, leave }: PresenceDeps) {
  return presenceMachine.provide({
    actors: {
      heartbeat: fromPromise<PresenceAnswer, { orderId: number }>(({ input }) => heartbeat(input.orderId)),
      leave: fromPromise<void, { orderId: number }>(({ input }) => leave(input.orderId)),
    },
    actions: {
      viewersChanged: (_, { orderId, viewers }) => setViewers(queryClient, orderId, viewers),
    },
  });
}

const heartbeat = (orderId: number) =>
  unwrap(api.POST('/orders/presence/{id}', { params: { path: { id: orderId } } }));
// `keepalive`: the leave of a closing tab still reaches the server.
const leave = async (orderId: number): Promise<void> => {
  await api.DELETE('/orders/presence/{id}', { params: { path: { id: orderId } }, keepalive: true });
};

/** Marks the caller (staff) as viewing the order while mounted; answers the others viewing it. */
export function useOrderPresence(orderId: number, selfId: number | null): LiveViewer[] {
  const queryClient = useQueryClient();
  useEffect(() => {
    const actor = createActor(providePresence({ queryClient, heartbeat, leave }), { input: { orderId } });
    actor.start();
    const leaveNow = () => actor.send({ type: 'presence.leave' });
    window.addEventListener('pagehide', leaveNow);
    return () => {
      window.removeEventListener('pagehide', leaveNow);
      leaveNow();
    };
  }, [queryClient, orderId]);
  return useViewers(orderId).filter((viewer) => viewer.userId !== selfId);
}
