import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';
import { storedUserFor } from './auth.rules.ts';
import { validTokenPayload } from './auth.token.rules.ts';
import type { AuthRole, AuthUser, AuthWarehouse, LogoutReason } from './auth.types.ts';

/** What the selectors read of a snapshot: the machine's, or its start state before it runs (`auth.start.ts`). */
export type AuthSnapshot = Pick<SnapshotFrom<typeof authMachine>, 'context' | 'matches'>;

export type ResendStatus = 'idle' | 'sending' | 'sent';

export const selectIsAuthenticated = (snapshot: AuthSnapshot): boolean => snapshot.matches('authenticated');

export const selectRole = (snapshot: AuthSnapshot): AuthRole => snapshot.context.role;

export const selectUser = (snapshot: AuthSnapshot): AuthUser | null => snapshot.context.user;

export const selectWarehouse = (snapshot: AuthSnapshot): AuthWarehouse | null => snapshot.context.warehouse;

/** True while the warehouse of a logged-in user is being fetched. */
export const selectIsWarehouseLoading = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ authenticated: { warehouse: 'loading' } });

/**
 * True until the app knows who the user is: before the start-up check, and while the first `/users/me` of a
 * session runs without a stored user to show. Guarded routes show a full-page loading state meanwhile.
 */
export const selectIsInitialising = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('initialising') ||
  (snapshot.matches({ authenticated: { profile: 'loading' } }) && snapshot.context.user === null);

/** True only before the start-up check has run (one tick): the session is not known yet. */
export const selectIsStarting = (snapshot: AuthSnapshot): boolean => snapshot.matches('initialising');

export const selectIsLoggingIn = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ loggedOut: 'loggingIn' });

/** The code of the last failed login (`INVALID_CREDENTIALS`, `RATE_LIMITED`, `VALIDATION_FAILED`, `HTTP_500`, ...). */
export const selectLoginError = (snapshot: AuthSnapshot): string | null => snapshot.context.loginError;

/** Why the last session ended, for a notice on the login page. */
export const selectLogoutReason = (snapshot: AuthSnapshot): LogoutReason | null =>
  snapshot.context.logoutReason;

/** Spec section 5: 'Need to confirm your email' while the signed-in user's address is not confirmed. */
export const selectNeedsEmailConfirmation = (snapshot: AuthSnapshot): boolean =>
  selectIsAuthenticated(snapshot) && snapshot.context.user?.emailConfirmed === false;

export const selectResendStatus = (snapshot: AuthSnapshot): ResendStatus => {
  if (snapshot.matches({ authenticated: { profile: { emailUnconfirmed: 'sending' } } })) return 'sending';
  if (snapshot.matches({ authenticated: { profile: { emailUnconfirmed: 'sent' } } })) return 'sent';
  return 'idle';
};

export const selectResendError = (snapshot: AuthSnapshot): string | null => snapshot.context.resendError;

/** True while `/users/me` is read again (after `auth.user.refresh`). */
export const selectIsRefreshingUser = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches({ authenticated: { profile: 'loading' } }) && snapshot.context.user !== null;

/** Where a role lands (spec section 2): /personal for USER, /dashboard for the others, /login when logged out. */
export function homePathFor(role: AuthRole, isAuthenticated: boolean): '/login' | '/personal' | '/dashboard' {
  if (!isAuthenticated) return '/login';
  return role === 'user' ? '/personal' : '/dashboard';
}

export const selectHomePath = (snapshot: AuthSnapshot): '/login' | '/personal' | '/dashboard' =>
  homePathFor(selectRole(snapshot), selectIsAuthenticated(snapshot));

/** Spec section 6: a USER cannot open /dashboard. */
export const selectIsUserRole = (snapshot: AuthSnapshot): boolean => snapshot.context.role === 'user';

/** Warehouse staff (warehouse, partner_warehouse): the warehouse orders list is theirs. */
export const selectIsWarehouseStaff = (snapshot: AuthSnapshot): boolean =>
  snapshot.context.role === 'warehouse' || snapshot.context.role === 'partner_warehouse';

/** Distributors (partner, partner_warehouse): network, figures, client base. */
export const selectIsDistributor = (snapshot: AuthSnapshot): boolean =>
  snapshot.context.role === 'partner' || snapshot.context.role === 'partner_warehouse';

/** A `/?token=` link of another account waits for the visitor to switch or stay. */
export const selectIsConfirmingSwitch = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('confirmingSwitch');

/** Where signing out stands: `leaving` this device, `leavingEverywhere` (all devices), or `idle`. */
export type SignOutStatus = 'idle' | 'leaving' | 'leavingEverywhere';

export const selectSignOutStatus = (snapshot: AuthSnapshot): SignOutStatus => {
  if (snapshot.matches({ authenticated: { signOut: 'leaving' } })) return 'leaving';
  if (snapshot.matches({ authenticated: { signOut: 'leavingEverywhere' } })) return 'leavingEverywhere';
  return 'idle';
};

/** Why the last "sign out on all devices" failed (the session went on), or null. */
export const selectSignOutError = (snapshot: AuthSnapshot): string | null => snapshot.context.signOutError;

/** While a switch is asked: the e-mail of the account signed in here, when this browser remembers it. */
export const selectSignedInEmail = (snapshot: AuthSnapshot): string | null => {
  const payload = validTokenPayload(snapshot.context.storedToken, Date.now());
  return payload === null ? null : (storedUserFor(snapshot.context.storedUser, payload)?.email ?? null);
};
