import { assertEvent, assign, setup } from 'xstate';
import { fetchUserActor, fetchWarehouseActor, loginActor, resendConfirmationActor } from './auth.actors.ts';
import { errorCodeOf, MAX_TIMER_DELAY_MS, storedUserFor, urlTokenOf } from './auth.guards.ts';
import { roleFromPayload, validTokenPayload } from './auth.token.ts';
import type {
  AuthContext,
  AuthEvent,
  AuthInput,
  LogErrorParams,
  LogoutReason,
  PersistUserParams,
  StoreTokenParams,
} from './auth.types.ts';

/**
 * Authentication (spec sections 3-6 and 9).
 *
 *   initialising (one tick) --(valid token in the query string on /: stored, removed from the URL)--> authenticated
 *                --(invalid query token | expired or unreadable cookie token)--> endingSession --> loggedOut
 *                --(valid cookie token)--> authenticated
 *                --(no token)--> loggedOut
 *   loggedOut.idle --auth.login--> loggedOut.loggingIn --(valid token)--> authenticated | --(error)--> idle
 *   authenticated (parallel):
 *     profile:   loading (GET /users/me: user, language) --> ready | emailUnconfirmed (resend) | failed (logged)
 *     warehouse: loading (GET /users/my-warehouse) --> loaded | unavailable (logged)
 *     expiry:    watching (a timer at the token's exp)
 *   authenticated --(auth.logout | auth.unauthorized (any 401) | the expiry timer)--> endingSession --> loggedOut
 *   authenticated --auth.token.renewed (valid)--> the same session with the new token (cookie rewritten, expiry
 *                   timer re-armed) | (unusable token)--> endingSession
 *
 * `endingSession` clears the cookie, the stored user and the query cache, then sends the user to /login (the
 * app's `redirectToLogin` does nothing on a login path). Every side effect is a named action or actor that the
 * app provides; the defaults below only declare their signatures. Time is read with `Date.now()`.
 */
