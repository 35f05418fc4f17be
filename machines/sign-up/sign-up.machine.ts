import { assign, fromPromise, raise, setup } from 'xstate';
import {
  NO_PROOF,
  proofActors,
  proofDelays,
  proofGuards,
  proofRegion,
} from '../proof-of-work/proof-of-work.region.ts';
import { isInvalidLink, refusalCodeOf, refusalOf } from './sign-up.refusal.rules.ts';
import type {
  JoinedParams,
  JoinRequest,
  JoinResult,
  SignUpContext,
  SignUpEvent,
  SignUpInput,
  SponsorCard,
} from './sign-up.types.ts';

/**
 * Signing up under a sponsor at `/join/:alias` (docs/adr/0140-sign-up-under-a-sponsor.md,
 * docs/adr/0141-join-page-proof-of-work.md). Two regions from the first moment, so the proof of work is ready by
 * the time the form is filled:
 *
 *   proof: fetching --> solving --> solved, failed --signUp.retry--> fetching, solved --(expiring | pow.renew)-->
 *          fetching: the proof-of-work region, machines/proof-of-work/proof-of-work.region.ts
 *   page:  starting --(the card came with the page)--> editing, else --> loadingCard
 *          loadingCard (GET /public/sponsors/{alias}) --> editing | invalidLink (404, 400, 414) | cardFailed
 *          cardFailed --signUp.retry--> loadingCard
 *          editing --signUp.submit--> waiting (for the proof) --(proof solved)--> submitting
 *          submitting (POST /public/join) --done--> joined (the token goes to the auth machine: `joined`)
 *                                         --error--> editing with the refusal; the proof was spent: pow.renew
 *
 * A challenge is single-use (the server spends it before it reads the form), so every refused submit gets and
 * solves a new one. `joined` leaves both regions, which stops the solver.
 */

function injected(name: string): never {
  throw new Error(
    `The sign-up actor "${name}" is provided by the app with signUpMachine.provide({ actors })`,
  );
}

export const signUpMachine = setup({
  types: {
    context: {} as SignUpContext,
    events: {} as SignUpEvent,
    input: {} as SignUpInput,
  },
  actors: {
    ...proofActors<SignUpEvent>(),
    /** `GET /public/sponsors/{alias}`. */
    loadCard: fromPromise<SponsorCard, { alias: string }>(async () => injected('loadCard')),
    /** `POST /public/join`. */
    join: fromPromise<JoinResult, JoinRequest>(async () => injected('join')),
  },
  actions: {
    /** Sign the new distributor in with the token and welcome them (the app's). */
    joined: (_, _params: JoinedParams) => {},
  },
  guards: {
    ...proofGuards,
    /** The card came with the input (a page the server rendered with it). */
    cardKnown: ({ context }) => context.card !== null,
  },
  delays: proofDelays,
}).createMachine({
  id: 'signUp',
  context: ({ input }) => ({
    alias: input.alias,
    card: input.card ?? null,
    cardError: null,
    ...NO_PROOF,
    form: null,
    refusal: null,
    prn: null,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        proof: proofRegion<SignUpContext, SignUpEvent>('signUp.retry'),
        page: {
          initial: 'starting',
          states: {
            starting: {
              always: [{ guard: 'cardKnown', target: 'editing' }, { target: 'loadingCard' }],
            },
            loadingCard: {
              entry: assign({ cardError: null }),
              invoke: {
                id: 'loadCard',
                src: 'loadCard',
                input: ({ context }) => ({ alias: context.alias }),
                onDone: { target: 'editing', actions: assign({ card: ({ event }) => event.output }) },
                onError: [
                  { guard: ({ event }) => isInvalidLink(event.error), target: 'invalidLink' },
                  {
                    target: 'cardFailed',
                    actions: assign({ cardError: ({ event }) => refusalCodeOf(event.error) }),
                  },
                ],
              },
            },
            invalidLink: {},
            cardFailed: {
              on: { 'signUp.retry': 'loadingCard' },
            },
            editing: {
              on: {
                'signUp.submit': {
                  target: 'waiting',
                  actions: assign({ form: ({ event }) => event.form, refusal: null }),
                },
              },
            },
            /** The form is sent as soon as the proof is ready; until then the view says it is checking. */
            waiting: {
              always: { guard: 'proofReady', target: 'submitting' },
              on: {
                'signUp.submit': { actions: assign({ form: ({ event }) => event.form }) },
              },
            },
            submitting: {
              invoke: {
                id: 'join',
                src: 'join',
                input: ({ context }) => ({
                  ...(context.form as NonNullable<SignUpContext['form']>),
                  sponsor: context.card?.prn ?? context.alias,
                  altcha: context.solution ?? '',
                }),
                onDone: {
                  target: '#signUp.joined',
                  actions: [
                    assign({ prn: ({ event }) => event.output.prn, form: null }),
                    {
                      type: 'joined',
                      params: ({ event }) => ({ token: event.output.access_token, prn: event.output.prn }),
                    },
                  ],
                },
                onError: {
                  target: 'editing',
                  actions: [
                    assign({ refusal: ({ event }) => refusalOf(event.error), form: null }),
                    raise({ type: 'pow.renew' }),
                  ],
                },
              },
            },
          },
        },
      },
    },
    /** Signed up and handed to the auth machine; the view leaves for the dashboard. */
    joined: { type: 'final' },
  },
});

export type SignUpMachine = typeof signUpMachine;
