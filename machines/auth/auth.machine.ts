import { assign, stateIn } from 'xstate';
import { urlTokenOf } from './auth.rules.ts';
import { loggedOutState } from './auth.login.states.ts';
import { expiryState, loginLanguageState, profileState, warehouseState } from './auth.session.states.ts';
import { renewalState } from './auth.renewal.states.ts';
import { signOutState } from './auth.sign-out.states.ts';
import { authSetup } from './auth.setup.ts';
import { initialAuthContext } from './auth.start.ts';

/**
 * Authentication (spec sections 3-6 and 9).
 *
 *   initialising (one tick) --(valid token in the query string on /: stored, removed from the URL)--> authenticated
 *                --(invalid query token | expired or unreadable cookie token)--> endingSession --> loggedOut
 *                --(valid cookie token)--> authenticated
 *                --(no token)--> loggedOut
 *   loggedOut.idle --auth.login--> loggedOut.loggingIn --(valid token)--> authenticated | --(error)--> idle
 *   loggedOut --auth.token.issued (a sign-up's token; valid)--> authenticated | (unusable)--> idle
 *   authenticated (parallel):
 *     profile:   loading (GET /users/me: user, language) --> ready | emailUnconfirmed (resend) | failed (logged)
 *     warehouse: loading (GET /users/my-warehouse) --> loaded | unavailable (logged)
 *     expiry:    watching (a timer at the token's exp)
 *   initialising --(valid link token of another account than the valid cookie token)--> confirmingSwitch
 *   confirmingSwitch --auth.switch.accept--> authenticated with the link's token
 *                    --auth.switch.decline--> authenticated with the cookie's token (the link's token dropped)
 *   authenticated.signOut: idle --auth.logout--> leaving (POST /users/logout; done, failed or 5 s) --> endingSession
 *                          idle --auth.logout.everywhere--> leavingEverywhere (POST /users/logout/everywhere)
 *                               --done--> endingSession | --failed--> idle with the error (the session goes on)
 *   authenticated --(auth.unauthorized (a 401 of this session's token) | the expiry timer)--> endingSession
 *                   --> loggedOut; a 401 of a replaced token is ignored, one while a renewal is pending is held
 *   authenticated.renewal: settled --auth.token.renewing--> pending --auth.token.renewed--> settled
 *                          pending --(auth.token.renewal.failed | 35 s)--> settled, or endingSession if a 401 was held
 *   authenticated --auth.token.renewed (valid)--> the same session with the new token (cookie rewritten, expiry
 *                   timer re-armed) | (unusable token)--> endingSession
 *
 * `endingSession` clears the cookie, the stored user and the query cache, then sends the user to /login (the
 * app's `redirectToLogin` does nothing on a login path). Every side effect is a named action or actor that the
 * app provides; the defaults below only declare their signatures. Time is read with `Date.now()`.
 */
export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: ({ input }) => initialAuthContext(input),
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
            // A link of another account while one is signed in: nothing changes until the visitor says so.
            guard: 'urlTokenIsAnotherAccount',
            target: 'confirmingSwitch',
          },
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
    /**
     * A `/?token=` link signs in as another account than the one signed in here (someone else's link, or an old
     * one): the app asks before it replaces the session, and keeps the signed-in one unless told to switch.
     */
    confirmingSwitch: {
      on: {
        'auth.switch.accept': {
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
        'auth.switch.decline': {
          target: 'authenticated',
          actions: [
            { type: 'takeToken', params: ({ context }) => ({ token: context.storedToken ?? '' }) },
            'removeTokenFromUrl',
          ],
        },
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
    loggedOut: loggedOutState,
    authenticated: {
      type: 'parallel',
      entry: {
        type: 'persistUser',
        params: ({ context }) => ({ user: context.user, isAuthenticated: true }),
      },
      on: {
        'auth.unauthorized': [
          // A call sent with a token a renewal has replaced: the session goes on with the fresh one.
          { guard: { type: 'refusedAnotherToken', params: ({ event }) => ({ token: event.token }) } },
          // This token, refused while a fresh one is on its way: held until the renewal settles.
          {
            guard: stateIn({ authenticated: { renewal: 'pending' } }),
            actions: assign({ refusedWhileRenewing: true }),
          },
          {
            target: 'endingSession',
            actions: { type: 'setLogoutReason', params: { reason: 'UNAUTHORIZED' } },
          },
        ],
      },
      states: {
        /** The initial user-data fetch of every new session; its failures are only logged (spec section 7). */
        profile: profileState,
        /** Spec section 4: warehouse information only while logged in; failures are logged. */
        warehouse: warehouseState,
        /**
         * Spec section 5: the session ends when the token expires, also while the app stays open. A timer holds at
         * most ~24.8 days; `armExpiryTimer` notes when it is capped, and a capped timer only re-arms.
         */
        expiry: expiryState,
        /** The language chosen on the login page is saved to the account (`POST /users/lang`). */
        loginLanguage: loginLanguageState,
        /** Signing out ends the session on the server first (docs/adr/0122-sessions-that-end.md). */
        signOut: signOutState,
        /** A fresh token on its way holds the 401s of the one it replaces (auth.renewal.states.ts). */
        renewal: renewalState,
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
