/**
 * The order route tests' one setup: `useOrdersApp()` at the top of a test file starts an orders app for that file
 * (`useFileApp`), signs the demo partner's and warehouse staff's tokens once it is up, and closes it after.
 */
import { beforeAll } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import { useFileApp } from '#tests/support/server/file-app.ts';
import { PARTNER, WAREHOUSE, startOrdersApp, tokenFor } from './support.ts';

export interface OrdersFixture {
  /** The file's app: usable inside hooks and tests (it throws before `beforeAll` has run). */
  readonly t: TestApp;
  /** Access tokens of the demo partner and of the warehouse staff, signed once the app is up. */
  readonly tokens: { readonly partner: string; readonly warehouse: string };
}

export function useOrdersApp(): OrdersFixture {
  const t = useFileApp(startOrdersApp);
  let signed: { partner: string; warehouse: string } | null = null;
  const now = () => {
    if (signed === null)
      throw new Error('the tokens are signed in beforeAll: use them inside a hook or a test');
    return signed;
  };
  beforeAll(async () => {
    signed = { partner: await tokenFor(t, PARTNER), warehouse: await tokenFor(t, WAREHOUSE) };
  });
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
