import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectIsAuthenticated, selectLoginError, selectRole } from '#machines/auth/auth.selectors.ts';
import { NOW, settle, startAuth, tokenFor } from '../../support/auth.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Signing up under a sponsor answers a token: the signed-out visitor is signed in with it (`auth.token.issued`). */
describe('a token issued by a sign-up', () => {
  it('starts a session as a login does: cookie stored, user and warehouse read', async () => {
    const { actor, log, spies } = startAuth({ initialUrl: '/join/alice', storedToken: null });
    await settle();
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    const issued = tokenFor({ inSeconds: 3600 });

    actor.send({ type: 'auth.token.issued', token: issued });
    await settle();

    const snapshot = actor.getSnapshot();
    expect(selectIsAuthenticated(snapshot)).toBe(true);
    expect(snapshot.context.token).toBe(issued);
    expect(selectRole(snapshot)).toBe('partner');
    expect(spies.storeToken).toHaveBeenLastCalledWith({ token: issued, expiresAt: NOW + 3_600_000 });
    expect(log).toContain('fetchUser');
    expect(log).toContain('fetchWarehouse');
    expect(spies.login).not.toHaveBeenCalled();
  });

  it('keeps the visitor signed out with INVALID_TOKEN when the token cannot be used', async () => {
    const { actor, spies } = startAuth({ initialUrl: '/join/alice', storedToken: null });
    await settle();

    actor.send({ type: 'auth.token.issued', token: tokenFor({ inSeconds: -10 }) });

    const snapshot = actor.getSnapshot();
    expect(selectIsAuthenticated(snapshot)).toBe(false);
    expect(selectLoginError(snapshot)).toBe('INVALID_TOKEN');
    expect(spies.storeToken).not.toHaveBeenCalled();
  });

  it('is ignored while a session is running (a signed-in visitor does not sign up)', async () => {
    const stored = tokenFor({ inSeconds: 600 });
    const { actor } = startAuth({ initialUrl: '/join/alice', storedToken: stored });
    await settle();

    actor.send({ type: 'auth.token.issued', token: tokenFor({ inSeconds: 3600 }) });

    expect(actor.getSnapshot().context.token).toBe(stored);
  });
});
