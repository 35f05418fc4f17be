import { assertEvent, assign, fromPromise, raise, setup } from 'xstate';
import {
  NO_PROOF,
  proofActors,
  proofDelays,
  proofGuards,
  proofRegion,
} from '../proof-of-work/proof-of-work.region.ts';
import { refusalCodeOf } from '../sign-up/sign-up.refusal.rules.ts';
import { cartBaseline, shopRefusalOf } from './shop-sign-up.rules.ts';
import type {
  BagTransferRequest,
  BagTransferResult,
  Cart,
  FinishedParams,
  ShopClientSignUp,
  ShopClientToken,
  ShopSignInForm,
  ShopSignUpContext,
  ShopSignUpEvent,
  ShopSignUpInput,
  SignedInParams,
} from './shop-sign-up.types.ts';

/**
 * A storefront visitor's checkout step (`/s/{alias}/checkout`, docs/adr/0147-the-storefront-and-client-checkout.md):
 * a short sign-up as the distributor's client, or signing in to an account they have, then the local bag goes into
 * the server's cart. The proof of work runs from the first moment, as on the join page (ADR 0141):
 *
 *   proof: the proof-of-work region (machines/proof-of-work/proof-of-work.region.ts), started again by
 *          shopSignUp.retry
 *   page:  signUp.editing --submit--> signUp.waiting (for the proof) --> signUp.submitting (POST …/clients)
 *            --done--> signedIn | --error--> signUp.editing with the refusal, and pow.renew (the proof was spent)
 *          signIn.editing --signIn--> signIn.signingIn (POST /users/login) --done--> signedIn | --error--> editing
 *          either --mode--> the other (keeping the proof); any --useSession (signed in already)--> signedIn
 *   signedIn: the token goes to the auth machine (`signedIn`); readingCart (GET /orders/cart) --> transferring
 *          (each line set to what the cart held + the bag's) --> done (`finished`)
 *          readingCart | transferring --error--> transferFailed --retry--> readingCart or transferring | --skip--> done
 *
 * Both cart steps send the new token themselves: the auth machine may still be loading when they run. Setting each
 * line from a baseline read once makes a retried move land on the same quantities.
 */

function injected(name: string): never {
  throw new Error(
    `The shop sign-up actor "${name}" is provided by the app with shopSignUpMachine.provide({ actors })`,
  );
}

