import type { SnapshotFrom } from 'xstate';
import type { signUpMachine } from './sign-up.machine.ts';
import type { SignUpRefusal, SponsorCard } from './sign-up.types.ts';

type SignUpSnapshot = SnapshotFrom<typeof signUpMachine>;

/** What `/join/:alias` shows as a whole. */
export type SignUpPageView = 'loading' | 'invalidLink' | 'cardFailed' | 'form' | 'joined';

export function selectPageView(snapshot: SignUpSnapshot): SignUpPageView {
  if (snapshot.matches('joined')) return 'joined';
  if (snapshot.matches({ active: { page: 'invalidLink' } })) return 'invalidLink';
  if (snapshot.matches({ active: { page: 'cardFailed' } })) return 'cardFailed';
  if (snapshot.matches({ active: { page: 'loadingCard' } })) return 'loading';
  return 'form';
}

export const selectCard = (snapshot: SignUpSnapshot): SponsorCard | null => snapshot.context.card;

export const selectCardError = (snapshot: SignUpSnapshot): string | null => snapshot.context.cardError;

/** The form was sent and waits for the proof, or is on its way. */
export const selectIsSending = (snapshot: SignUpSnapshot): boolean =>
  snapshot.matches({ active: { page: 'waiting' } }) || snapshot.matches({ active: { page: 'submitting' } });

/** The form waits for the proof of work to finish before it goes. */
export const selectIsWaitingForProof = (snapshot: SignUpSnapshot): boolean =>
  snapshot.matches({ active: { page: 'waiting' } });

export const selectRefusal = (snapshot: SignUpSnapshot): SignUpRefusal | null => snapshot.context.refusal;

export const selectNewPrn = (snapshot: SignUpSnapshot): string | null => snapshot.context.prn;
