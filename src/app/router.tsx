import { type ComponentType, type ReactElement, useEffect, useRef } from 'react';
import {
  data,
  type LoaderFunctionArgs,
  matchRoutes,
  type RouteObject,
  useLocation,
  useRoutes,
} from 'react-router-dom';
import type { RouteGuard } from '#machines/auth/auth.redirects.ts';
import { Spinner } from '../ui/spinner.tsx';
import { AuthRoot } from '../session/auth-context.tsx';
import {
  NotForUserRole,
  PublicOnlyRoute,
  RequireAuth,
  RequireSession,
  RootRedirect,
} from './auth/guards.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './error-boundary.tsx';
import { routeData, type RoutePrefetch, startRouteData } from './route-data.ts';
import { preloadScreens, toElementRoutes } from './route-elements.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { PublicLayout } from './layout/public-layout.tsx';
import { PATHS, productIdOf } from '../ui/paths.ts';
import { applyWebFontsOnNavigation } from '../styles/web-fonts.ts';

type PageModule = { default: ComponentType };

/** A screen is its own chunk, loaded when its route is first visited. */
function screen(load: () => Promise<PageModule>): Pick<RouteObject, 'lazy' | 'errorElement'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    errorElement: <RouteErrorBoundary />,
  };
}

/** Ids are positive integers: any other value in a detail path is a missing object ('Not Found'). */
function requireIdParam(name: string) {
  return ({ params }: LoaderFunctionArgs): null => {
    if (!/^[1-9]\d{0,15}$/.test(params[name] ?? ''))
      throw data('Not Found', { status: 404, statusText: 'Not Found' });
    return null;
  };
}

/** `/products/{id}-{slug}`: any other value is a missing product ('Not Found'). */
function requireProductRef({ params }: LoaderFunctionArgs): null {
  if (productIdOf(params['productRef']) === null)
    throw data('Not Found', { status: 404, statusText: 'Not Found' });
  return null;
}

const GUARD_ELEMENTS: Record<RouteGuard, ReactElement> = {
  root: <RootRedirect />,
  publicOnly: <PublicOnlyRoute />,
  private: <RequireAuth />,
  notForUser: <NotForUserRole />,
};

/**
 * A guard's route: its element, and its name in `handle.guard`, which the server's first render reads to answer
 * the guard's redirects itself (`routeGuards`, machines/auth/auth.redirects.ts).
 */
function guarded(guard: RouteGuard): Pick<RouteObject, 'element' | 'handle'> {
  return { element: GUARD_ELEMENTS[guard], handle: { guard } };
}

function RouterLoading() {
  return <Spinner />;
}