export const shopSignUpMachine = setup({
  types: {
    context: {} as ShopSignUpContext,
    events: {} as ShopSignUpEvent,
    input: {} as ShopSignUpInput,
  },
  actors: {
    ...proofActors<ShopSignUpEvent>(),
    /** `POST /public/shops/{alias}/clients`. */
    signUp: fromPromise<ShopClientToken, { alias: string; body: ShopClientSignUp }>(async () =>
      injected('signUp'),
    ),
    /** `POST /users/login`: the bare token. */
    signIn: fromPromise<string, ShopSignInForm>(async () => injected('signIn')),
    /** `GET /orders/cart` with the token. */
    readCart: fromPromise<Cart, { token: string }>(async () => injected('readCart')),
    /** Sets each line in the cart with the token; answers the lines the cart refused. */
    transferBag: fromPromise<BagTransferResult, BagTransferRequest>(async () => injected('transferBag')),
  },
  actions: {
    /** Hands the token to the auth machine (`auth.token.issued`). */
    signedIn: (_, _params: SignedInParams) => {},
    /** The local bag is in the cart: clear it, tell the visitor, go to the bag page (the app's). */
    finished: (_, _params: FinishedParams) => {},
  },
  guards: {
    ...proofGuards,
    hasBaseline: ({ context }) => context.baseline !== null,
  },
  delays: proofDelays,
}).createMachine({
  id: 'shopSignUp',
  context: ({ input }) => ({
    alias: input.alias,
    lines: [],
    ...NO_PROOF,
    form: null,
    refusal: null,
    signInError: null,
    token: null,
    baseline: null,
    transferError: null,
    refused: [],
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      states: {
        proof: proofRegion<ShopSignUpContext, ShopSignUpEvent>('shopSignUp.retry'),
        page: {
          initial: 'signUp',
          on: {
            // Signed in already: nothing to fill in, only the bag to move (a form on its way is not interrupted:
            // the sending states have no view to send this from).
            'shopSignUp.useSession': {
              target: '#shopSignUp.signedIn',
              actions: assign({ token: ({ event }) => event.token, lines: ({ event }) => event.lines }),
            },
          },
          states: {
            signUp: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'shopSignUp.mode': {
                      guard: ({ event }) => event.mode === 'signIn',
                      target: '#shopSignUp.active.page.signIn',
                    },
                    'shopSignUp.submit': {
                      target: 'waiting',
                      actions: assign({
                        form: ({ event }) => event.form,
                        lines: ({ event }) => event.lines,
                        refusal: null,
                      }),
                    },
                  },
                },
                /** Sent before the proof was ready: it goes by itself once it is. */
                waiting: {
                  always: { guard: 'proofReady', target: 'submitting' },
                  on: {
                    'shopSignUp.submit': {
                      actions: assign({ form: ({ event }) => event.form, lines: ({ event }) => event.lines }),
                    },
                  },
                },
                submitting: {
                  invoke: {
                    id: 'signUp',
                    src: 'signUp',
                    input: ({ context }) => ({
                      alias: context.alias,
                      body: {
                        ...(context.form as NonNullable<ShopSignUpContext['form']>),
                        altcha: context.solution ?? '',
                      },
                    }),
                    onDone: {
                      target: '#shopSignUp.signedIn',
                      actions: assign({ token: ({ event }) => event.output.access_token, form: null }),
                    },
                    onError: {
                      target: 'editing',
                      actions: [
                        assign({ refusal: ({ event }) => shopRefusalOf(event.error), form: null }),
                        raise({ type: 'pow.renew' }),
                      ],
                    },
                  },
                },
              },
            },
            signIn: {
              initial: 'editing',
              states: {
                editing: {
                  on: {
                    'shopSignUp.mode': {
                      guard: ({ event }) => event.mode === 'signUp',
                      target: '#shopSignUp.active.page.signUp',
                    },
                    'shopSignUp.signIn': {
                      target: 'signingIn',
                      actions: assign({ lines: ({ event }) => event.lines }),
                    },
                  },
                },
                signingIn: {
                  entry: assign({ signInError: null }),
                  invoke: {
                    id: 'signIn',
                    src: 'signIn',
                    input: ({ event }) => {
                      assertEvent(event, 'shopSignUp.signIn');
                      return event.form;
                    },
                    onDone: {
                      target: '#shopSignUp.signedIn',
                      actions: assign({ token: ({ event }) => event.output }),
                    },
                    onError: {
                      target: 'editing',
                      actions: assign({ signInError: ({ event }) => refusalCodeOf(event.error) }),
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    /** Signed up or in (leaving `active` stops the solver): the bag goes into the cart. */
    signedIn: {
      entry: { type: 'signedIn', params: ({ context }) => ({ token: context.token ?? '' }) },
      initial: 'readingCart',
      states: {
        readingCart: {
          entry: assign({ transferError: null }),
          invoke: {
            id: 'readCart',
            src: 'readCart',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'transferring',
              actions: assign({
                baseline: ({ event }) => cartBaseline(event.output),
              }),
            },
            onError: {
              target: 'transferFailed',
              actions: assign({ transferError: ({ event }) => refusalCodeOf(event.error) }),
            },
          },
        },
        transferring: {
          entry: assign({ transferError: null }),
          invoke: {
            id: 'transferBag',
            src: 'transferBag',
            input: ({ context }) => ({
              token: context.token ?? '',
              lines: context.lines,
              baseline: context.baseline ?? {},
            }),
            onDone: {
              target: '#shopSignUp.done',
              actions: [
                assign({ refused: ({ event }) => event.output.refused }),
                { type: 'finished', params: ({ event }) => ({ refused: event.output.refused, moved: true }) },
              ],
            },
            onError: {
              target: 'transferFailed',
              actions: assign({ transferError: ({ event }) => refusalCodeOf(event.error) }),
            },
          },
        },
        transferFailed: {
          on: {
            'shopSignUp.retry': [{ guard: 'hasBaseline', target: 'transferring' }, { target: 'readingCart' }],
            'shopSignUp.skip': {
              target: '#shopSignUp.done',
              actions: { type: 'finished', params: { refused: [], moved: false } },
            },
          },
        },
      },
    },
    /** The bag is in the cart (or left behind by choice); the view goes to the bag page. */
    done: { type: 'final' },
  },
});

export type ShopSignUpMachine = typeof shopSignUpMachine;
