/** Runs the live-events actor for the signed-in user (mounted once by the auth provider). */
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { afterFirstScreen, firstScreenPainted } from '../platform/first-screen.ts';
import { openEventSource, openTicket, provideEvents } from './events.actors.ts';
import { takeEventsPosition } from './page-events-position.ts';

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
  // A page the server rendered: resume from where its reads were made, instead of reading them again.
  const [lastEventId] = useState(takeEventsPosition);
  useActorRef(logic, { input: { lastEventId } });
  return null;
}

export interface LiveEventsProps {
  authenticated: boolean;
  userId: number | null;
  isStaff: boolean;
}

/**
 * Keeps the signed-in user's screens current; nothing while signed out or without EventSource. The stream opens once
 * the first screen has painted (its ticket and connection do not compete with that screen's code and reads); it
 * resumes from where a server-rendered page's reads were made, else its first `ready` has those reads made again (the
 * events machine), so nothing that changed meanwhile is missed.
 */
export function LiveEvents({ authenticated, userId, isStaff }: LiveEventsProps) {
  const [painted, setPainted] = useState(firstScreenPainted);
  useEffect(() => {
    if (painted) return;
    let active = true;
    void afterFirstScreen().then(() => {
      if (active) setPainted(true);
    });
    return () => {
      active = false;
    };
  }, [painted]);
  if (!painted || !authenticated || typeof EventSource === 'undefined') return null;
  // Another user means a new session: signed out in between, so this unmounts and mounts again.
  return <LiveEventsFor userId={userId} isStaff={isStaff} />;
}
