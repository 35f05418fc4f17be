/** Runs the live-events actor for the signed-in user (mounted once by the auth provider). */
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { openEventSource, openTicket, provideEvents } from './events.actors.ts';

function LiveEventsFor({ userId, isStaff }: { userId: number | null; isStaff: boolean }) {
  const queryClient = useQueryClient();
  // Who is signed in is read when a frame arrives: the user's id and warehouse come a moment after the session starts
  // (GET /users/me, /users/my-warehouse), and the stream must not be reopened (a second ticket) when they do.
  const user = useRef({ userId, isStaff });
  useLayoutEffect(() => {
    user.current = { userId, isStaff };
  }, [userId, isStaff]);
  const logic = useMemo(
    () =>
      provideEvents({
        queryClient,
        openTicket,
        openEventSource,
        get isStaff() {
          return user.current.isStaff;
        },
        get userId() {
          return user.current.userId;
        },
      }),
    [queryClient],
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
  // Another user means a new session: signed out in between, so this unmounts and mounts again.
  return <LiveEventsFor userId={userId} isStaff={isStaff} />;
}
