import { assign, setup } from 'xstate';
import {
  fetchUserActor,
  fetchWarehouseActor,
  loginActor,
  logoutActor,
  logoutEverywhereActor,
  resendConfirmationActor,
  saveLanguageActor,
} from './auth.actors.ts';
import { errorCodeOf, MAX_TIMER_DELAY_MS, storedUserFor, urlTokenOf } from './auth.guards.ts';
import { hasStoredToken, hasUrlToken } from './auth.start.ts';
import { bareToken, roleFromPayload, validTokenPayload } from './auth.token.ts';
import type {
  AuthContext,
  AuthEvent,
  AuthInput,
  LogErrorParams,
  LogoutReason,
  PersistUserParams,
  StoreTokenParams,
} from './auth.types.ts';

/** The auth machine's types, actors, actions, guards and delays (the machine is in `auth.machine.ts`). */
export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    login: loginActor,
    fetchUser: fetchUserActor,
    fetchWarehouse: fetchWarehouseActor,
    resendConfirmation: resendConfirmationActor,
    saveLanguage: saveLanguageActor,
    logout: logoutActor,
    logoutEverywhere: logoutEverywhereActor,
  },
  actions: {
    /** Write the token cookie (expires at the token's exp, sameSite=lax, secure on https). */
    storeToken: (_, _params: StoreTokenParams) => {},
    /** Delete the token cookie. */
    clearToken: () => {},
    /** Replace the current history entry by the same URL without the token parameter. */
    removeTokenFromUrl: () => {},
    /** Write `user-storage` = `{ user, isAuthenticated }` to local storage. */
    persistUser: (_, _params: PersistUserParams) => {},
    /** Switch the interface to the user's language. */
    applyLanguage: (_, _params: { lang: string }) => {},
    /** Go to /login, unless the current path is a login path. */
    redirectToLogin: () => {},
    /** Forget every cached server answer (they belong to the user who left). */
    clearServerCache: () => {},
    /** Log a failure that the user is not told about. */
    logError: (_, _params: LogErrorParams) => {},
    /** Tell the user about a failure (a toast with the server's translated message). */
    reportError: (_, _params: { error: unknown }) => {},
    /** A new session: the stored user is shown while /users/me loads when it belongs to the token's subject. */
    takeToken: assign(({ context }, params: { token: string }) => {
      const payload = validTokenPayload(params.token, Date.now());
      return {
        token: bareToken(params.token),
        expiresAt: payload === null ? null : payload.exp * 1000,
        role: roleFromPayload(payload),
        user: payload === null ? null : storedUserFor(context.storedUser, payload),
        warehouse: null,
        loginError: null,
        resendError: null,
        signOutError: null,
        logoutReason: null,
        initialUrl: '',
        storedToken: null,
        storedUser: null,
      };
    }),
    forgetSession: assign({
      loginLang: null,
      token: null,
      expiresAt: null,
      role: 'unspecified' as const,
      user: null,
      warehouse: null,
      resendError: null,
      expiryTimerCapped: false,
      initialUrl: '',
      storedToken: null,
      storedUser: null,
    }),
    /** A fresh token for the same session (after a password change): the user and the calls in flight stay. */
    renewToken: assign((_, params: { token: string }) => {
      const payload = validTokenPayload(params.token, Date.now());
      return {
        token: bareToken(params.token),
        expiresAt: payload === null ? null : payload.exp * 1000,
        role: roleFromPayload(payload),
      };
    }),
    armExpiryTimer: assign(({ context }) => ({
      expiryTimerCapped: (context.expiresAt ?? 0) - Date.now() > MAX_TIMER_DELAY_MS,
    })),
    setLogoutReason: assign((_, params: { reason: LogoutReason }) => ({ logoutReason: params.reason })),
    setSignOutError: assign((_, params: { error: unknown }) => ({
      signOutError: params.error === null ? null : errorCodeOf(params.error),
    })),
  },
  guards: {
    /** The session began on the login page, with the language shown there. */
    hasLoginLanguage: ({ context }) => context.loginLang !== null,
    hasUrlToken: ({ context }) => hasUrlToken(context),
    urlTokenIsValid: ({ context }) => validTokenPayload(urlTokenOf(context.initialUrl), Date.now()) !== null,
    /** A valid link token of another account than the valid stored one: the visitor is asked before switching. */
    urlTokenIsAnotherAccount: ({ context }) => {
      const link = validTokenPayload(urlTokenOf(context.initialUrl), Date.now());
      const stored = validTokenPayload(context.storedToken, Date.now());
      return link !== null && stored !== null && link.sub !== stored.sub;
    },
    hasStoredToken: ({ context }) => hasStoredToken(context),
    storedTokenIsValid: ({ context }) => validTokenPayload(context.storedToken, Date.now()) !== null,
    tokenIsValid: (_, params: { token: string }) => validTokenPayload(params.token, Date.now()) !== null,
    expiryTimerCapped: ({ context }) => context.expiryTimerCapped,
    emailUnconfirmed: (_, params: { emailConfirmed: boolean }) => !params.emailConfirmed,
    isErrorCode: (_, params: { error: unknown; code: string }) => errorCodeOf(params.error) === params.code,
  },
  delays: {
    /** Until the token's exp, capped to what a timer can hold. */
    tokenExpiry: ({ context }) =>
      Math.min(Math.max((context.expiresAt ?? 0) - Date.now(), 0), MAX_TIMER_DELAY_MS),
  },
});
