// @vitest-environment jsdom
import { cleanup } from '@testing-library/react';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotForUserRole, PublicOnlyRoute, RequireAuth, RootRedirect } from '#src/app/auth/guards.tsx';
import { AppLayout } from '#src/app/layout/app-layout.tsx';
import { appRoutes, routeGuards } from '#src/app/router.tsx';
import { activateLocale } from '#src/i18n/i18n.ts';

interface Leaf {
  path: string;
  route: RouteObject;
  /** Element types of the ancestors, outermost first. */
  wrappers: unknown[];
}

function leaves(routes: RouteObject[], wrappers: unknown[] = []): Leaf[] {
  return routes.flatMap((route) => {
    const here =
      route.element && typeof route.element === 'object' && 'type' in route.element
        ? route.element.type
        : null;
    const chain = here === null ? wrappers : [...wrappers, here];
    if (route.children) return leaves(route.children, chain);
    return route.path === undefined ? [] : [{ path: route.path, route, wrappers }];
  });
}

function allRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

const table = leaves(appRoutes);
const find = (path: string): Leaf => {
  const leaf = table.find((entry) => entry.path === path);
  if (leaf === undefined) throw new Error(`no route ${path}`);
  return leaf;
};

const SPEC_PUBLIC = ['/', '/login', '/reset-pass', '/payment/success', '/payment/cancel'];
/**
 * Our additions: the e-mail confirmation link's target (docs/adr/0047-routes-and-access.md), the terms of sale
 * with the return policy that maib asks a merchant's site for (docs/adr/0114-merchant-site.md), signing up
 * under a sponsor (docs/adr/0141-join-page-proof-of-work.md) and a distributor's storefront
 * (docs/adr/0147-the-storefront-and-client-checkout.md).
 */
const EXTRA_PUBLIC = [
  '/confirm-email',
  '/terms',
  '/join/:alias',
  '/s/:alias',
  '/s/:alias/p/:productId',
  '/s/:alias/checkout',
];
const SPEC_PRIVATE = [
  '/wishlist',
  '/shopping-bag',
  '/promotions',
  '/personal',
  '/new-order',
  '/documents',
  '/dashboard',
  '/charts',
  '/my-orders',
  '/my-orders/:orderId',
  '/my-orders-warehouse',
  '/my-orders-warehouse/:id',
  '/my-distributers',
  '/my-distributers/:id',
  '/client-base',
  '/client-base/:id',
];
/**
 * Our additions: for staff the 1C exchange's runs and issues (docs/1c-exchange.md) and a return's page
 * (docs/adr/0138-returns.md); a product's page; a new distributor's first steps (docs/adr/0148-first-steps.md).
 */
const EXTRA_PRIVATE = [
  '/exchange-1c',
  '/products/:productRef',
  '/my-orders-warehouse/returns/:returnId',
  '/first-steps',
];

/** Screens later issues build: the title each shows now (spec section 2 labels). */
const TITLES: Record<string, string> = {
  '/dashboard': 'Main',
  '/my-distributers': 'My Network',
  '/my-distributers/:id': 'Distributor',
  '/new-order': 'Products',
  '/my-orders': 'Orders',
  '/my-orders/:orderId': 'Order',
  '/personal': 'Personal data',
  '/my-orders-warehouse': 'Warehouse orders',
  '/my-orders-warehouse/:id': 'Warehouse order',
  '/shopping-bag': 'Shopping Bag',
  '/wishlist': 'Wishlist',
  '/promotions': 'Promotions and Ratings',
  '/charts': 'Charts',
  '/documents': 'Documents',
  '/client-base': 'Client base',
  '/client-base/:id': 'Client',
  '/payment/success': 'Payment successful',
  '/payment/cancel': 'Payment cancelled',
};

