import { initialTransition, transition } from 'xstate';
import { authMachine } from './auth.machine.ts';
import type { AuthInput, AuthUser } from './auth.types.ts';

/**
 * The auth machine's state right after its one-tick start-up check, for a visit whose first screen the server
 * rendered (`src/prerender/`): computed, not run. The server renders with it, and the browser's first render
 * (hydration) reads the same until its running machine has made the same step, so both render one screen.
 * Pure: the machine's own transitions with no action carried out (`initialTransition` and `transition` of xstate
 * return the actions instead of running them). `null` unless that step signs the visit in with `user` (the
 * token valid, `user` its user).
 */
export function prerenderedAuthSnapshot(input: AuthInput, user: AuthUser) {
  const withUser: AuthInput = { ...input, storedUser: { user, isAuthenticated: true } };
  const [initialising] = initialTransition(authMachine, withUser);
  const [started] = transition(authMachine, initialising, {
    type: 'xstate.after.0.auth.initialising',
  } as never);
  if (!started.matches('authenticated') || started.context.user === null) return null;
  return started;
}
