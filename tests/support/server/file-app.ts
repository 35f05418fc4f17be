/**
 * One app per test file without the `let t; beforeAll(...); afterAll(...)` lines in every file: `useFileApp(start)`
 * at the top of a file registers the hooks that start the app before its tests and close it after, and hands back
 * a `TestApp` that forwards to the running one, so helpers can close over it from the start.
 */
import { afterAll, beforeAll } from 'vitest';
import type { RequestOptions, TestApp } from './app.ts';

export function useFileApp(start: () => Promise<TestApp>): TestApp {
  let running: TestApp | null = null;
  const now = (): TestApp => {
    if (running === null) throw new Error('the test app starts in beforeAll: use it inside a hook or a test');
    return running;
  };
  beforeAll(async () => {
    running = await start();
  });
  afterAll(async () => {
    await running?.close();
    running = null;
  });
  return {
    get app() {
      return now().app;
    },
    get db() {
      return now().db;
    },
    get database() {
      return now().database;
    },
    get config() {
      return now().config;
    },
    get violations() {
      return now().violations;
    },
    login: (email: string, password?: string) => now().login(email, password),
    request: <T = unknown>(
      method: Parameters<TestApp['request']>[0],
      path: string,
      options?: RequestOptions,
    ) => now().request<T>(method, path, options),
    get: <T = unknown>(path: string, options?: RequestOptions) => now().get<T>(path, options),
    post: <T = unknown>(path: string, options?: RequestOptions) => now().post<T>(path, options),
    delete: <T = unknown>(path: string, options?: RequestOptions) => now().delete<T>(path, options),
    close: () => now().close(),
  };
}
