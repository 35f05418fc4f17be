import type { components } from '../../openapi/schema.d.ts';

/** `GET /public/challenge`: the proof of work to solve before a sign-up form is sent. */
export type PowChallenge = components['schemas']['PowChallenge'];

/** The proof's part of the context of a machine that embeds the proof-of-work region. */
export interface ProofContext {
  challenge: PowChallenge | null;
  /** The solved challenge as the server reads it: base64 JSON of `{ challenge, solution }`. */
  solution: string | null;
  /** Keys the solver has tried on the current challenge (its progress; the total is the server's secret). */
  powAttempts: number;
  /** Why the proof could not be made (`NETWORK_ERROR`, `POW_UNSUPPORTED`…), or null. */
  powError: string | null;
}

/** The proof's events: the solver's messages, and the embedding machine's request for a new proof. */
export type PowEvent =
  /** From the solver: keys tried so far on the current challenge. */
  | { type: 'pow.progress'; attempts: number }
  /** From the solver: the challenge is solved (`payload` is what the form sends as `altcha`). */
  | { type: 'pow.solved'; payload: string }
  /** From the solver: it could not run or gave up (`code`: `POW_UNSUPPORTED`, `POW_TIMEOUT`, `POW_FAILED`). */
  | { type: 'pow.failed'; code: string }
  /** Internal: the proof was spent by a refused submit, a new one is needed. */
  | { type: 'pow.renew' };

/** The states of the region, as the selectors read them. */
export type ProofState = 'fetching' | 'solving' | 'solved' | 'failed';
