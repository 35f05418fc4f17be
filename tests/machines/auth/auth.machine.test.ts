import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_TIMER_DELAY_MS } from '#machines/auth/auth.rules.ts';
import {
  selectHomePath,
  selectIsAuthenticated,
  selectIsInitialising,
  selectLoginError,
  selectLogoutReason,
  selectNeedsEmailConfirmation,
  selectResendError,
  selectResendStatus,
  selectRole,
  selectUser,
  selectWarehouse,
} from '#machines/auth/auth.selectors.ts';
import {
  deferred,
  makeToken,
  NOW,
  settle,
  startAuth,
  tokenFor,
  userFixture,
  warehouseFixture,
} from '../../support/auth.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

const loggedOutEnd = ['clearToken', 'persistUser', 'clearServerCache', 'redirectToLogin'];

describe('start-up with a token in the query string (spec section 2)', () => {
  it('stores a valid query token and removes it from the URL before any request', async () => {
    const token = tokenFor({ inSeconds: 600 });
    const { actor, log, spies } = startAuth({ initialUrl: `/?token=${token}`, storedToken: null });
    await settle();

    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(spies.storeToken).toHaveBeenCalledWith({ token, expiresAt: NOW + 600_000 });
    expect(spies.removeTokenFromUrl).toHaveBeenCalledTimes(1);
    const firstRequest = Math.min(log.indexOf('fetchUser'), log.indexOf('fetchWarehouse'));
    expect(log.indexOf('storeToken')).toBeLessThan(firstRequest);
    expect(log.indexOf('removeTokenFromUrl')).toBeLessThan(firstRequest);
    expect(actor.getSnapshot().context.token).toBe(token);
  });

  it.each([
    ['encoded', (token: string) => `/?token=${encodeURIComponent(`Bearer ${token}`)}`],
    ['with a plus for the space', (token: string) => `/?token=Bearer+${token}`],
  ])('takes a Bearer-prefixed query token (%s) and keeps the bare JWT', async (_label, urlOf) => {
    const token = tokenFor({ inSeconds: 600 });
    const { actor, spies } = startAuth({ initialUrl: urlOf(token), storedToken: null });
    await settle();

    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.token).toBe(token);
    expect(spies.storeToken).toHaveBeenCalledWith({ token, expiresAt: NOW + 600_000 });
  });

  it('is initialising until the first tick, without any side effect', () => {
    const { actor, log } = startAuth(
      { initialUrl: `/?token=${tokenFor()}`, storedToken: null },
      {},
      { tick: false },
    );
    expect(selectIsInitialising(actor.getSnapshot())).toBe(true);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(log).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(log.slice(0, 2)).toEqual(['storeToken', 'removeTokenFromUrl']);
  });

  it('prefers a valid query token to the cookie token', () => {
    const queryToken = tokenFor({ sub: '9', wh: true, par: false });
    const { actor } = startAuth({ initialUrl: `/?token=${queryToken}`, storedToken: tokenFor({ sub: '7' }) });
    expect(actor.getSnapshot().context.token).toBe(queryToken);
    expect(selectRole(actor.getSnapshot())).toBe('warehouse');
  });

  it.each([
    ['expired', tokenFor({ inSeconds: -1 })],
    ['unreadable', 'not-a-jwt'],
    ['without exp', makeToken({ sub: '7', wh: false, par: false })],
  ])('logs out and sends to /login for an %s query token, without any request', async (_label, token) => {
    const { actor, log, spies } = startAuth({
      initialUrl: `/?token=${encodeURIComponent(token)}`,
      storedToken: tokenFor(),
    });
    await settle();

    const snapshot = actor.getSnapshot();
    expect(selectIsAuthenticated(snapshot)).toBe(false);
    expect(selectRole(snapshot)).toBe('unspecified');
    expect(selectLogoutReason(snapshot)).toBe('INVALID_TOKEN');
    expect(log).toEqual(loggedOutEnd);
    expect(spies.persistUser).toHaveBeenCalledWith({ user: null, isAuthenticated: false });
    expect(spies.storeToken).not.toHaveBeenCalled();
  });

  it('only reads the query token on /', () => {
    const { actor, spies } = startAuth({
      initialUrl: `/personal?token=${tokenFor({ sub: '9' })}`,
      storedToken: null,
    });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(spies.storeToken).not.toHaveBeenCalled();
    expect(spies.redirectToLogin).not.toHaveBeenCalled();
  });
});

