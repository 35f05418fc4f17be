/**
 * Where the visit's first live stream resumes (machines/events/events.machine.ts `input`): the event log's position a
 * page the server rendered was read at (src/prerender/state.ts `eventPosition`), given once its session starts from
 * that page's data. Taken once: a later session of the same page (signed out and in again) read its screens itself,
 * after the position, and starts as a visit without one does.
 */
let position: string | null = null;

export function resumeEventsFrom(eventPosition: number | null): void {
  position = eventPosition === null ? null : String(eventPosition);
}

export function takeEventsPosition(): string | null {
  const taken = position;
  position = null;
  return taken;
}
