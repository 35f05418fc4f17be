/**
 * The sign-up machine with the app's calls (docs/adr/0141-join-page-proof-of-work.md), provided here only: the
 * sponsor's card, the challenge and the sign-up through the one API client, and the proof of work solved in Web
 * Workers so the page stays responsive while it runs.
 */
import { fromPromise } from 'xstate';
import { signUpMachine } from '#machines/sign-up/sign-up.machine.ts';
import type { JoinedParams, JoinRequest, SignUpEvent } from '#machines/sign-up/sign-up.types.ts';
import type { SignUpApi } from '../../data/sign-up.ts';
import { createPowWorker, powSolver, type PowWorker } from '../../platform/pow/pow-solver.ts';

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
      solveChallenge: powSolver<SignUpEvent>(createWorker, concurrency),
    },
    actions: {
      joined: (_, params) => joined(params),
    },
  });
}