describe('start-up with the cookie token (spec sections 4 and 5)', () => {
  it('is authenticated with a valid unexpired cookie token and fetches /users/me and the warehouse', async () => {
    const { actor, spies } = startAuth({ initialUrl: '/dashboard', storedToken: tokenFor() });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(selectIsInitialising(actor.getSnapshot())).toBe(true);
    await settle();

    const snapshot = actor.getSnapshot();
    expect(selectIsInitialising(snapshot)).toBe(false);
    expect(spies.fetchUser).toHaveBeenCalledTimes(1);
    expect(spies.fetchWarehouse).toHaveBeenCalledTimes(1);
    expect(selectUser(snapshot)).toEqual(userFixture());
    expect(selectWarehouse(snapshot)).toEqual(warehouseFixture);
    expect(spies.storeToken).not.toHaveBeenCalled();
    expect(spies.removeTokenFromUrl).not.toHaveBeenCalled();
  });

  it('clears an expired cookie token and sends to /login without any request', async () => {
    const { actor, log } = startAuth({ initialUrl: '/dashboard', storedToken: tokenFor({ inSeconds: 0 }) });
    await settle();
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('TOKEN_EXPIRED');
    expect(log).toEqual(loggedOutEnd);
  });

  it('without a token, is logged out, makes no request and keeps the stored user in sync', async () => {
    const { actor, log, spies } = startAuth({
      initialUrl: '/',
      storedToken: null,
      storedUser: { user: userFixture(), isAuthenticated: true },
    });
    await settle();
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectHomePath(actor.getSnapshot())).toBe('/login');
    expect(log).toEqual(['persistUser']);
    expect(spies.persistUser).toHaveBeenCalledWith({ user: null, isAuthenticated: false });
  });

  it('shows the stored user of the same account while /users/me loads', () => {
    const stored = userFixture({ fullName: 'Stored Name' });
    const { actor, spies } = startAuth({
      initialUrl: '/personal',
      storedToken: tokenFor({ sub: '7' }),
      storedUser: { user: stored, isAuthenticated: true },
    });
    expect(selectUser(actor.getSnapshot())).toEqual(stored);
    expect(selectIsInitialising(actor.getSnapshot())).toBe(false);
    expect(spies.persistUser).toHaveBeenCalledWith({ user: stored, isAuthenticated: true });
  });

  it('ignores a stored user of another account', () => {
    const { actor } = startAuth({
      initialUrl: '/personal',
      storedToken: tokenFor({ sub: '8' }),
      storedUser: { user: userFixture({ id: 7 }), isAuthenticated: true },
    });
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(selectIsInitialising(actor.getSnapshot())).toBe(true);
  });
});

describe('role from the token (spec section 6)', () => {
  it.each([
    [{ wh: true, par: true }, 'partner_warehouse', '/dashboard'],
    [{ wh: true, par: false }, 'warehouse', '/dashboard'],
    [{ wh: false, par: true }, 'partner', '/dashboard'],
    [{ wh: false, par: false }, 'user', '/personal'],
  ] as const)('flags %o give %s, landing on %s', (flags, role, home) => {
    const { actor } = startAuth({ initialUrl: '/', storedToken: tokenFor(flags) });
    expect(selectRole(actor.getSnapshot())).toBe(role);
    expect(selectHomePath(actor.getSnapshot())).toBe(home);
  });

  it('is unspecified without a token', () => {
    const { actor } = startAuth({ initialUrl: '/', storedToken: null });
    expect(selectRole(actor.getSnapshot())).toBe('unspecified');
  });
});

describe('the user from /users/me', () => {
  it("applies the user's language and stores the user", async () => {
    const user = userFixture({ lang: 'ro' });
    const { spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchUser: async () => user },
    );
    await settle();
    expect(spies.applyLanguage).toHaveBeenCalledWith({ lang: 'ro' });
    expect(spies.persistUser).toHaveBeenLastCalledWith({ user, isAuthenticated: true });
  });

  it('only logs a failure of the initial user-data fetch and stays logged in', async () => {
    const failure = { status: 500, message: 'Unknown error' };
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchUser: () => Promise.reject(failure) },
    );
    await settle();
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().matches({ authenticated: { profile: 'failed' } })).toBe(true);
    expect(spies.logError).toHaveBeenCalledWith({ source: 'fetchUser', error: failure });
    expect(spies.reportError).not.toHaveBeenCalled();
    expect(spies.applyLanguage).not.toHaveBeenCalled();
  });

  it('reads the user again on auth.user.refresh', async () => {
    const fetchUser = vi
      .fn<() => Promise<ReturnType<typeof userFixture>>>()
      .mockResolvedValueOnce(userFixture({ fullName: 'Before' }))
      .mockResolvedValueOnce(userFixture({ fullName: 'After' }));
    const { actor } = startAuth({ initialUrl: '/', storedToken: tokenFor() }, { fetchUser });
    await settle();
    actor.send({ type: 'auth.user.refresh' });
    await settle();
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(selectUser(actor.getSnapshot())?.fullName).toBe('After');
  });
});

