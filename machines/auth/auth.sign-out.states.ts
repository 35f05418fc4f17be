import { authSetup } from './auth.setup.ts';

/** How long the app waits for the server to end a token before it forgets the token anyway. */
export const LOGOUT_WAIT_MS = 5000;

/**
 * Signing out (docs/adr/0122-sessions-that-end.md): the server ends the token first, so a copy of it stops working
 * too. "Log out" always ends the session here, whatever the server answers (a 401 means it had ended already; an
 * unreachable server is given `LOGOUT_WAIT_MS`). "Sign out on all devices" ends it only once the server has
 * answered: a failure keeps the session and says why, since the other devices are still signed in.
 */
export const signOutState = authSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'auth.logout': 'leaving',
        'auth.logout.everywhere': {
          target: 'leavingEverywhere',
          actions: { type: 'setSignOutError', params: { error: null } },
        },
      },
    },
    leaving: {
      entry: { type: 'setLogoutReason', params: { reason: 'LOGGED_OUT' } },
      invoke: { id: 'logout', src: 'logout', onDone: '#auth.endingSession', onError: '#auth.endingSession' },
      after: { [LOGOUT_WAIT_MS]: '#auth.endingSession' },
    },
    leavingEverywhere: {
      invoke: {
        id: 'logoutEverywhere',
        src: 'logoutEverywhere',
        onDone: {
          target: '#auth.endingSession',
          actions: { type: 'setLogoutReason', params: { reason: 'SIGNED_OUT_EVERYWHERE' } },
        },
        onError: {
          target: 'idle',
          actions: { type: 'setSignOutError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'auth.logout': 'leaving' },
    },
  },
});