export const authMachine = setup({
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
        token: params.token,
        expiresAt: payload === null ? null : payload.exp * 1000,
        role: roleFromPayload(payload),
        user: payload === null ? null : storedUserFor(context.storedUser, payload),
        warehouse: null,
        loginError: null,
        resendError: null,
        logoutReason: null,
        initialUrl: '',
        storedToken: null,
        storedUser: null,
      };
    }),
    forgetSession: assign({
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
        token: params.token,
        expiresAt: payload === null ? null : payload.exp * 1000,
        role: roleFromPayload(payload),
      };
    }),
    armExpiryTimer: assign(({ context }) => ({
      expiryTimerCapped: (context.expiresAt ?? 0) - Date.now() > MAX_TIMER_DELAY_MS,
    })),
    setLogoutReason: assign((_, params: { reason: LogoutReason }) => ({ logoutReason: params.reason })),
  },
  guards: {
    hasUrlToken: ({ context }) => urlTokenOf(context.initialUrl) !== null,
    urlTokenIsValid: ({ context }) => validTokenPayload(urlTokenOf(context.initialUrl), Date.now()) !== null,
    hasStoredToken: ({ context }) => context.storedToken !== null && context.storedToken !== '',
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
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    token: null,
    expiresAt: null,
    role: 'unspecified',
    user: null,
    warehouse: null,
    loginError: null,
    resendError: null,
    logoutReason: null,
    expiryTimerCapped: false,
    initialUrl: input.initialUrl,
    storedToken: input.storedToken,
    storedUser: input.storedUser ?? null,
  }),
  initial: 'initialising',
  states: {
    /**
     * Decides, before any call, whether the app starts logged in (spec sections 2 and 5). It waits one tick
     * (`after 0`) on purpose: actions of the initial macrostep run only after the target state's invocations have
     * started, so a query token must be stored and removed from the URL in a later step, before /users/me runs.
     */
    initialising: {
      after: {
        0: [
          {
            // The query token is stored and removed from the address bar before /users/me runs.
            guard: 'urlTokenIsValid',
            target: 'authenticated',
            actions: [
              {
                type: 'takeToken',
                params: ({ context }) => ({ token: urlTokenOf(context.initialUrl) ?? '' }),
              },
              {
                type: 'storeToken',
                params: ({ context }) => ({ token: context.token ?? '', expiresAt: context.expiresAt ?? 0 }),
              },
              'removeTokenFromUrl',
            ],
          },
          {
            guard: 'hasUrlToken',
            target: 'endingSession',
            actions: { type: 'setLogoutReason', params: { reason: 'INVALID_TOKEN' } },
          },
          {
            guard: 'storedTokenIsValid',
            target: 'authenticated',
            actions: { type: 'takeToken', params: ({ context }) => ({ token: context.storedToken ?? '' }) },
          },
          {
            guard: 'hasStoredToken',
            target: 'endingSession',
            actions: { type: 'setLogoutReason', params: { reason: 'TOKEN_EXPIRED' } },
          },
          {
            target: 'loggedOut',
            actions: [
              'forgetSession',
              { type: 'persistUser', params: { user: null, isAuthenticated: false } },
            ],
          },
        ],
      },
    },
    /** Clears every trace of the session, then lands in loggedOut (transient). */
    endingSession: {
      entry: [
        'clearToken',
        'forgetSession',
        { type: 'persistUser', params: { user: null, isAuthenticated: false } },
        'clearServerCache',
        'redirectToLogin',
      ],
      always: 'loggedOut',
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'auth.login': 'loggingIn' },
        },
        loggingIn: {
          entry: assign({ loginError: null, logoutReason: null }),
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: [
              {
                guard: { type: 'tokenIsValid', params: ({ event }) => ({ token: event.output }) },
                target: '#auth.authenticated',
                actions: [
                  { type: 'takeToken', params: ({ event }) => ({ token: event.output }) },
                  {
                    type: 'storeToken',
                    params: ({ context }) => ({
                      token: context.token ?? '',
                      expiresAt: context.expiresAt ?? 0,
                    }),
                  },
                ],
              },
              // The server answered a token the app cannot use (unreadable or already expired).
              { target: 'idle', actions: assign({ loginError: 'INVALID_TOKEN' }) },
            ],
            onError: {
              target: 'idle',
              actions: [
                assign({ loginError: ({ event }) => errorCodeOf(event.error) }),
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
      },
    },
    authenticated: {
      type: 'parallel',
      entry: {
        type: 'persistUser',
        params: ({ context }) => ({ user: context.user, isAuthenticated: true }),
      },
      on: {
        'auth.logout': {
          target: 'endingSession',
          actions: { type: 'setLogoutReason', params: { reason: 'LOGGED_OUT' } },
        },
        'auth.unauthorized': {
          target: 'endingSession',
          actions: { type: 'setLogoutReason', params: { reason: 'UNAUTHORIZED' } },
        },
      },
      states: {
        /** The initial user-data fetch of every new session; its failures are only logged (spec section 7). */
        profile: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchUser',
                src: 'fetchUser',
                onDone: [
                  {
                    guard: {
                      type: 'emailUnconfirmed',
                      params: ({ event }) => ({ emailConfirmed: event.output.emailConfirmed }),
                    },
                    target: 'emailUnconfirmed',
                    actions: [
                      assign({ user: ({ event }) => event.output }),
                      {
                        type: 'persistUser',
                        params: ({ event }) => ({ user: event.output, isAuthenticated: true }),
                      },
                      { type: 'applyLanguage', params: ({ event }) => ({ lang: event.output.lang }) },
                    ],
                  },
                  {
                    target: 'ready',
                    actions: [
                      assign({ user: ({ event }) => event.output }),
                      {
                        type: 'persistUser',
                        params: ({ event }) => ({ user: event.output, isAuthenticated: true }),
                      },
                      { type: 'applyLanguage', params: ({ event }) => ({ lang: event.output.lang }) },
                    ],
                  },
                ],
                onError: {
                  target: 'failed',
                  actions: {
                    type: 'logError',
                    params: ({ event }) => ({ source: 'fetchUser', error: event.error }),
                  },
                },
              },
            },
            ready: {
              on: { 'auth.user.refresh': 'loading' },
            },
            failed: {
              on: { 'auth.user.refresh': 'loading' },
            },
            /** Spec section 5: 'Need to confirm your email' until /users/me says the address is confirmed. */
            emailUnconfirmed: {
              initial: 'idle',
              on: { 'auth.user.refresh': 'loading' },
              states: {
                idle: {
                  on: { 'auth.confirmation.resend': 'sending' },
                },
                sending: {
                  entry: assign({ resendError: null }),
                  invoke: {
                    id: 'resendConfirmation',
                    src: 'resendConfirmation',
                    onDone: 'sent',
                    onError: [
                      {
                        // Confirmed meanwhile (another tab, the link): read the user again.
                        guard: {
                          type: 'isErrorCode',
                          params: ({ event }) => ({ error: event.error, code: 'EMAIL_ALREADY_CONFIRMED' }),
                        },
                        target: '#auth.authenticated.profile.loading',
                      },
                      {
                        target: 'idle',
                        actions: [
                          assign({ resendError: ({ event }) => errorCodeOf(event.error) }),
                          { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                        ],
                      },
                    ],
                  },
                },
                sent: {
                  on: { 'auth.confirmation.resend': 'sending' },
                },
              },
            },
          },
        },
        /** Spec section 4: warehouse information only while logged in; failures are logged. */
        warehouse: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchWarehouse',
                src: 'fetchWarehouse',
                onDone: { target: 'loaded', actions: assign({ warehouse: ({ event }) => event.output }) },
                onError: {
                  target: 'unavailable',
                  actions: {
                    type: 'logError',
                    params: ({ event }) => ({ source: 'fetchWarehouse', error: event.error }),
                  },
                },
              },
            },
            loaded: {},
            unavailable: {},
          },
        },
        /**
         * Spec section 5: the session ends when the token expires, also while the app stays open. A timer holds at
         * most ~24.8 days; `armExpiryTimer` notes when it is capped, and a capped timer only re-arms.
         */
        expiry: {
          initial: 'watching',
          states: {
            watching: {
              entry: 'armExpiryTimer',
              on: {
                /**
                 * Handled here, in the region that owns the timer: re-entering `watching` re-arms it at the new
                 * token's exp while the profile and warehouse regions stay as they are (no reload). A token the
                 * app cannot read ends the session: the one it replaces is no longer accepted by the server.
                 */
                'auth.token.renewed': [
                  {
                    guard: { type: 'tokenIsValid', params: ({ event }) => ({ token: event.token }) },
                    target: 'watching',
                    reenter: true,
                    actions: [
                      { type: 'renewToken', params: ({ event }) => ({ token: event.token }) },
                      {
                        type: 'storeToken',
                        params: ({ context }) => ({
                          token: context.token ?? '',
                          expiresAt: context.expiresAt ?? 0,
                        }),
                      },
                    ],
                  },
                  {
                    target: '#auth.endingSession',
                    actions: { type: 'setLogoutReason', params: { reason: 'INVALID_TOKEN' } },
                  },
                ],
              },
              after: {
                tokenExpiry: [
                  { guard: 'expiryTimerCapped', target: 'watching', reenter: true },
                  {
                    target: '#auth.endingSession',
                    actions: { type: 'setLogoutReason', params: { reason: 'TOKEN_EXPIRED' } },
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
