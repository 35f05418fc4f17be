import type { SnapshotFrom } from 'xstate';
import type { shopSignUpMachine } from './shop-sign-up.machine.ts';
import type { ShopSignUpMode, ShopSignUpRefusal } from './shop-sign-up.types.ts';

type ShopSignUpSnapshot = SnapshotFrom<typeof shopSignUpMachine>;

/** What the checkout step shows as a whole. */
export type ShopSignUpView = 'signUp' | 'signIn' | 'moving' | 'moveFailed' | 'done';

export function selectShopSignUpView(snapshot: ShopSignUpSnapshot): ShopSignUpView {
  if (snapshot.matches('done')) return 'done';
  if (snapshot.matches({ signedIn: 'transferFailed' })) return 'moveFailed';
  if (snapshot.matches('signedIn')) return 'moving';
  if (snapshot.matches({ active: { page: 'signIn' } })) return 'signIn';
  return 'signUp';
}

export const selectMode = (snapshot: ShopSignUpSnapshot): ShopSignUpMode =>
  snapshot.matches({ active: { page: 'signIn' } }) ? 'signIn' : 'signUp';

/** The sign-up form was sent: waiting for the proof, or on its way. */
export const selectIsSigningUp = (snapshot: ShopSignUpSnapshot): boolean =>
  snapshot.matches({ active: { page: { signUp: 'waiting' } } }) ||
  snapshot.matches({ active: { page: { signUp: 'submitting' } } });

export const selectIsWaitingForProof = (snapshot: ShopSignUpSnapshot): boolean =>
  snapshot.matches({ active: { page: { signUp: 'waiting' } } });

export const selectIsSigningIn = (snapshot: ShopSignUpSnapshot): boolean =>
  snapshot.matches({ active: { page: { signIn: 'signingIn' } } });

export const selectShopRefusal = (snapshot: ShopSignUpSnapshot): ShopSignUpRefusal | null =>
  snapshot.context.refusal;

export const selectSignInError = (snapshot: ShopSignUpSnapshot): string | null =>
  snapshot.context.signInError;

export const selectTransferError = (snapshot: ShopSignUpSnapshot): string | null =>
  snapshot.context.transferError;