/**
 * Spec section 2, route by route. The auth machine lives inside the router (`AuthRoot`) so guards can redirect.
 *
 * A route is declared in the data router's shape: `{ path, ...screen(() => import('…-page.tsx')) }` (a lazy chunk
 * with its error boundary), plus `loader: requireIdParam('id')` for a detail path; layout and guard routes are
 * `{ element, errorElement, children }`. A screen whose first data can start at boot names its prefetcher:
 * `handle: { prefetch: routeData.… }` (`route-data.ts`). `AppRoutes` renders the table in declarative
 * mode (see `route-elements.tsx`).
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <AuthRoot />,
    errorElement: <RootErrorBoundary />,
    children: [
      { path: PATHS.root, ...guarded('root'), errorElement: <RootErrorBoundary /> },
      {
        id: 'public',
        element: <PublicLayout />,
        errorElement: <RootErrorBoundary />,
        children: [
          {
            ...guarded('publicOnly'),
            errorElement: <RouteErrorBoundary />,
            children: [{ path: PATHS.login, ...screen(() => import('../features/login/login-page.tsx')) }],
          },
          {
            element: <RequireSession />,
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                path: PATHS.resetPass,
                ...screen(() => import('../features/reset-pass/reset-pass-page.tsx')),
              },
              {
                path: PATHS.confirmEmail,
                ...screen(() => import('../features/confirm-email/confirm-email-page.tsx')),
              },
              {
                path: PATHS.paymentSuccess,
                ...screen(() => import('../features/orders/payment/payment-success-page.tsx')),
              },
              {
                path: PATHS.paymentCancel,
                ...screen(() => import('../features/orders/payment/payment-cancel-page.tsx')),
              },
              { path: PATHS.terms, ...screen(() => import('../features/terms/terms-page.tsx')) },
              // Signing up under a sponsor: signed out or in (a signed-in visitor is told to sign out first).
              {
                path: PATHS.join,
                ...screen(() => import('../features/join/join-page.tsx')),
                handle: { prefetch: routeData.join },
              },
              { path: PATHS.notFound, ...screen(() => import('../features/not-found/not-found-page.tsx')) },
            ],
          },
        ],
      },
      {
        // A distributor's storefront (docs/adr/0147-the-storefront-and-client-checkout.md): public, signed in or
        // not, in the full container; rendered on the server with its data for a visitor without a token.
        id: 'shop',
        element: <PublicLayout wide />,
        errorElement: <RootErrorBoundary />,
        children: [
          {
            element: <RequireSession />,
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                path: PATHS.shop,
                ...screen(() => import('../features/shop/storefront/storefront-page.tsx')),
                handle: { prefetch: routeData.shop },
              },
              {
                path: PATHS.shopProduct,
                loader: requireIdParam('productId'),
                ...screen(() => import('../features/shop/storefront/shop-product-page.tsx')),
                handle: { prefetch: routeData.shopProduct },
              },
              {
                path: PATHS.shopCheckout,
                ...screen(() => import('../features/shop/storefront/shop-checkout-page.tsx')),
              },
            ],
          },
        ],
      },
      {
        id: 'private',
        ...guarded('private'),
        errorElement: <RootErrorBoundary />,
        children: [
          {
            element: <AppLayout />,
            errorElement: <RootErrorBoundary />,
            children: [
              {
                ...guarded('notForUser'),
                errorElement: <RouteErrorBoundary />,
                children: [
                  {
                    path: PATHS.dashboard,
                    ...screen(() => import('../features/dashboard/dashboard-page.tsx')),
                    handle: { prefetch: routeData.dashboard },
                  },
                ],
              },
              {
                path: PATHS.wishlist,
                ...screen(() => import('../features/shop/wishlist/wishlist-page.tsx')),
                handle: { prefetch: routeData.wishlist },
              },
              {
                path: PATHS.shoppingBag,
                ...screen(() => import('../features/shop/bag/shopping-bag-page.tsx')),
                handle: { prefetch: routeData.shoppingBag },
              },
              {
                path: PATHS.promotions,
                ...screen(() => import('../features/shop/promotions/promotions-page.tsx')),
                handle: { prefetch: routeData.promotions },
              },
              // Not rendered on the server (docs/adr/0068-server-renders-first-screen.md): its forms put their
              // fields back as the app takes them over, and text typed before then would be lost.
              {
                path: PATHS.personal,
                ...screen(() => import('../features/personal/personal-page.tsx')),
                handle: { prefetch: routeData.personal },
              },
              {
                path: PATHS.newOrder,
                ...screen(() => import('../features/shop/new-order/new-order-page.tsx')),
                handle: { prefetch: routeData.newOrder },
              },
              {
                path: PATHS.product,
                loader: requireProductRef,
                ...screen(() => import('../features/shop/product/product-page.tsx')),
                handle: { prefetch: routeData.product },
              },
              {
                path: PATHS.documents,
                ...screen(() => import('../features/documents/documents-page.tsx')),
                handle: { prefetch: routeData.documents },
              },
              {
                path: PATHS.firstSteps,
                ...screen(() => import('../features/dashboard/first-steps/first-steps-page.tsx')),
                handle: { prefetch: routeData.firstSteps },
              },
              {
                path: PATHS.charts,
                ...screen(() => import('../features/charts/charts-page.tsx')),
                handle: { prefetch: routeData.charts },
              },
              {
                path: PATHS.myOrders,
                ...screen(() => import('../features/orders/mine/my-orders-page.tsx')),
                handle: { prefetch: routeData.myOrders },
              },
              {
                path: PATHS.myOrder,
                loader: requireIdParam('orderId'),
                ...screen(() => import('../features/orders/mine/order-detail-page.tsx')),
                handle: { prefetch: routeData.myOrder },
              },
              {
                path: PATHS.warehouseOrders,
                ...screen(() => import('../features/orders/warehouse/warehouse-orders-page.tsx')),
                handle: { prefetch: routeData.warehouseOrders },
              },
              {
                path: PATHS.warehouseOrder,
                loader: requireIdParam('id'),
                ...screen(() => import('../features/orders/warehouse/warehouse-order-page.tsx')),
                handle: { prefetch: routeData.warehouseOrder },
              },
              {
                path: PATHS.warehouseReturn,
                loader: requireIdParam('returnId'),
                ...screen(() => import('../features/orders/returns/warehouse-return-page.tsx')),
                handle: { prefetch: routeData.warehouseReturn },
              },
              {
                path: PATHS.exchange1c,
                ...screen(() => import('../features/exchange-1c/exchange-page.tsx')),
                handle: { prefetch: routeData.exchange1c },
              },
              {
                path: PATHS.myDistributors,
                ...screen(() => import('../features/my-network/my-network-page.tsx')),
                handle: { prefetch: routeData.myNetwork },
              },
              {
                path: PATHS.myDistributor,
                loader: requireIdParam('id'),
                ...screen(() => import('../features/my-network/distributor-page.tsx')),
                handle: { prefetch: routeData.distributor },
              },
              {
                path: PATHS.clientBase,
                ...screen(() => import('../features/client-base/client-base-page.tsx')),
                handle: { prefetch: routeData.clientBase },
              },
              {
                path: PATHS.client,
                loader: requireIdParam('id'),
                ...screen(() => import('../features/client-base/client-page.tsx')),
                handle: { prefetch: routeData.client },
              },
            ],
          },
        ],
      },
    ],
  },
];

const elementRoutes = toElementRoutes(appRoutes, <RouterLoading />);

function prefetchOf(handle: unknown): RoutePrefetch[] {
  if (typeof handle !== 'object' || handle === null || !('prefetch' in handle)) return [];
  return typeof handle.prefetch === 'function' ? [handle.prefetch as RoutePrefetch] : [];
}

/**
 * Starts the current URL's screen chunks and their first data requests (called once at boot, before the first
 * render), in parallel with the shell and the session check. Resolves once the screen chunks have loaded (or
 * failed). `withData: false`: the page brought the screen's data (a server-rendered page the app takes over), and
 * a request started now would only race the cache it is about to be given.
 */
