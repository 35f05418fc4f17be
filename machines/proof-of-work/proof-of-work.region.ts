import {
  assign,
  type DoneActorEvent,
  type ErrorActorEvent,
  type EventObject,
  fromCallback,
  fromPromise,
} from 'xstate';
import { refusalCodeOf } from '../sign-up/sign-up.refusal.rules.ts';
import { proofRenewalDelay } from './proof-of-work.rules.ts';
import type { PowChallenge, PowEvent, ProofContext } from './proof-of-work.types.ts';

/**
 * The proof of work a sign-up sends with its form (docs/adr/0141-join-page-proof-of-work.md), as one region that
 * both sign-up machines embed at `active.proof`, beside their page region (the join page's `signUpMachine`, the
 * shop's `shopSignUpMachine`; docs/adr/0152-one-proof-of-work-region.md):
 *
 *   fetching (GET /public/challenge) --> solving (the solver: pow.progress…, pow.solved) --> solved
 *   fetching | solving --(failure)--> failed --<the machine's retry event>--> fetching
 *   solved --(the challenge is about to expire | pow.renew)--> fetching
 *
 * A region, not a child machine: the page region's guards read the solution in the same context (a form sent
 * before the proof is ready goes by itself once it is), and the state values, the model paths and the selectors
 * stay those of one machine. The embedding machine spreads `proofActors()`, `proofGuards` and `proofDelays` into its
 * `setup`, `NO_PROOF` into its context, raises `pow.renew` when a submit spent the proof, and leaves `active` to
 * stop the solver.
 */

function injected(name: string): never {
  throw new Error(
    `The proof-of-work actor "${name}" is provided by the app with the sign-up machine's provide()`,
  );
}

/**
 * The region's actors for a machine of events `TEvent`: signatures the app provides (`src/platform/pow/pow-solver.ts`
 * solves).
 */
export const proofActors = <TEvent extends EventObject>() => ({
  /** `GET /public/challenge`. */
  fetchChallenge: fromPromise<PowChallenge, void>(async () => injected('fetchChallenge')),
  /** Solves the challenge off the main thread; sends `pow.progress`, then `pow.solved` or `pow.failed`. */
  solveChallenge: fromCallback<TEvent, PowChallenge>(() => injected('solveChallenge')),
});

export const proofGuards = {
  /** The region is `solved` exactly while a solution is kept (fetching a new challenge clears it). */
  proofReady: ({ context }: { context: ProofContext }) => context.solution !== null,
};

export const proofDelays = {
  /** Until shortly before the solved challenge expires. */
  proofExpiry: ({ context }: { context: ProofContext }) =>
    proofRenewalDelay(context.challenge?.parameters.expiresAt ?? 0, Date.now()),
};

/** The proof's fields before the first challenge. */
export const NO_PROOF: ProofContext = { challenge: null, solution: null, powAttempts: 0, powError: null };

/**
 * The region's state config for a machine whose context holds `ProofContext` and whose events are `TEvent`;
 * `retry` is the machine's event that starts a failed proof again (it may mean more in its other region: the join
 * page's `signUp.retry` also reads a failed card again).
 */
export function proofRegion<TContext extends ProofContext, TEvent extends EventObject>(
  retry: TEvent['type'],
) {
  // The embedding machine's context holds the proof's fields: a change of them is a change of that context.
  const change = <TExpressionEvent extends EventObject>(
    patch: (event: TExpressionEvent) => Partial<ProofContext>,
  ) =>
    assign<TContext, TExpressionEvent, undefined, TEvent, never>(
      ({ event }) => patch(event) as Partial<TContext>,
    );
  return {
    initial: 'fetching',
    states: {
      fetching: {
        entry: change<TEvent>(() => NO_PROOF),
        invoke: {
          id: 'fetchChallenge',
          src: 'fetchChallenge',
          onDone: {
            target: 'solving',
            actions: change<DoneActorEvent<PowChallenge>>((event) => ({ challenge: event.output })),
          },
          onError: {
            target: 'failed',
            actions: change<ErrorActorEvent>((event) => ({ powError: refusalCodeOf(event.error) })),
          },
        },
      },
      solving: {
        invoke: {
          id: 'solveChallenge',
          src: 'solveChallenge',
          input: ({ context }: { context: TContext }) => context.challenge as PowChallenge,
        },
        on: {
          'pow.progress': {
            actions: change<Extract<PowEvent, { type: 'pow.progress' }>>((event) => ({
              powAttempts: event.attempts,
            })),
          },
          'pow.solved': {
            target: 'solved',
            actions: change<Extract<PowEvent, { type: 'pow.solved' }>>((event) => ({
              solution: event.payload,
            })),
          },
          'pow.failed': {
            target: 'failed',
            actions: change<Extract<PowEvent, { type: 'pow.failed' }>>((event) => ({ powError: event.code })),
          },
        },
      },
      solved: {
        after: { proofExpiry: 'fetching' },
        on: { 'pow.renew': 'fetching' },
      },
      failed: {
        on: { [retry]: 'fetching' },
      },
    },
  } as const;
}
