/**
 * How the auth machine starts, without xstate: its initial context, and the state `initialising` settles in when
 * the answer needs no call and no effect beyond forgetting a session (a visit without any token: `loggedOut.idle`).
 * The app renders that state before the machine's chunk has loaded (`src/session/auth-context.tsx`); the machine then
 * starts from the same input, reaches the same state with its own guards (the ones below) and takes over.
 */
import { urlTokenOf } from './auth.rules.ts';
import type { AuthContext, AuthInput } from './auth.types.ts';

/** A state value as `snapshot.matches` reads it. */
export type StateValueLike = string | { [state: string]: StateValueLike };

/** The machine's context at start-up, from its input. */
export function initialAuthContext(input: AuthInput): AuthContext {
  return {
    token: null,
    expiresAt: null,
    role: 'unspecified',
    user: null,
    warehouse: null,
    loginError: null,
    resendError: null,
    signOutError: null,
    logoutReason: null,
    loginLang: null,
    expiryTimerCapped: false,
    refusedWhileRenewing: false,
    initialUrl: input.initialUrl,
    storedToken: input.storedToken,
    storedUser: input.storedUser ?? null,
  };
}

export const hasUrlToken = (context: Pick<AuthContext, 'initialUrl'>): boolean =>
  urlTokenOf(context.initialUrl) !== null;

export const hasStoredToken = (context: Pick<AuthContext, 'storedToken'>): boolean =>
  context.storedToken !== null && context.storedToken !== '';

/** `initialising`'s last branch: no token in the address and none stored, so the visit starts logged out. */
export const startsLoggedOut = (context: Pick<AuthContext, 'initialUrl' | 'storedToken'>): boolean =>
  !hasUrlToken(context) && !hasStoredToken(context);

/** xstate's `matches` on a plain state value: `test` names a state the value is in (a string or a nested path). */
export function matchesValue(value: StateValueLike, test: StateValueLike): boolean {
  if (typeof test === 'string') return typeof value === 'string' ? value === test : test in value;
  if (typeof value === 'string') return false;
  return Object.entries(test).every(([key, inner]) => {
    const current = value[key];
    return current !== undefined && matchesValue(current, inner);
  });
}

/** A snapshot as views read it (the selectors use `context` and `matches` only). */
export interface AuthStartSnapshot {
  value: StateValueLike;
  context: AuthContext;
  matches(test: StateValueLike): boolean;
}

/**
 * The state the app shows before the machine runs: `loggedOut.idle` for a visit without any token, else
 * `initialising` (the session is not known until the machine has checked the token).
 */
export function authStartSnapshot(input: AuthInput): AuthStartSnapshot {
  const initial = initialAuthContext(input);
  if (!startsLoggedOut(initial))
    return { value: 'initialising', context: initial, matches: (test) => matchesValue('initialising', test) };
  // `forgetSession` on the way to loggedOut drops the start-up input too.
  const context: AuthContext = { ...initial, initialUrl: '', storedToken: null, storedUser: null };
  const value: StateValueLike = { loggedOut: 'idle' };
  return { value, context, matches: (test) => matchesValue(value, test) };
}
