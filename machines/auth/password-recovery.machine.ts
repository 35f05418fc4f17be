import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './auth.rules.ts';

/**
 * Password recovery (`/reset-pass`, spec sections 2 and 7): both steps go through `POST /users/forgot-password`.
 *
 *   requesting.editing --recovery.request--> requesting.sending --> requested (the e-mail is on its way)
 *                                                        \--(error)--> requesting.editing
 *   resetting.editing  --recovery.reset-->   resetting.saving   --> done (sign in with the new password)
 *                                                        \--(error)--> resetting.editing
 *   requested | resetting --recovery.restart--> requesting.editing (ask for another link)
 *
 * It starts in `resetting` when the page was opened with `?token=` (the link from the e-mail), else in
 * `requesting`. Errors are kept as codes (`INVALID_TOKEN` for a spent or expired link, `RATE_LIMITED`, ...) and
 * reported through the injected `reportError`.
 */

export interface PasswordRecoveryInput {
  /** The `token` query parameter of `/reset-pass`, or `null`. */
  resetToken: string | null;
}

export interface PasswordRecoveryContext {
  resetToken: string | null;
  /** The address a reset was requested for (shown in the confirmation). */
  email: string | null;
  error: string | null;
}

export type PasswordRecoveryEvent =
  | { type: 'recovery.request'; email: string }
  | { type: 'recovery.reset'; password: string; passwordConfirmation: string }
  | { type: 'recovery.restart' };

export interface RequestResetInput {
  email: string;
}

export interface CompleteResetInput {
  token: string;
  password: string;
  passwordConfirmation: string;
}

function injected(name: string): never {
  throw new Error(
    `The recovery actor "${name}" is provided by the app with passwordRecoveryMachine.provide({ actors })`,
  );
}

export const passwordRecoveryMachine = setup({
  types: {
    context: {} as PasswordRecoveryContext,
    events: {} as PasswordRecoveryEvent,
    input: {} as PasswordRecoveryInput,
  },
  actors: {
    /** `POST /users/forgot-password` with `{ email }`. */
    requestReset: fromPromise<void, RequestResetInput>(async () => injected('requestReset')),
    /** `POST /users/forgot-password` with `{ token, password, passwordConfirmation }`. */
    completeReset: fromPromise<void, CompleteResetInput>(async () => injected('completeReset')),
  },
  actions: {
    /** Tell the user about a failure (a toast with the server's translated message). */
    reportError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasResetToken: ({ context }) => context.resetToken !== null && context.resetToken !== '',
  },
}).createMachine({
  id: 'passwordRecovery',
  context: ({ input }) => ({ resetToken: input.resetToken, email: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'hasResetToken', target: 'resetting' }, { target: 'requesting' }],
    },
    requesting: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'recovery.request': { target: 'sending', actions: assign({ email: ({ event }) => event.email }) },
          },
        },
        sending: {
          entry: assign({ error: null }),
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.email ?? '' }),
            onDone: '#passwordRecovery.requested',
            onError: {
              target: 'editing',
              actions: [
                assign({ error: ({ event }) => errorCodeOf(event.error) }),
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    requested: {
      on: { 'recovery.restart': { target: 'requesting', actions: assign({ error: null, email: null }) } },
    },
    resetting: {
      initial: 'editing',
      on: {
        'recovery.restart': { target: 'requesting', actions: assign({ error: null, resetToken: null }) },
      },
      states: {
        editing: {
          on: { 'recovery.reset': 'saving' },
        },
        saving: {
          entry: assign({ error: null }),
          invoke: {
            id: 'completeReset',
            src: 'completeReset',
            input: ({ context, event }) => {
              assertEvent(event, 'recovery.reset');
              return {
                token: context.resetToken ?? '',
                password: event.password,
                passwordConfirmation: event.passwordConfirmation,
              };
            },
            onDone: '#passwordRecovery.done',
            onError: {
              target: 'editing',
              actions: [
                assign({ error: ({ event }) => errorCodeOf(event.error) }),
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    /** The password was replaced and every session ended: the user signs in again. */
    done: {},
  },
});
