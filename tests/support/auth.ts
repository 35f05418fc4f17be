import { createActor, fromPromise } from 'xstate';
import { vi } from 'vitest';
import { authMachine } from '../../machines/auth/auth.machine.ts';
import type { AuthInput, AuthUser, AuthWarehouse } from '../../machines/auth/auth.types.ts';

function base64Url(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

/** An HS256-shaped JWT with the given claims (the signature is not checked client-side). */
export function makeToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

export const NOW = new Date('2025-03-01T10:00:00Z').getTime();

/** A token of user `sub` that expires `inSeconds` from NOW. */
export function tokenFor(
  options: { sub?: string; wh?: boolean; par?: boolean; inSeconds?: number } = {},
): string {
  const { sub = '7', wh = false, par = true, inSeconds = 3600 } = options;
  return makeToken({ sub, wh, par, iat: NOW / 1000, exp: NOW / 1000 + inSeconds, sv: 1 });
}

export function userFixture(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 7,
    email: 'ana@example.com',
    fullName: 'Ana Popescu',
    phone: null,
    lang: 'en',
    role: 'PARTNER',
    emailConfirmed: true,
    prn: 'MD-0007',
    alias: null,
    warehouseId: 1,
    shop: null,
    ...overrides,
  };
}

export const warehouseFixture: AuthWarehouse = {
  id: 1,
  number: 'WH-01',
  name: 'Chișinău central',
  city: 'Chișinău',
  address: 'str. Ismail 1',
  pickupPoints: [],
};

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Implementations that answer at once (override any of them); every call and action lands in `log` in order. */
export interface Fakes {
  login?: (input: { email: string; password: string }) => Promise<string>;
  fetchUser?: () => Promise<AuthUser>;
  fetchWarehouse?: () => Promise<AuthWarehouse | null>;
  resendConfirmation?: () => Promise<void>;
  saveLanguage?: (input: { lang: string }) => Promise<AuthUser>;
  logout?: () => Promise<void>;
  logoutEverywhere?: () => Promise<void>;
}

/**
 * Starts the auth actor with fakes. The machine decides one tick after start (`after 0`): with fake timers on,
 * that tick is run here unless `tick` is false.
 */
export function startAuth(input: AuthInput, fakes: Fakes = {}, { tick = true }: { tick?: boolean } = {}) {
  const log: string[] = [];
  const spies = {
    login: vi.fn(fakes.login ?? (async () => tokenFor())),
    fetchUser: vi.fn(fakes.fetchUser ?? (async () => userFixture())),
    fetchWarehouse: vi.fn(fakes.fetchWarehouse ?? (async () => warehouseFixture)),
    resendConfirmation: vi.fn(fakes.resendConfirmation ?? (async () => undefined)),
    saveLanguage: vi.fn(
      fakes.saveLanguage ??
        (async ({ lang }: { lang: string }) => userFixture({ lang: lang as AuthUser['lang'] })),
    ),
    logout: vi.fn(fakes.logout ?? (async () => undefined)),
    logoutEverywhere: vi.fn(fakes.logoutEverywhere ?? (async () => undefined)),
    storeToken: vi.fn(),
    clearToken: vi.fn(),
    removeTokenFromUrl: vi.fn(),
    persistUser: vi.fn(),
    applyLanguage: vi.fn(),
    redirectToLogin: vi.fn(),
    clearServerCache: vi.fn(),
    retryRefusedReads: vi.fn(),
    logError: vi.fn(),
    reportError: vi.fn(),
  };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise(async ({ input }) => {
        log.push('login');
        return spies.login(input);
      }),
      fetchUser: fromPromise(async () => {
        log.push('fetchUser');
        return spies.fetchUser();
      }),
      fetchWarehouse: fromPromise(async () => {
        log.push('fetchWarehouse');
        return spies.fetchWarehouse();
      }),
      resendConfirmation: fromPromise(async () => {
        log.push('resendConfirmation');
        return spies.resendConfirmation();
      }),
      saveLanguage: fromPromise(async ({ input }) => {
        log.push('saveLanguage');
        return spies.saveLanguage(input);
      }),
      logout: fromPromise(async () => {
        log.push('logout');
        return spies.logout();
      }),
      logoutEverywhere: fromPromise(async () => {
        log.push('logoutEverywhere');
        return spies.logoutEverywhere();
      }),
    },
    actions: {
      storeToken: (_, params) => {
        log.push('storeToken');
        spies.storeToken(params);
      },
      clearToken: () => {
        log.push('clearToken');
        spies.clearToken();
      },
      removeTokenFromUrl: () => {
        log.push('removeTokenFromUrl');
        spies.removeTokenFromUrl();
      },
      persistUser: (_, params) => {
        log.push('persistUser');
        spies.persistUser(params);
      },
      applyLanguage: (_, params) => {
        log.push('applyLanguage');
        spies.applyLanguage(params);
      },
      redirectToLogin: () => {
        log.push('redirectToLogin');
        spies.redirectToLogin();
      },
      clearServerCache: () => {
        log.push('clearServerCache');
        spies.clearServerCache();
      },
      retryRefusedReads: () => {
        log.push('retryRefusedReads');
        spies.retryRefusedReads();
      },
      logError: (_, params) => {
        log.push('logError');
        spies.logError(params);
      },
      reportError: (_, params) => {
        log.push('reportError');
        spies.reportError(params);
      },
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  if (tick) vi.advanceTimersByTime(0);
  return { actor, log, spies };
}

/** Lets the fake actors' promises settle (they resolve in microtasks; fake timers do not affect them). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}
