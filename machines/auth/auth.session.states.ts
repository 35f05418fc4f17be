import { and, assign, not, stateIn } from 'xstate';
import { errorCodeOf } from './auth.rules.ts';
import { authSetup } from './auth.setup.ts';

/**
 * The session's timers and background reads, apart from the forms: the signed-in user's profile (read, refreshed,
 * e-mail confirmation), their warehouse, and the token's expiry timer (re-armed when a wait is longer than a timer
 * can hold, ending the session when the token expires).
 */
export const profileState = authSetup.createStateConfig({
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
              {
                type: 'applyLanguage',
                params: ({ context, event }) => ({ lang: context.loginLang ?? event.output.lang }),
              },
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
              {
                type: 'applyLanguage',
                params: ({ context, event }) => ({ lang: context.loginLang ?? event.output.lang }),
              },
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
});

export const warehouseState = authSetup.createStateConfig({
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
});

export const expiryState = authSetup.createStateConfig({
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
});

/**
 * The language chosen on the login page wins over the account's stored one (the profile region applies
 * it) and is saved to the account once `/users/me` has answered, so a late read cannot bring the old one back.
 * A failed save is only logged: the interface keeps the chosen language for this session.
 */
export const loginLanguageState = authSetup.createStateConfig({
  initial: 'waiting',
  states: {
    waiting: {
      always: [
        {
          guard: and(['hasLoginLanguage', not(stateIn({ authenticated: { profile: 'loading' } }))]),
          target: 'saving',
        },
        { guard: not('hasLoginLanguage'), target: 'done' },
      ],
    },
    saving: {
      invoke: {
        id: 'saveLanguage',
        src: 'saveLanguage',
        input: ({ context }) => ({ lang: context.loginLang ?? '' }),
        onDone: {
          target: 'done',
          actions: [
            assign({ user: ({ event }) => event.output, loginLang: null }),
            {
              type: 'persistUser',
              params: ({ event }) => ({ user: event.output, isAuthenticated: true }),
            },
          ],
        },
        onError: {
          target: 'done',
          actions: [
            assign({ loginLang: null }),
            { type: 'logError', params: ({ event }) => ({ source: 'saveLanguage', error: event.error }) },
          ],
        },
      },
    },
    done: { type: 'final' },
  },
});