describe('the warehouse (spec section 4)', () => {
  it('is not fetched when logged out', async () => {
    const { spies } = startAuth({ initialUrl: '/login', storedToken: null });
    await settle();
    expect(spies.fetchWarehouse).not.toHaveBeenCalled();
    expect(spies.fetchUser).not.toHaveBeenCalled();
  });

  it('keeps null when none is assigned', async () => {
    const { actor } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchWarehouse: async () => null },
    );
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: { warehouse: 'loaded' } })).toBe(true);
    expect(selectWarehouse(actor.getSnapshot())).toBeNull();
  });

  it('only logs a failure', async () => {
    const failure = { status: 503 };
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchWarehouse: () => Promise.reject(failure) },
    );
    await settle();
    expect(actor.getSnapshot().matches({ authenticated: { warehouse: 'unavailable' } })).toBe(true);
    expect(spies.logError).toHaveBeenCalledWith({ source: 'fetchWarehouse', error: failure });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
  });

  it('is forgotten at logout', async () => {
    const { actor } = startAuth({ initialUrl: '/', storedToken: tokenFor() });
    await settle();
    actor.send({ type: 'auth.logout' });
    expect(selectWarehouse(actor.getSnapshot())).toBeNull();
    expect(selectUser(actor.getSnapshot())).toBeNull();
  });
});

describe('the expiry timer (spec section 5)', () => {
  it('logs out and sends to /login when the token expires while the app stays open', async () => {
    const { actor, spies, log } = startAuth({
      initialUrl: '/dashboard',
      storedToken: tokenFor({ inSeconds: 60 }),
    });
    await settle();
    log.length = 0;

    vi.advanceTimersByTime(59_999);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);

    vi.advanceTimersByTime(1);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('TOKEN_EXPIRED');
    expect(log).toEqual(loggedOutEnd);
    expect(spies.persistUser).toHaveBeenLastCalledWith({ user: null, isAuthenticated: false });
  });

  it('re-arms when the expiry is further away than a timer can wait', () => {
    const seconds = 40 * 24 * 3600;
    const { actor } = startAuth({ initialUrl: '/', storedToken: tokenFor({ inSeconds: seconds }) });
    vi.advanceTimersByTime(MAX_TIMER_DELAY_MS);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(seconds * 1000 - MAX_TIMER_DELAY_MS);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
  });
});

describe('a 401 from any call (spec section 8)', () => {
  it('clears auth and sends to /login', async () => {
    const { actor, log } = startAuth({ initialUrl: '/my-orders', storedToken: tokenFor() });
    await settle();
    log.length = 0;
    actor.send({ type: 'auth.unauthorized' });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('UNAUTHORIZED');
    expect(log).toEqual(loggedOutEnd);
  });

  it('is ignored when already logged out (a wrong password on /login)', () => {
    const { actor, log } = startAuth({ initialUrl: '/login', storedToken: null });
    log.length = 0;
    actor.send({ type: 'auth.unauthorized' });
    expect(log).toEqual([]);
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
  });

  it('while /users/me runs, drops the pending call', async () => {
    const me = deferred<ReturnType<typeof userFixture>>();
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchUser: () => me.promise },
    );
    actor.send({ type: 'auth.unauthorized' });
    me.resolve(userFixture());
    await settle();
    expect(selectUser(actor.getSnapshot())).toBeNull();
    expect(spies.applyLanguage).not.toHaveBeenCalled();
  });
});

