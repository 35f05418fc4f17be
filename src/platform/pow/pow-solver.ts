/**
 * The proof of work solved in the page's own module workers (docs/adr/0141-join-page-proof-of-work.md), shared by
 * the join page and the shop's client sign-up (docs/adr/0147-the-storefront-and-client-checkout.md).
 */
import { type EventObject, fromCallback } from 'xstate';
import type { PowChallenge } from '#machines/sign-up/sign-up.types.ts';
import type { PowReport, PowWork } from './pow.worker.ts';

/** What the solver sends its machine. */
export type PowSolverEvent =
  | { type: 'pow.progress'; attempts: number }
  | { type: 'pow.solved'; payload: string }
  | { type: 'pow.failed'; code: string };

/** The part of a `Worker` the solver uses (tests give a fake). */
export interface PowWorker {
  postMessage(work: PowWork): void;
  terminate(): void;
  onmessage: ((message: MessageEvent<PowReport>) => void) | null;
  onerror: ((error: ErrorEvent) => void) | null;
}

/** A module worker of `pow.worker.ts` (Vite bundles it as a file of its own, same origin as the CSP asks). */
export const createPowWorker = (): PowWorker =>
  new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });

/**
 * Workers to spread the counters over: the cores the browser reports, one kept for the page, between 1 and 4
 * (more gains little on a phone and costs memory).
 */
export function powConcurrency(
  cores: number | undefined = globalThis.navigator?.hardwareConcurrency,
): number {
  return Math.min(4, Math.max(1, (cores ?? 2) - 1));
}

/** What the form sends as `altcha`: base64 JSON of `{ challenge, solution }`, as the server reads it. */
export function powPayload(
  challenge: PowChallenge,
  solution: { counter: number; derivedKey: string },
): string {
  // Hex strings, numbers and the algorithm's name only: ASCII, so `btoa` takes it as it is.
  return btoa(JSON.stringify({ challenge, solution }));
}

/**
 * The proof-of-work actor both sign-up machines invoke (the join page's and the shop's client sign-up): the
 * challenge's counters spread over `concurrency` workers; it sends `pow.progress` with the keys tried so far, then
 * `pow.solved` with the payload the form sends, or `pow.failed` once every worker failed. Stopping it (the machine
 * leaving its state) terminates the workers.
 */
export function powSolver<TEvent extends EventObject>(
  createWorker: () => PowWorker = createPowWorker,
  concurrency?: number,
) {
  return fromCallback<TEvent, PowChallenge>(({ input: challenge, sendBack }) => {
    const send = (event: PowSolverEvent) => sendBack(event);
    const count = concurrency ?? powConcurrency();
    const attempts = new Array<number>(count).fill(0);
    let failures = 0;
    let settled = false;
    const workers: PowWorker[] = [];
    const stop = () => {
      for (const worker of workers.splice(0)) worker.terminate();
    };
    const settle = (event: PowSolverEvent) => {
      if (settled) return;
      settled = true;
      stop();
      send(event);
    };
    const fail = (code: string) => {
      failures += 1;
      // One worker failing (memory) leaves the others their counters; all failing ends the proof.
      if (failures === count) settle({ type: 'pow.failed', code });
    };
    try {
      for (let index = 0; index < count; index++) {
        const worker = createWorker();
        workers.push(worker);
        worker.onmessage = ({ data }) => {
          if (data.type === 'progress') {
            attempts[index] = data.attempts;
            if (!settled) send({ type: 'pow.progress', attempts: attempts.reduce((sum, n) => sum + n, 0) });
          } else if (data.type === 'solved') {
            const solution = { counter: data.counter, derivedKey: data.derivedKey };
            settle({ type: 'pow.solved', payload: powPayload(challenge, solution) });
          } else fail(data.code);
        };
        worker.onerror = () => fail('POW_FAILED');
        worker.postMessage({ challenge, counterStart: index, counterStep: count });
      }
    } catch {
      // No Worker at all (an old browser, a locked-down one).
      settle({ type: 'pow.failed', code: 'POW_UNSUPPORTED' });
    }
    return stop;
  });
}
