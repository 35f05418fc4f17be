/**
 * The route table of spec section 2: every path the SPA answers, and whether it is public or
 * inside the logged-in layout. `router.tsx` builds the router from these names.
 */
export const PATHS = {
  root: '/',
  login: '/login',
  resetPass: '/reset-pass',
  /** Not in spec section 2: the target of the e-mail confirmation link the server's outbox writes. */
  confirmEmail: '/confirm-email',
  paymentSuccess: '/payment/success',
  paymentCancel: '/payment/cancel',
  /** Not in spec section 2: the terms of sale and return policy maib asks a merchant's site for (ADR 0114). */
  terms: '/terms',
  /** Not in spec section 2: signing up under a sponsor, by alias or PRN (docs/adr/0141-join-page-proof-of-work.md). */
  join: '/join/:alias',
  /** Not in spec section 2: a distributor's storefront, by alias or PRN (docs/adr/0147-the-storefront-and-client-checkout.md). */
  shop: '/s/:alias',
  shopProduct: '/s/:alias/p/:productId',
  shopCheckout: '/s/:alias/checkout',

  wishlist: '/wishlist',
  shoppingBag: '/shopping-bag',
  promotions: '/promotions',
  personal: '/personal',
  newOrder: '/new-order',
  /** Not in spec section 2: a product's page, `/products/{id}-{slug}` (docs/adr/0137-product-pages.md). */
  product: '/products/:productRef',
  documents: '/documents',
  dashboard: '/dashboard',
  /** Not in the spec: a new distributor's first steps (docs/adr/0148-first-steps.md). */
  firstSteps: '/first-steps',
  charts: '/charts',
  myOrders: '/my-orders',
  myOrder: '/my-orders/:orderId',
  warehouseOrders: '/my-orders-warehouse',
  warehouseOrder: '/my-orders-warehouse/:id',
  /** Not in spec section 2: a return of the warehouse's orders, for staff (docs/adr/0138-returns.md). */
  warehouseReturn: '/my-orders-warehouse/returns/:returnId',
  /** Not in spec section 2: the 1C exchange for warehouse staff (catalogue imports and the order queue to 1C). */
  exchange1c: '/exchange-1c',
  myDistributors: '/my-distributers',
  myDistributor: '/my-distributers/:id',
  clientBase: '/client-base',
  client: '/client-base/:id',

  notFound: '*',
} as const;

export type PathName = keyof typeof PATHS;

/** Reachable without logging in. */
export const PUBLIC_PATHS = [
  PATHS.root,
  PATHS.login,
  PATHS.resetPass,
  PATHS.confirmEmail,
  PATHS.paymentSuccess,
  PATHS.paymentCancel,
  PATHS.terms,
  PATHS.join,
  PATHS.shop,
  PATHS.shopProduct,
  PATHS.shopCheckout,
] as const;

/** Inside the logged-in layout: without a valid login the visitor is sent to /login. */
export const PRIVATE_PATHS = [
  PATHS.wishlist,
  PATHS.shoppingBag,
  PATHS.promotions,
  PATHS.personal,
  PATHS.newOrder,
  PATHS.product,
  PATHS.documents,
  PATHS.dashboard,
  PATHS.firstSteps,
  PATHS.charts,
  PATHS.myOrders,
  PATHS.myOrder,
  PATHS.warehouseOrders,
  PATHS.warehouseOrder,
  PATHS.warehouseReturn,
  PATHS.exchange1c,
  PATHS.myDistributors,
  PATHS.myDistributor,
  PATHS.clientBase,
  PATHS.client,
] as const;

/** Fills a path's `:params`: `pathTo(PATHS.myOrder, { orderId: 12 })` is `/my-orders/12`. */
export function pathTo(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** A product's page: `/products/{id}-{slug}` (the id finds it; the slug is the contract's `Product.slug`). */
export function productPath(product: { id: number; slug: string }): string {
  return pathTo(PATHS.product, { productRef: `${product.id}-${product.slug}` });
}

/** The product id of a `/products/:productRef` address (`12-some-name` or `12`), or `null` for any other value. */
export function productIdOf(ref: string | undefined): number | null {
  const match = /^([1-9]\d{0,15})(?:-[a-z0-9]+(?:-[a-z0-9]+)*)?$/.exec(ref ?? '');
  return match === null ? null : Number(match[1]);
}

/** A shop's address: its alias, else the PRN (both open it). */
export function shopPath(owner: { alias: string | null; prn: string }): string {
  return pathTo(PATHS.shop, { alias: owner.alias ?? owner.prn });
}
