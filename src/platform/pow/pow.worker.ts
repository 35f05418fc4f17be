/**
 * The proof of work's solver, off the main thread (docs/adr/0141-join-page-proof-of-work.md): `altcha-lib`'s own
 * `solveChallenge` with its WebCrypto PBKDF2 (`algorithms/web/pbkdf2`; the package's `workers/pbkdf2` imports
 * `node:crypto` and cannot run in a browser). Each worker tries every `counterStep`-th counter from `counterStart`,
 * so several share one challenge, and reports how many keys it tried every quarter of a second.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

export interface PowWork {
  challenge: Challenge;
  counterStart: number;
  counterStep: number;
}

export type PowReport =
  | { type: 'progress'; attempts: number }
  | { type: 'solved'; counter: number; derivedKey: string }
  | { type: 'failed'; code: 'POW_UNSUPPORTED' | 'POW_TIMEOUT' | 'POW_FAILED' };

const PROGRESS_EVERY_MS = 250;
/** Longer than any phone needs at the default cost; a solver that runs longer is stuck, not slow. */
const TIMEOUT_MS = 5 * 60_000;

const post = (report: PowReport) => self.postMessage(report);

self.onmessage = async (message: MessageEvent<PowWork>) => {
  if (typeof crypto === 'undefined' || crypto.subtle === undefined) {
    // WebCrypto needs a secure context (https, or localhost).
    post({ type: 'failed', code: 'POW_UNSUPPORTED' });
    return;
  }
  const { challenge, counterStart, counterStep } = message.data;
  let attempts = 0;
  let reported = performance.now();
  try {
    const solution = await solveChallenge({
      challenge,
      counterStart,
      counterStep,
      timeout: TIMEOUT_MS,
      deriveKey: async (...args: Parameters<typeof deriveKey>) => {
        attempts += 1;
        const now = performance.now();
        if (now - reported >= PROGRESS_EVERY_MS) {
          reported = now;
          post({ type: 'progress', attempts });
        }
        return deriveKey(...args);
      },
    });
    if (solution === null) post({ type: 'failed', code: 'POW_TIMEOUT' });
    else post({ type: 'solved', counter: solution.counter, derivedKey: solution.derivedKey });
  } catch {
    post({ type: 'failed', code: 'POW_FAILED' });
  }
};
