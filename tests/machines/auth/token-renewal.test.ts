import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  selectIsAuthenticated,
  selectLogoutReason,
  selectRole,
  selectUser,
} from '#machines/auth/auth.selectors.ts';
import { NOW, settle, startAuth, tokenFor, userFixture } from '../../support/auth.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

/** A password change answers a fresh token for this session (`auth.token.renewed`). */
describe('a renewed token (password change)', () => {
  it('replaces the token, rewrites the cookie and keeps the session without reloading the user', async () => {
    const { actor, log, spies } = startAuth({
      initialUrl: '/personal',
      storedToken: tokenFor({ inSeconds: 600 }),
    });
    await settle();
    const fetchesBefore = spies.fetchUser.mock.calls.length;
    const renewed = tokenFor({ inSeconds: 7200 });
    log.length = 0;

    actor.send({ type: 'auth.token.renewed', token: renewed });

    const snapshot = actor.getSnapshot();
    expect(selectIsAuthenticated(snapshot)).toBe(true);
    expect(snapshot.context.token).toBe(renewed);
    expect(snapshot.context.expiresAt).toBe(NOW + 7_200_000);
    expect(selectUser(snapshot)).toEqual(userFixture());
    expect(selectRole(snapshot)).toBe('partner');
    expect(spies.storeToken).toHaveBeenLastCalledWith({ token: renewed, expiresAt: NOW + 7_200_000 });
    expect(log).toEqual(['storeToken']);
    expect(spies.fetchUser.mock.calls.length).toBe(fetchesBefore);
    expect(spies.clearToken).not.toHaveBeenCalled();
  });

  it('re-arms the expiry timer at the new token expiry', async () => {
    const { actor, spies } = startAuth({
      initialUrl: '/personal',
      storedToken: tokenFor({ inSeconds: 600 }),
    });
    await settle();
    actor.send({ type: 'auth.token.renewed', token: tokenFor({ inSeconds: 3600 }) });

    vi.advanceTimersByTime(600_000 + 1);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(spies.redirectToLogin).not.toHaveBeenCalled();

    vi.advanceTimersByTime(3_000_000);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('TOKEN_EXPIRED');
  });

  it.each([
    ['expired', tokenFor({ inSeconds: -1 })],
    ['unreadable', 'not-a-jwt'],
  ])(
    'ends the session when the renewed token is %s (the replaced one is no longer accepted)',
    async (_label, token) => {
      const { actor, spies } = startAuth({ initialUrl: '/personal', storedToken: tokenFor() });
      await settle();
      actor.send({ type: 'auth.token.renewed', token });

      expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
      expect(selectLogoutReason(actor.getSnapshot())).toBe('INVALID_TOKEN');
      expect(spies.clearToken).toHaveBeenCalledTimes(1);
      expect(spies.redirectToLogin).toHaveBeenCalledTimes(1);
    },
  );

  it('is ignored while logged out', async () => {
    const { actor, spies } = startAuth({ initialUrl: '/login', storedToken: null });
    await settle();
    actor.send({ type: 'auth.token.renewed', token: tokenFor() });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(spies.storeToken).not.toHaveBeenCalled();
  });
});