describe('login (spec sections 3 and 4)', () => {
  it('stores the token in the cookie until its exp and starts a session', async () => {
    const token = tokenFor({ wh: false, par: false, inSeconds: 86_400 });
    const { actor, spies, log } = startAuth(
      { initialUrl: '/login', storedToken: null },
      { login: async () => token },
    );
    log.length = 0;
    actor.send({ type: 'auth.login', email: 'ana@example.com', password: 'secret-1' });
    expect(actor.getSnapshot().matches({ loggedOut: 'loggingIn' })).toBe(true);
    await settle();

    expect(spies.login).toHaveBeenCalledWith({ email: 'ana@example.com', password: 'secret-1' });
    expect(spies.storeToken).toHaveBeenCalledWith({ token, expiresAt: NOW + 86_400_000 });
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    expect(selectRole(actor.getSnapshot())).toBe('user');
    expect(selectHomePath(actor.getSnapshot())).toBe('/personal');
    expect(log.indexOf('storeToken')).toBeLessThan(log.indexOf('fetchUser'));
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
  });

  it('keeps the language chosen on the login page over the stored one and saves it after /users/me', async () => {
    const { actor, spies, log } = startAuth(
      { initialUrl: '/login', storedToken: null },
      { fetchUser: async () => userFixture({ lang: 'ru' }) },
    );
    log.length = 0;
    actor.send({ type: 'auth.login', email: 'ana@example.com', password: 'secret-1', lang: 'en' });
    await settle();
    await settle();

    expect(spies.applyLanguage).toHaveBeenCalledWith({ lang: 'en' });
    expect(spies.applyLanguage).not.toHaveBeenCalledWith({ lang: 'ru' });
    expect(spies.saveLanguage).toHaveBeenCalledExactlyOnceWith({ lang: 'en' });
    expect(log.indexOf('fetchUser')).toBeLessThan(log.indexOf('saveLanguage'));
    expect(actor.getSnapshot().context.user?.lang).toBe('en');
    expect(actor.getSnapshot().context.loginLang).toBeNull();

    // Later reads follow the account again (a switch made while signed in is saved by the language machine).
    spies.fetchUser.mockResolvedValueOnce(userFixture({ lang: 'it' }));
    actor.send({ type: 'auth.user.refresh' });
    await settle();
    expect(spies.applyLanguage).toHaveBeenLastCalledWith({ lang: 'it' });
  });

  it('does not save a language when the session did not start on the login page', async () => {
    const { spies } = startAuth({ initialUrl: '/dashboard', storedToken: tokenFor() });
    await settle();
    expect(spies.applyLanguage).toHaveBeenCalledWith({ lang: 'en' });
    expect(spies.saveLanguage).not.toHaveBeenCalled();
  });

  it('logs a failed save and keeps the chosen language for the session', async () => {
    const { actor, spies } = startAuth(
      { initialUrl: '/login', storedToken: null },
      {
        fetchUser: async () => userFixture({ lang: 'ru' }),
        saveLanguage: () => Promise.reject(new Error('down')),
      },
    );
    actor.send({ type: 'auth.login', email: 'ana@example.com', password: 'secret-1', lang: 'uk' });
    await settle();
    await settle();
    expect(spies.applyLanguage).toHaveBeenCalledWith({ lang: 'uk' });
    expect(spies.logError).toHaveBeenCalledWith(expect.objectContaining({ source: 'saveLanguage' }));
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
  });

  it('keeps the server error code and reports the error (its translated toast)', async () => {
    const failure = {
      status: 401,
      code: 'INVALID_CREDENTIALS',
      translations: { en: 'Wrong e-mail or password' },
    };
    const { actor, spies } = startAuth(
      { initialUrl: '/login', storedToken: null },
      { login: () => Promise.reject(failure) },
    );
    actor.send({ type: 'auth.login', email: 'ana@example.com', password: 'wrong' });
    await settle();
    expect(actor.getSnapshot().matches({ loggedOut: 'idle' })).toBe(true);
    expect(selectLoginError(actor.getSnapshot())).toBe('INVALID_CREDENTIALS');
    expect(spies.reportError).toHaveBeenCalledWith({ error: failure });
    expect(spies.redirectToLogin).not.toHaveBeenCalled();
    expect(spies.storeToken).not.toHaveBeenCalled();
  });

  it('refuses a token that is already expired', async () => {
    const { actor, spies } = startAuth(
      { initialUrl: '/login', storedToken: null },
      { login: async () => tokenFor({ inSeconds: -5 }) },
    );
    actor.send({ type: 'auth.login', email: 'ana@example.com', password: 'secret-1' });
    await settle();
    expect(selectLoginError(actor.getSnapshot())).toBe('INVALID_TOKEN');
    expect(spies.storeToken).not.toHaveBeenCalled();
  });

  it('clears the previous error on a new attempt and ignores a second submit while one runs', async () => {
    const answer = deferred<string>();
    const login = vi
      .fn<(input: { email: string; password: string }) => Promise<string>>()
      .mockRejectedValueOnce({ status: 429, code: 'RATE_LIMITED' })
      .mockReturnValueOnce(answer.promise);
    const { actor } = startAuth({ initialUrl: '/login', storedToken: null }, { login });
    actor.send({ type: 'auth.login', email: 'a@b.md', password: 'x' });
    await settle();
    expect(selectLoginError(actor.getSnapshot())).toBe('RATE_LIMITED');
    actor.send({ type: 'auth.login', email: 'a@b.md', password: 'x' });
    actor.send({ type: 'auth.login', email: 'a@b.md', password: 'x' });
    expect(selectLoginError(actor.getSnapshot())).toBeNull();
    expect(login).toHaveBeenCalledTimes(2);
  });
});

