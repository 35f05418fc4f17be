/** Runs the live-events actor for the signed-in user (mounted once by the auth provider). */
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { afterFirstScreen, firstScreenPainted } from '../platform/first-screen.ts';
import { openEventSource, openTicket, provideEvents } from './events.actors.ts';
import { takeEventsPosition } from './page-events-position.ts';
import { answersInFlight, answersSettled } from '../api/answer-positions.ts';

/**
 * How long the stream waits for the answers on their way when the first screen has painted: past it, it starts
 * anyway, with a reset (a position is vouched for only once every answer is here).
 */
const ANSWERS_SETTLE_MS = 3000;

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
  // Resume from where the page's data was read (a server-rendered page's, every answer's since), instead of reading it
  // again.
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
 * the first screen has painted (its ticket and connection do not compete with that screen's code and reads) and the
 * answers then on their way are here; it resumes from the lowest event-log position the page's data was read at
 * (ADR 0159), else its first `ready` has every read made again (the events machine), so nothing that changed
 * meanwhile is missed.
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
  return (
    <AfterAnswersSettle>
      <LiveEventsFor userId={userId} isStaff={isStaff} />
    </AfterAnswersSettle>
  );
}

/**
 * Its children once no answer is on its way (at once when none is), so the stream resumes from where every answer
 * the page holds was read; `ANSWERS_SETTLE_MS` at the latest.
 */
function AfterAnswersSettle({ children }: { children: ReactNode }) {
  const [settled, setSettled] = useState(() => answersInFlight() === 0);
  useEffect(() => {
    if (settled) return;
    let active = true;
    void answersSettled(ANSWERS_SETTLE_MS).then(() => {
      if (active) setSettled(true);
    });
    return () => {
      active = false;
    };
  }, [settled]);
  return settled ? children : null;
}
