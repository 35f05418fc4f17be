/**
 * Where the session's first live stream resumes (machines/events/events.machine.ts `input`): the lowest event-log
 * position among what the page's cache was read at since the last stream started (ADR 0158, 0159) — the state of a
 * page the server rendered (src/prerender/state.ts `eventPosition`) and every API answer since
 * (src/api/answer-positions.ts). `null` when that cannot be vouched for (nothing read, an answer without a position,
 * one still on its way): the stream then starts with a reset, and every screen is read again.
 */
import { notePosition, takeLowestPosition } from '../api/answer-positions.ts';

/** The position a server-rendered page's reads were made at, as its session starts from them. */
export function resumeEventsFrom(eventPosition: number | null): void {
  notePosition(eventPosition);
}

/** Where the first stream resumes, taken as it starts: what is read after this is the stream's to keep current. */
export function takeEventsPosition(): string | null {
  const position = takeLowestPosition();
  return position === null ? null : String(position);
}
