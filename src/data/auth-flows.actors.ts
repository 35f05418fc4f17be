/**
 * The password-recovery and e-mail confirmation machines with the app's calls: apart from `auth.actors.ts` (loaded
 * by every page) because only /reset-pass and /confirm-email use them.
 */
import { fromPromise } from 'xstate';
import { emailConfirmationMachine } from '../../machines/auth/email-confirmation.machine.ts';
import { passwordRecoveryMachine } from '../../machines/auth/password-recovery.machine.ts';
import { reportFailure } from '../api/failure-bridge.ts';
import type { AuthApi } from './auth.ts';

/** The password-recovery machine (`/reset-pass`): ask for a link, then set the new password with its token. */
export function providePasswordRecovery(
  api: Pick<AuthApi, 'requestPasswordReset' | 'completePasswordReset'>,
) {
  return passwordRecoveryMachine.provide({
    actors: {
      requestReset: fromPromise(({ input }) => api.requestPasswordReset(input.email)),
      completeReset: fromPromise(({ input }) => api.completePasswordReset(input)),
    },
    actions: {
      reportError: (_, { error }) => reportFailure(error),
    },
  });
}

/** The e-mail confirmation machine (`/confirm-email?token=`); a confirmed address makes auth read the user again. */
export function provideEmailConfirmation(api: Pick<AuthApi, 'confirmEmail'>, refreshUser: () => void) {
  return emailConfirmationMachine.provide({
    actors: { confirmEmail: fromPromise(({ input }) => api.confirmEmail(input.token)) },
    actions: { emailConfirmed: () => refreshUser() },
  });
}
