import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  selectIsAuthenticated,
  selectLogoutReason,
  selectRole,
  selectUser,
} from '#machines/auth/auth.selectors.ts';
import { RENEWAL_WAIT_MS } from '#machines/auth/auth.renewal.states.ts';
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

/**
 * The server refuses this session's token as soon as the password changes, before its answer brings the fresh one
 * (docs/adr/0153-a-401-during-a-token-renewal.md): a call sent meanwhile is refused with the old token.
 */
describe('a 401 while a fresh token is on its way', () => {
  async function renewing() {
    const old = tokenFor({ inSeconds: 600 });
    const started = startAuth({ initialUrl: '/personal', storedToken: old });
    await settle();
    started.actor.send({ type: 'auth.token.renewing' });
    started.log.length = 0;
    return { ...started, old };
  }

  it('is held, and the refused reads are made again with the fresh token', async () => {
    const { actor, log, old } = await renewing();
    actor.send({ type: 'auth.unauthorized', token: old });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(log).toEqual([]);

    const fresh = tokenFor({ inSeconds: 7200 });
    actor.send({ type: 'auth.token.renewed', token: fresh });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(fresh);
    expect(log).toEqual(['storeToken', 'retryRefusedReads']);
  });

  it('after the fresh token is in, a late 401 of the old token is ignored and one of the fresh token ends it', async () => {
    const { actor, old, spies } = await renewing();
    actor.send({ type: 'auth.token.renewed', token: tokenFor({ inSeconds: 7200 }) });
    expect(spies.retryRefusedReads).not.toHaveBeenCalled();

    actor.send({ type: 'auth.unauthorized', token: old });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'auth.unauthorized', token: actor.getSnapshot().context.token });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('UNAUTHORIZED');
  });

  it('ends the session when the renewal fails after a 401 was held', async () => {
    const { actor, old, spies } = await renewing();
    actor.send({ type: 'auth.unauthorized', token: old });
    actor.send({ type: 'auth.token.renewal.failed' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('UNAUTHORIZED');
    expect(spies.redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the renewal fails and nothing was refused (a wrong current password)', async () => {
    const { actor, old } = await renewing();
    actor.send({ type: 'auth.token.renewal.failed' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    // No longer renewing: a 401 now ends the session at once.
    actor.send({ type: 'auth.unauthorized', token: old });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
  });

  it('stops waiting after RENEWAL_WAIT_MS: a 401 held ends the session then', async () => {
    const { actor, old } = await renewing();
    actor.send({ type: 'auth.unauthorized', token: old });
    vi.advanceTimersByTime(RENEWAL_WAIT_MS - 1);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(1);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('UNAUTHORIZED');
  });

  it('a 401 of a call that carried no token (the cookie was cleared in another tab) ends it', async () => {
    const { actor } = await renewing();
    actor.send({ type: 'auth.token.renewal.failed' });
    actor.send({ type: 'auth.unauthorized', token: null });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
  });
});