describe('the route table (spec section 2)', () => {
  beforeAll(async () => {
    await activateLocale('en');
  });
  afterEach(cleanup);

  it('has exactly the spec routes plus the not-found catch-all', () => {
    expect(table.map((leaf) => leaf.path).sort()).toEqual(
      [...SPEC_PUBLIC, ...EXTRA_PUBLIC, ...SPEC_PRIVATE, ...EXTRA_PRIVATE, '*'].sort(),
    );
  });

  it('puts every logged-in route behind RequireAuth and the shared layout, and no public one', () => {
    for (const path of SPEC_PRIVATE) {
      const { wrappers } = find(path);
      expect(wrappers, path).toContain(RequireAuth);
      expect(wrappers, path).toContain(AppLayout);
    }
    for (const path of [...SPEC_PUBLIC, ...EXTRA_PUBLIC, '*'])
      expect(find(path).wrappers, path).not.toContain(RequireAuth);
  });

  it('keeps a USER off /dashboard and a logged-in visitor off /login', () => {
    expect(find('/dashboard').wrappers).toContain(NotForUserRole);
    expect(table.filter((leaf) => leaf.wrappers.includes(NotForUserRole)).map((leaf) => leaf.path)).toEqual([
      '/dashboard',
    ]);
    expect(find('/login').wrappers).toContain(PublicOnlyRoute);
  });

  it("names each guard in its route's handle, which the server's first render reads for its redirects", () => {
    const components = {
      root: RootRedirect,
      publicOnly: PublicOnlyRoute,
      private: RequireAuth,
      notForUser: NotForUserRole,
    };
    const guarded = allRoutes(appRoutes).filter((route) => route.handle?.guard !== undefined);
    expect(guarded).toHaveLength(4);
    for (const route of guarded) {
      const guard = route.handle.guard as keyof typeof components;
      expect((route.element as { type: unknown }).type, guard).toBe(components[guard]);
    }
    expect(routeGuards({ pathname: '/' })).toEqual(['root']);
    expect(routeGuards({ pathname: '/login' })).toEqual(['publicOnly']);
    expect(routeGuards({ pathname: '/dashboard' })).toEqual(['private', 'notForUser']);
    expect(routeGuards({ pathname: '/dashboard/' })).toEqual(['private', 'notForUser']);
    for (const path of ['/documents', '/my-orders/12', '/products/3-lipstick'])
      expect(routeGuards({ pathname: path }), path).toEqual(['private']);
    for (const path of ['/reset-pass', '/payment/success', '/terms', '/join/alice', '/no-such-page'])
      expect(routeGuards({ pathname: path }), path).toEqual([]);
  });

  it('gives every route an error boundary and makes every screen a lazy chunk', () => {
    for (const route of allRoutes(appRoutes)) expect(route.errorElement, route.path ?? route.id).toBeTruthy();
    for (const leaf of table.filter((entry) => entry.path !== '/'))
      expect(typeof leaf.route.lazy, leaf.path).toBe('function');
  });

  it('answers a detail path whose id is not a number with Not Found', () => {
    for (const [path, param] of [
      ['/my-orders/:orderId', 'orderId'],
      ['/my-orders-warehouse/:id', 'id'],
      ['/my-distributers/:id', 'id'],
      ['/client-base/:id', 'id'],
    ] as const) {
      const loader = find(path).route.loader;
      if (typeof loader !== 'function') throw new Error(`${path} has no loader`);
      const run = (value: string) =>
        loader({
          params: { [param]: value },
          request: new Request('http://localhost/'),
          context: undefined,
        } as LoaderFunctionArgs);
      expect(run('12'), path).toBeNull();
      let thrown: unknown;
      try {
        run('abc');
      } catch (error) {
        thrown = error;
      }
      expect(thrown, path).toMatchObject({ init: { status: 404 } });
    }
  });

  it('opens a product page by its id, with or without the slug, and nothing else', () => {
    const loader = find('/products/:productRef').route.loader;
    if (typeof loader !== 'function') throw new Error('/products/:productRef has no loader');
    const run = (value: string) => {
      try {
        return loader({
          params: { productRef: value },
          request: new Request('http://localhost/'),
          context: undefined,
        } as unknown as LoaderFunctionArgs);
      } catch (error) {
        return error;
      }
    };
    for (const good of ['12', '12-vellura-lipstick-rose-petal', '7-x']) expect(run(good), good).toBeNull();
    for (const bad of ['abc', '0-x', '12-', '12--x', '12-Rose', '-12', '12-rose petal'])
      expect(run(bad), bad).toMatchObject({ init: { status: 404 } });
  });

  // Each screen's own content, title included, is proven by its feature's view and browser tests (which render it
  // with its data); here: every spec route lazy-loads a real screen component.
  it.each(Object.keys(TITLES))('%s lazy-loads its screen', async (path) => {
    // jsdom has no matchMedia; the charts' library reads it when its module loads.
    window.matchMedia ??= (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) satisfies MediaQueryList;
    const lazy = find(path).route.lazy;
    if (typeof lazy !== 'function') throw new Error(`${path} is not lazy`);
    const { Component } = (await lazy()) as { Component: ComponentType };
    expect(typeof Component).toBe('function');
  });
});
