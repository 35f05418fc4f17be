import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { components } from '../../openapi/schema.d.ts';
import { formErrorOf, type FormError } from './personal.rules.ts';

/** `POST /users/new-password` body. */
export type PasswordChangeValues = components['schemas']['NewPasswordRequest'];

export interface PasswordChangeContext {
  error: FormError | null;
}

export type PasswordChangeEvent =
  | ({ type: 'password.change' } & PasswordChangeValues)
  /** After a change: the form again, for another change. */
  | { type: 'password.reset' };

/**
 * Changing the password on `/personal` (spec section 5: current, new and confirmation; every other device is
 * logged out).
 *
 *   editing --password.change--> changing --> changed (this session carries on with the fresh token: `renewSession`)
 *                                       \--(error)--> editing with the error (`INVALID_CURRENT_PASSWORD` names the
 *   changed --password.reset--> editing                  current password; `VALIDATION_FAILED` the fields)
 *
 * The server bumps the session version, so every other token of the user is refused from now on, this one too:
 * the answer's token must replace it before the next call (`renewSession`). The session is told before the call
 * (`sessionRenewing`), so that a 401 of a call sent meanwhile with the old token does not end it, and told if no
 * token comes (`renewalFailed`).
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
  },
  actors: {
    /** `POST /users/new-password`; resolves with the fresh access token of this session. */
    changePassword: fromPromise<string, PasswordChangeValues>(async () => {
      throw new Error('changePassword is provided with passwordChangeMachine.provide({ actors })');
    }),
  },
  actions: {
    /**
     * Tell the session a fresh token is on its way (the auth machine's `auth.token.renewing`): the server refuses
     * this session's token as soon as the password changes, before the answer brings the new one.
     */
    sessionRenewing: () => {},
    /** Hand the fresh token to the session (the auth machine's `auth.token.renewed`). */
    renewSession: (_, _params: { token: string }) => {},
    /** No fresh token comes (the auth machine's `auth.token.renewal.failed`). */
    renewalFailed: () => {},
  },
}).createMachine({
  id: 'passwordChange',
  context: { error: null },
  initial: 'editing',
  states: {
    editing: {
      on: { 'password.change': 'changing' },
    },
    changing: {
      entry: [assign({ error: null }), 'sessionRenewing'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          assertEvent(event, 'password.change');
          return {
            currentPassword: event.currentPassword,
            newPassword: event.newPassword,
            newPasswordConfirmation: event.newPasswordConfirmation,
          };
        },
        onDone: {
          target: 'changed',
          actions: { type: 'renewSession', params: ({ event }) => ({ token: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [assign({ error: ({ event }) => formErrorOf(event.error) }), 'renewalFailed'],
        },
      },
    },
    changed: {
      on: { 'password.reset': 'editing' },
    },
  },
});
