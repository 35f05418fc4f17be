import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf, MAX_TIMER_DELAY_MS, storedUserFor, urlTokenOf } from './auth.rules.ts';
import { hasStoredToken, hasUrlToken } from './auth.start.ts';
import { bareToken, roleFromPayload, validTokenPayload } from './auth.token.rules.ts';
import type {
  AuthContext,
  AuthEvent,
  AuthInput,
  AuthUser,
  AuthWarehouse,
  LogErrorParams,
  LoginInput,
  LogoutReason,
  PersistUserParams,
  StoreTokenParams,
} from './auth.types.ts';

function injected(name: string): never {
  throw new Error(`The auth actor "${name}" is provided by the app with authMachine.provide({ actors })`);
}

/**
 * The auth machine's types, actors, actions, guards and delays (the machine is in `auth.machine.ts`). The actors
 * and the effectful actions are signatures only: the SPA gives the implementations (`provideAuth` in
 * `src/session/auth.actors.ts`) and tests give fakes. Every actor implementation rejects with the normalised API
 * error (spec section 8) when the call fails.
 */
export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** `POST /users/login` with form data; resolves with the bare access token (JWT). */
    login: fromPromise<string, LoginInput>(async () => injected('login')),
    /** `GET /users/me` with the stored token; resolves with the current user. */
    fetchUser: fromPromise<AuthUser>(async () => injected('fetchUser')),
    /** `GET /users/my-warehouse`; resolves with the warehouse, or `null` when none is assigned (404). */
    fetchWarehouse: fromPromise<AuthWarehouse | null>(async () => injected('fetchWarehouse')),
    /** `POST /users/confirm-email/resend`; resolves when a new confirmation link was sent. */
    resendConfirmation: fromPromise<void>(async () => injected('resendConfirmation')),
    /** `POST /users/lang`: saves the language chosen on the login page to the account; the updated user. */
    saveLanguage: fromPromise<AuthUser, { lang: string }>(async () => injected('saveLanguage')),
    /** `POST /users/logout`: the server ends the current token (on every process) before the app forgets it. */
    logout: fromPromise<void>(async () => injected('logout')),
    /** `POST /users/logout/everywhere`: every session of the user ends, this one included. */
    logoutEverywhere: fromPromise<void>(async () => injected('logoutEverywhere')),
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
    /** Read again what was refused with the token a renewal replaced (the screens' failed reads). */
    retryRefusedReads: () => {},
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
    /**
     * The refused call carried a token other than this session's: one that a renewal has replaced (its 401 says
     * nothing about the session that goes on with the fresh one).
     */
    refusedAnotherToken: ({ context }, params: { token: string | null | undefined }) =>
      typeof params.token === 'string' && bareToken(params.token) !== context.token,
    refusedWhileRenewing: ({ context }) => context.refusedWhileRenewing,
    emailUnconfirmed: (_, params: { emailConfirmed: boolean }) => !params.emailConfirmed,
    isErrorCode: (_, params: { error: unknown; code: string }) => errorCodeOf(params.error) === params.code,
  },
  delays: {
    /** Until the token's exp, capped to what a timer can hold. */
    tokenExpiry: ({ context }) =>
      Math.min(Math.max((context.expiresAt ?? 0) - Date.now(), 0), MAX_TIMER_DELAY_MS),
  },
});