describe('logout', () => {
  it('clears the cookie, the stored user and the cache, then goes to /login', async () => {
    const { actor, log, spies } = startAuth({ initialUrl: '/', storedToken: tokenFor() });
    await settle();
    log.length = 0;
    actor.send({ type: 'auth.logout' });
    expect(log).toEqual(loggedOutEnd);
    expect(selectLogoutReason(actor.getSnapshot())).toBe('LOGGED_OUT');
    expect(spies.persistUser).toHaveBeenLastCalledWith({ user: null, isAuthenticated: false });
    vi.advanceTimersByTime(7200_000);
    expect(spies.redirectToLogin).toHaveBeenCalledTimes(1);
  });
});

describe("'Need to confirm your email' (spec section 5)", () => {
  it('holds an unconfirmed user there and re-sends the link', async () => {
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      { fetchUser: async () => userFixture({ emailConfirmed: false }) },
    );
    await settle();
    expect(selectNeedsEmailConfirmation(actor.getSnapshot())).toBe(true);
    expect(selectResendStatus(actor.getSnapshot())).toBe('idle');

    actor.send({ type: 'auth.confirmation.resend' });
    expect(selectResendStatus(actor.getSnapshot())).toBe('sending');
    await settle();
    expect(spies.resendConfirmation).toHaveBeenCalledTimes(1);
    expect(selectResendStatus(actor.getSnapshot())).toBe('sent');
  });

  it('keeps the code of a failed re-send and reports it', async () => {
    const failure = { status: 429, code: 'RATE_LIMITED' };
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      {
        fetchUser: async () => userFixture({ emailConfirmed: false }),
        resendConfirmation: () => Promise.reject(failure),
      },
    );
    await settle();
    actor.send({ type: 'auth.confirmation.resend' });
    await settle();
    expect(selectResendStatus(actor.getSnapshot())).toBe('idle');
    expect(selectResendError(actor.getSnapshot())).toBe('RATE_LIMITED');
    expect(spies.reportError).toHaveBeenCalledWith({ error: failure });
  });

  it('reads the user again when the address was confirmed meanwhile', async () => {
    const fetchUser = vi
      .fn<() => Promise<ReturnType<typeof userFixture>>>()
      .mockResolvedValueOnce(userFixture({ emailConfirmed: false }))
      .mockResolvedValueOnce(userFixture({ emailConfirmed: true }));
    const { actor, spies } = startAuth(
      { initialUrl: '/', storedToken: tokenFor() },
      {
        fetchUser,
        resendConfirmation: () => Promise.reject({ status: 409, code: 'EMAIL_ALREADY_CONFIRMED' }),
      },
    );
    await settle();
    actor.send({ type: 'auth.confirmation.resend' });
    await settle();
    expect(fetchUser).toHaveBeenCalledTimes(2);
    expect(spies.reportError).not.toHaveBeenCalled();
    expect(selectNeedsEmailConfirmation(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().matches({ authenticated: { profile: 'ready' } })).toBe(true);
  });

  it('leaves the state once a refresh shows the address confirmed', async () => {
    const fetchUser = vi
      .fn<() => Promise<ReturnType<typeof userFixture>>>()
      .mockResolvedValueOnce(userFixture({ emailConfirmed: false }))
      .mockResolvedValueOnce(userFixture({ emailConfirmed: true }));
    const { actor } = startAuth({ initialUrl: '/', storedToken: tokenFor() }, { fetchUser });
    await settle();
    actor.send({ type: 'auth.user.refresh' });
    expect(selectNeedsEmailConfirmation(actor.getSnapshot())).toBe(true);
    await settle();
    expect(selectNeedsEmailConfirmation(actor.getSnapshot())).toBe(false);
  });
});
