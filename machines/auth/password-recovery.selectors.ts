import type { SnapshotFrom } from 'xstate';
import type { passwordRecoveryMachine } from './password-recovery.machine.ts';

type RecoverySnapshot = SnapshotFrom<typeof passwordRecoveryMachine>;

/** Which screen `/reset-pass` shows. */
export type RecoveryView = 'request' | 'requested' | 'reset' | 'done';

export function selectRecoveryView(snapshot: RecoverySnapshot): RecoveryView {
  if (snapshot.matches('requested')) return 'requested';
  if (snapshot.matches('resetting')) return 'reset';
  if (snapshot.matches('done')) return 'done';
  return 'request';
}

export const selectIsSubmitting = (snapshot: RecoverySnapshot): boolean =>
  snapshot.matches({ requesting: 'sending' }) || snapshot.matches({ resetting: 'saving' });

/** The code of the last failure (`INVALID_TOKEN` for a spent or expired link, `RATE_LIMITED`, ...). */
export const selectRecoveryError = (snapshot: RecoverySnapshot): string | null => snapshot.context.error;

export const selectRequestedEmail = (snapshot: RecoverySnapshot): string | null => snapshot.context.email;
