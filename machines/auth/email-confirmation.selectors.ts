import type { SnapshotFrom } from 'xstate';
import type { emailConfirmationMachine } from './email-confirmation.machine.ts';

type ConfirmationSnapshot = SnapshotFrom<typeof emailConfirmationMachine>;

/** What `/confirm-email` shows: the call running, the address confirmed, or the failure's code. */
export interface ConfirmationView {
  confirming: boolean;
  confirmed: boolean;
  /** The failure's code (`INVALID_TOKEN` for a spent or expired link, ...) while failed, else null. */
  error: string | null;
}

export function selectConfirmationView(snapshot: ConfirmationSnapshot): ConfirmationView {
  return {
    confirming: snapshot.matches('confirming'),
    confirmed: snapshot.matches('confirmed'),
    error: snapshot.matches('failed') ? snapshot.context.error : null,
  };
}
