/**
 * The order route tests' one setup: `useOrdersApp()` at the top of a test file starts an orders app for that file
 * (`beforeAll`), signs the demo partner's and warehouse staff's tokens, and closes the app (`afterAll`). The app it
 * hands back forwards to the running one, so helpers that take a `TestApp` can close over it from the start.
 */
import { afterAll, beforeAll } from 'vitest';
import type { RequestOptions, TestApp } from '../../support/app.ts';
import { PARTNER, WAREHOUSE, startOrdersApp, tokenFor } from './support.ts';

export interface OrdersFixture {
  /** The file's app: usable inside hooks and tests (it throws before `beforeAll` has run). */
  readonly t: TestApp;
  /** Access tokens of the demo partner and of the warehouse staff, signed once the app is up. */
  readonly tokens: { readonly partner: string; readonly warehouse: string };
}

interface Running {
  app: TestApp;
  partner: string;
  warehouse: string;
}

export function useOrdersApp(): OrdersFixture {
  let running: Running | null = null;
  const now = (): Running => {
    if (running === null)
      throw new Error('the orders app starts in beforeAll: use it inside a hook or a test');
    return running;
  };
  beforeAll(async () => {
    const app = await startOrdersApp();
    running = { app, partner: await tokenFor(app, PARTNER), warehouse: await tokenFor(app, WAREHOUSE) };
  });
  afterAll(async () => {
    await running?.app.close();
    running = null;
  });
  const t: TestApp = {
    get app() {
      return now().app.app;
    },
    get db() {
      return now().app.db;
    },
    get database() {
      return now().app.database;
    },
    get config() {
      return now().app.config;
    },
    get violations() {
      return now().app.violations;
    },
    login: (email: string, password?: string) => now().app.login(email, password),
    request: <T = unknown>(
      method: Parameters<TestApp['request']>[0],
      path: string,
      options?: RequestOptions,
    ) => now().app.request<T>(method, path, options),
    get: <T = unknown>(path: string, options?: RequestOptions) => now().app.get<T>(path, options),
    post: <T = unknown>(path: string, options?: RequestOptions) => now().app.post<T>(path, options),
    delete: <T = unknown>(path: string, options?: RequestOptions) => now().app.delete<T>(path, options),
    close: () => now().app.close(),
  };
  const tokens = {
    get partner() {
      return now().partner;
    },
    get warehouse() {
      return now().warehouse;
    },
  };
  return { t, tokens };
}
