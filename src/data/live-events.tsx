/** Runs the live-events actor for the signed-in user (mounted once by the auth provider). */
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { openEventSource, openTicket, provideEvents } from './events.actors.ts';

function LiveEventsFor({ userId, isStaff }: { userId: number | null; isStaff: boolean }) {
  const queryClient = useQueryClient();
  const logic = useMemo(
    () => provideEvents({ queryClient, openTicket, openEventSource, isStaff, userId }),
    [queryClient, isStaff, userId],
  );
  useActorRef(logic);
  return null;
}

export interface LiveEventsProps {
  authenticated: boolean;
  userId: number | null;
  isStaff: boolean;
}

/** Keeps the signed-in user's screens current; nothing while signed out or without EventSource. */
export function LiveEvents({ authenticated, userId, isStaff }: LiveEventsProps) {
  if (!authenticated || typeof EventSource === 'undefined') return null;
  return <LiveEventsFor key={String(userId)} userId={userId} isStaff={isStaff} />;
}
