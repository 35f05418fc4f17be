import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authStartSnapshot } from '#machines/auth/auth.start.ts';
import type { AuthInput } from '#machines/auth/auth.types.ts';
import { languageMachine } from '#machines/language/language.machine.ts';
import { languageStartSnapshot } from '#machines/language/language.start.ts';
import { DeferredActor } from '#src/session/deferred-actor.ts';
import type { AuthSnapshot } from '#machines/auth/auth.selectors.ts';
import type { AuthEvent } from '#machines/auth/auth.types.ts';
import { NOW, startAuth, tokenFor } from '../../support/auth.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

const STATES: Parameters<AuthSnapshot['matches']>[0][] = [
  'initialising',
  'loggedOut',
  { loggedOut: 'idle' },
  { loggedOut: 'loggingIn' },
  'authenticated',
];

describe('the auth machine start state, without xstate (what the login page paints from)', () => {
  it.each<[string, AuthInput]>([
    ['no token at all', { initialUrl: '/login', storedToken: null }],
    [
      'an empty cookie and a stored user',
      { initialUrl: '/login', storedToken: '', storedUser: { isAuthenticated: false } },
    ],
    ['/ without a query token', { initialUrl: '/?next=1', storedToken: null }],
  ])('is the state the machine settles in with %s', (_, input) => {
    const start = authStartSnapshot(input);
    const { actor } = startAuth(input);
    const settled = actor.getSnapshot();
    expect(start.value).toEqual(settled.value);
    expect(start.context).toEqual(settled.context);
    for (const state of STATES)
      expect(start.matches(state), JSON.stringify(state)).toBe(settled.matches(state));
    actor.stop();
  });

  it.each<[string, AuthInput]>([
    ['a stored token', { initialUrl: '/dashboard', storedToken: tokenFor() }],
    ['an expired stored token', { initialUrl: '/dashboard', storedToken: tokenFor({ inSeconds: -5 }) }],
    ['a query token', { initialUrl: `/?token=${tokenFor()}`, storedToken: null }],
  ])('waits for the machine (initialising) with %s', (_, input) => {
    const start = authStartSnapshot(input);
    expect(start.matches('initialising')).toBe(true);
    expect(start.matches('loggedOut')).toBe(false);
    expect(start.matches('authenticated')).toBe(false);
  });

  it('is the language machine initial state', () => {
    const actor = createActor(languageMachine).start();
    const start = languageStartSnapshot();
    expect(start.context).toEqual(actor.getSnapshot().context);
    expect(start.matches('idle')).toBe(actor.getSnapshot().matches('idle'));
    actor.stop();
  });
});

describe('DeferredActor', () => {
  it('keeps events sent before the machine runs and hands them over, in order, once it has decided', async () => {
    const input: AuthInput = { initialUrl: '/login', storedToken: null };
    const deferred = new DeferredActor<AuthSnapshot, AuthEvent>(authStartSnapshot(input));
    deferred.send({ type: 'auth.login', email: 'ana@example.com', password: 'secret-1' });
    const seen: boolean[] = [];
    deferred.subscribe(() => seen.push(deferred.getSnapshot().matches('initialising')));
    const { actor, spies } = startAuth(input, {}, { tick: false });
    deferred.attach(actor, (snapshot) => !snapshot.matches('initialising'));
    expect(deferred.attached).toBe(false);
    expect(spies.login).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(deferred.attached).toBe(true);
    expect(spies.login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'secret-1' });
    await vi.waitFor(() => expect(deferred.getSnapshot().matches('authenticated')).toBe(true));
    // The views never saw the one-tick start-up check.
    expect(seen).not.toContain(true);
    deferred.detach();
    actor.stop();
  });
});
