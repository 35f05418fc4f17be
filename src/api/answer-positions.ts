/**
 * Where the event log was when the server worked out the answers this page holds (ADR 0159). Every API answer says it
 * (`Event-Position`, server/events/answer-position.ts): every event up to that position is in the answer. The
 * session's first live stream resumes from the lowest position among the answers since the last stream started
 * (src/session/page-events-position.ts), so it neither reads every screen again nor misses a change made between a
 * read and the stream.
 *
 * A position is known only once an answer is here: while one is on its way, or when one came without a position (a
 * proxy's error page, a server whose hub has not read the log yet), no position can be vouched for.
 */
export const EVENT_POSITION_HEADER = 'Event-Position';

let lowest: number | null = null;
let unplaced = false;
let inFlight = 0;
const settleWaiters = new Set<() => void>();

/** Counts a position the page's data was read at: an answer's, or the one a server-rendered page's state carries. */
export function notePosition(position: number | null): void {
  if (position === null) unplaced = true;
  else lowest = lowest === null ? position : Math.min(lowest, position);
}

function positionOf(response: Response): number | null {
  const value = response.headers.get(EVENT_POSITION_HEADER);
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * Follows an answer of the API on its way: counted in flight until it settles, then its position noted. A request
 * that failed without an answer brought nothing into the cache: it only stops being in flight.
 */
export function trackAnswer(answer: Promise<Response>): Promise<Response> {
  inFlight += 1;
  const settled = () => {
    inFlight -= 1;
    if (inFlight === 0) for (const wake of [...settleWaiters]) wake();
  };
  return answer.then(
    (response) => {
      notePosition(positionOf(response));
      settled();
      return response;
    },
    (error: unknown) => {
      settled();
      throw error;
    },
  );
}

/** How many answers are on their way. */
export function answersInFlight(): number {
  return inFlight;
}

/** Resolves once no answer is on its way, or after `timeoutMs` at the latest. */
export function answersSettled(timeoutMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      settleWaiters.delete(done);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    settleWaiters.add(done);
  });
}

/**
 * The lowest position among the answers noted since the last call, and starts counting anew; `null` when it cannot
 * be vouched for: nothing was noted, one answer had no position, or one is still on its way.
 */
export function takeLowestPosition(): number | null {
  const taken = unplaced || inFlight > 0 ? null : lowest;
  lowest = null;
  unplaced = false;
  return taken;
}
