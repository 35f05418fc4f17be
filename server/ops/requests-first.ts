/**
 * Requests first (docs/adr/0150-requests-before-background-work.md). A process serves people's requests and, beside
 * them, background work: the messages worker, the periodic jobs, 1C's exchange. On PGlite both share one thread
 * and one connection, so a background piece of work in the way adds its whole length to a request's. Two rules
 * keep it out of the way:
 *
 * - **The database goes to requests first.** Work started by `inBackground` is marked (`isBackground`); the PGlite
 *   driver hands its one connection to a waiting request before a waiting background statement
 *   (server/db/pglite-dialect.ts). On PostgreSQL the pool serves both at once and the mark changes nothing.
 * - **Background work steps aside between its pieces.** `requestsFirst()` lets the event loop take in what arrived,
 *   then waits while requests are being served: a piece goes ahead for each request that has met none yet, or
 *   every `BACKGROUND_TURN_EVERY_MS` in a long one, so background work is slowed, never stopped. Its pieces are kept
 *   short (a chunk of an import, a few messages' rendering): a request meets about one.
 *
 * A request is counted from `onRequest` until its response closes, however it ends. Long-lived streams (live
 * events) and 1C's own exchange calls, which are background work, are not counted.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

const background = new AsyncLocalStorage<true>();

/** Runs `work`, and everything it starts, as background work. */
export function inBackground<T>(work: () => T): T {
  return background.run(true, work);
}

/** Whether the current work was started by `inBackground`. */
export function isBackground(): boolean {
  return background.getStore() === true;
}

/** Background work resumes once no request has been served for this long (a client's next call comes sooner). */
export const QUIET_AFTER_MS = 5;
/** Among requests that never stop, background work has a turn at least this often: slowed, never stopped. */
export const BACKGROUND_TURN_EVERY_MS = 30;

let serving = 0;
let lastEnded = 0;
/** Turns given so far; a request that began after the last one has not yet met a piece of background work. */
let turns = 0;
/** Requests being served that have not yet met a piece (began since the last turn). */
let unmet = 0;
/** Background work waiting for its turn, oldest first. */
let waiting: Array<(why: 'quiet' | 'turn') => void> = [];
let quietTimer: NodeJS.Timeout | undefined;
let turnTimer: NodeJS.Timeout | undefined;
/** When the piece now running had its turn (undefined: none is known to run). */
let turnGivenAt: number | undefined;
let lastTurnEnded = 0;

const isQuiet = (now: number): boolean => serving === 0 && now - lastEnded >= QUIET_AFTER_MS;

/** Wakes every waiting piece once the process has been quiet for `QUIET_AFTER_MS`. */
function watchForQuiet(): void {
  if (quietTimer !== undefined || serving > 0 || waiting.length === 0) return;
  quietTimer = setTimeout(
    () => {
      quietTimer = undefined;
      if (serving > 0 || waiting.length === 0) return;
      if (!isQuiet(performance.now())) return watchForQuiet();
      const woken = waiting;
      waiting = [];
      for (const wake of woken) wake('quiet');
    },
    Math.max(1, QUIET_AFTER_MS - (performance.now() - lastEnded)),
  );
}

/** Gives the oldest waiting piece its turn: every request being served meets it, and has met its one. */
function giveTurn(): void {
  const next = waiting.shift();
  if (next === undefined) return;
  if (turnTimer !== undefined) clearTimeout(turnTimer);
  turnTimer = undefined;
  turns += 1;
  unmet = 0;
  turnGivenAt = performance.now();
  next('turn');
  schedule();
}

/**
 * Among requests being served: a turn at once when one of them has met no piece yet (so each request meets about
 * one, and a stream of short reads lets background work run between them), else `BACKGROUND_TURN_EVERY_MS` after
 * the last piece (long requests meet one per that time). A piece runs until its work asks again.
 */
function schedule(): void {
  if (waiting.length === 0 || serving === 0) return;
  const now = performance.now();
  const running = turnGivenAt !== undefined && now - turnGivenAt < BACKGROUND_TURN_EVERY_MS;
  if (!running && unmet > 0) return giveTurn();
  if (turnTimer !== undefined) return;
  const from = running ? (turnGivenAt ?? now) : lastTurnEnded;
  turnTimer = setTimeout(
    () => {
      turnTimer = undefined;
      if (turnGivenAt !== undefined) lastTurnEnded = performance.now();
      turnGivenAt = undefined;
      if (serving > 0) giveTurn();
    },
    Math.max(1, from + BACKGROUND_TURN_EVERY_MS - now),
  );
}

/** Counts one request as being served; the answer ends it (once, whatever calls it again). */
export function requestBegins(): () => void {
  serving += 1;
  unmet += 1;
  const began = turns;
  let ended = false;
  schedule();
  return () => {
    if (ended) return;
    ended = true;
    serving -= 1;
    if (began === turns) unmet -= 1;
    lastEnded = performance.now();
    watchForQuiet();
  };
}

/** Requests this process is serving now (tests, metrics). */
export const requestsBeingServed = (): number => serving;

/**
 * Between two pieces of work: lets the event loop take in what arrived (a request's first bytes); then, for
 * background work, waits until no request has been served for `QUIET_AFTER_MS` (answers `quiet`). Among requests
 * being served, the oldest waiting piece (of all the process's background work) has a turn when a request has met
 * none yet, or every `BACKGROUND_TURN_EVERY_MS` (answers `turn`): a request meets about one piece, however long
 * the background work, and background work is slowed, never stopped.
 */
export async function requestsFirst(): Promise<'quiet' | 'turn'> {
  await setImmediate();
  // A request's own work never waits for requests: it would wait for itself.
  if (!isBackground()) return 'quiet';
  const now = performance.now();
  if (waiting.length === 0 && isQuiet(now)) return 'quiet';
  return new Promise((resolve) => {
    waiting.push(resolve);
    // The piece that had the turn (if this is its work asking again) has ended.
    if (turnGivenAt !== undefined) {
      turnGivenAt = undefined;
      lastTurnEnded = now;
    }
    watchForQuiet();
    schedule();
  });
}

/** How long a piece of background work made of small steps lasts before it lets requests first (`pieces`). */
export const PIECE_MS = 3;

/**
 * Pieces of about `PIECE_MS` out of a loop of small steps (rendering messages one by one): `await piece.next()`
 * between two steps goes on at once within a piece and lets requests first between two.
 */
export function pieces(): { next(): Promise<void> } {
  let started = performance.now();
  return {
    async next() {
      if (performance.now() - started < PIECE_MS) return;
      await requestsFirst();
      started = performance.now();
    },
  };
}

/**
 * Counts the app's requests. `uncounted` route templates are not requests a person waits for: a stream open for
 * hours, 1C's exchange (its work is background work).
 */
export function registerRequestsFirst(app: FastifyInstance, uncounted: readonly string[]): void {
  const skip = new Set(uncounted);
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || !skip.has(route)) reply.raw.once('close', requestBegins());
    done();
  });
}
