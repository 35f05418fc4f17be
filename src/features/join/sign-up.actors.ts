/**
 * The sign-up machine with the app's calls (docs/adr/0141-join-page-proof-of-work.md), provided here only: the
 * sponsor's card, the challenge and the sign-up through the one API client, and the proof of work solved in Web
 * Workers so the page stays responsive while it runs.
 */
import { fromCallback, fromPromise } from 'xstate';
import { signUpMachine } from '#machines/sign-up/sign-up.machine.ts';
import type {
  JoinedParams,
  JoinRequest,
  PowChallenge,
  SignUpEvent,
} from '#machines/sign-up/sign-up.types.ts';
import type { SignUpApi } from '../../data/sign-up.ts';
import type { PowReport, PowWork } from './pow.worker.ts';

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

export interface SignUpDeps {
  api: SignUpApi;
  /** Hands the new distributor's token to the auth machine and welcomes them (toast, dashboard). */
  joined: (params: JoinedParams) => void;
  createWorker?: () => PowWorker;
  concurrency?: number;
}

export function provideSignUp({ api, joined, createWorker = createPowWorker, concurrency }: SignUpDeps) {
  return signUpMachine.provide({
    actors: {
      loadCard: fromPromise(({ input }) => api.sponsorCard(input.alias)),
      fetchChallenge: fromPromise(() => api.challenge()),
      join: fromPromise(({ input }: { input: JoinRequest }) => api.join(input)),
      solveChallenge: fromCallback<SignUpEvent, PowChallenge>(({ input: challenge, sendBack }) => {
        const count = concurrency ?? powConcurrency();
        const attempts = new Array<number>(count).fill(0);
        let failures = 0;
        let settled = false;
        const workers: PowWorker[] = [];
        const stop = () => {
          for (const worker of workers.splice(0)) worker.terminate();
        };
        const settle = (event: SignUpEvent) => {
          if (settled) return;
          settled = true;
          stop();
          sendBack(event);
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
                if (!settled)
                  sendBack({ type: 'pow.progress', attempts: attempts.reduce((sum, n) => sum + n, 0) });
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
      }),
    },
    actions: {
      joined: (_, params) => joined(params),
    },
  });
}
