// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { patternSource, readScreenRoutes } from '../../../scripts/lib/screen-routes.mjs';
import { appRoutes } from '#src/app/router.tsx';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Every lazy screen of the table with its full path (the catch-all left out, as the boot script leaves it). */
function lazyScreens(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path !== undefined && route.path !== '*' && typeof route.lazy === 'function'
      ? [route.path]
      : []),
    ...lazyScreens(route.children ?? []),
  ]);
}

describe('the boot preload reads the route table (scripts/lib/screen-routes.mjs)', () => {
  it('finds every lazy screen route of the table, each with an existing module', () => {
    const found = readScreenRoutes(ROOT);
    expect(found.map(([pattern]) => pattern).sort()).toEqual(lazyScreens(appRoutes).sort());
    for (const [pattern, module] of found) expect(existsSync(module), pattern).toBe(true);
  });

  it('matches a URL to its pattern and nothing else', () => {
    const detail = new RegExp(patternSource('/my-orders/:orderId'));
    expect(detail.test('/my-orders/12')).toBe(true);
    expect(detail.test('/my-orders/12/')).toBe(true);
    expect(detail.test('/my-orders')).toBe(false);
    expect(detail.test('/my-orders/12/items')).toBe(false);
    const list = new RegExp(patternSource('/my-orders'));
    expect(list.test('/my-orders')).toBe(true);
    expect(list.test('/my-orders-warehouse')).toBe(false);
  });
});