export function startCurrentRoute({ withData }: { withData: boolean }): Promise<void> {
  const screens = preloadScreens(appRoutes, window.location);
  if (withData) startRouteData(routePrefetchers(window.location), new URL(window.location.href));
  return screens;
}

/** The first-data prefetchers of the routes an address opens (`handle.prefetch`), outermost first. */
export function routePrefetchers(location: { pathname: string }): RoutePrefetch[] {
  return (matchRoutes(appRoutes, location) ?? []).flatMap(({ route }) => prefetchOf(route.handle));
}

/** The guards of the routes an address opens (`handle.guard`), outermost first. */
export function routeGuards(location: { pathname: string }): RouteGuard[] {
  return (matchRoutes(appRoutes, location) ?? []).flatMap(({ route }) => guardOf(route.handle));
}

function guardOf(handle: unknown): RouteGuard[] {
  if (typeof handle !== 'object' || handle === null || !('guard' in handle)) return [];
  return typeof handle.guard === 'string' && handle.guard in GUARD_ELEMENTS
    ? [handle.guard as RouteGuard]
    : [];
}

/** The app's routes, rendered inside a `BrowserRouter` (`src/main.tsx`). */
export function AppRoutes() {
  // A first visit puts the web fonts on when the user moves to another screen (src/styles/web-fonts.ts).
  const { pathname } = useLocation();
  const opened = useRef(pathname);
  useEffect(() => {
    if (pathname !== opened.current) applyWebFontsOnNavigation();
  }, [pathname]);
  return useRoutes(elementRoutes);
}
