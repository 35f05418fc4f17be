import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './auth.rules.ts';

/**
 * The confirmation link from the e-mail (`/confirm-email?token=...`, `POST /users/confirm-email`).
 *
 *   starting --(token)--> confirming --> confirmed
 *            \                     \--(error)--> failed (code: INVALID_TOKEN for a spent or expired link, ...)
 *             \--(no token)--> failed (INVALID_TOKEN)
 *   failed --confirmation.retry--> confirming (a network failure may pass on a second try)
 *
 * `confirmed` fires the injected `emailConfirmed` action, so a logged-in session reads its user again.
 */

export interface EmailConfirmationInput {
  token: string | null;
}

export interface EmailConfirmationContext {
  token: string | null;
  error: string | null;
}

export type EmailConfirmationEvent = { type: 'confirmation.retry' };

export const emailConfirmationMachine = setup({
  types: {
    context: {} as EmailConfirmationContext,
    events: {} as EmailConfirmationEvent,
    input: {} as EmailConfirmationInput,
  },
  actors: {
    /** `POST /users/confirm-email` with `{ token }`. */
    confirmEmail: fromPromise<void, { token: string }>(async () => {
      throw new Error(
        'confirmEmail is provided by the app with emailConfirmationMachine.provide({ actors })',
      );
    }),
  },
  actions: {
    /** The address is confirmed: a logged-in session reads its user again. */
    emailConfirmed: () => {},
  },
  guards: {
    hasToken: ({ context }) => context.token !== null && context.token !== '',
  },
}).createMachine({
  id: 'emailConfirmation',
  context: ({ input }) => ({ token: input.token, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasToken', target: 'confirming' },
        { target: 'failed', actions: assign({ error: 'INVALID_TOKEN' }) },
      ],
    },
    confirming: {
      entry: assign({ error: null }),
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: { target: 'confirmed', actions: 'emailConfirmed' },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorCodeOf(event.error) }) },
      },
    },
    confirmed: {},
    failed: {
      on: { 'confirmation.retry': { guard: 'hasToken', target: 'confirming' } },
    },
  },
});
