import { assertEvent, assign } from 'xstate';
import { errorCodeOf } from './auth.rules.ts';
import { authSetup } from './auth.setup.ts';

/** Logged out: the login form's states (idle, logging in with the credentials, refused). */
export const loggedOutState = authSetup.createStateConfig({
  initial: 'idle',
  on: {
    /**
     * A sign-up answered a token (docs/adr/0141-join-page-proof-of-work.md): the new account starts its session as a
     * login would. An unusable token leaves the visitor signed out with the login's own error code.
     */
    'auth.token.issued': [
      {
        guard: { type: 'tokenIsValid', params: ({ event }) => ({ token: event.token }) },
        target: '#auth.authenticated',
        actions: [
          { type: 'takeToken', params: ({ event }) => ({ token: event.token }) },
          {
            type: 'storeToken',
            params: ({ context }) => ({ token: context.token ?? '', expiresAt: context.expiresAt ?? 0 }),
          },
        ],
      },
      { target: '.idle', actions: assign({ loginError: 'INVALID_TOKEN' }) },
    ],
  },
  states: {
    idle: {
      on: {
        'auth.login': {
          target: 'loggingIn',
          actions: assign({ loginLang: ({ event }) => event.lang ?? null }),
        },
      },
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
});
