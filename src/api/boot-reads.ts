import type { BootRead } from '../boot/contract.ts';

/**
 * The first reads of a signed-in visit that the boot script (src/boot/, inline in index.html) sends itself, as the page is parsed: the data the opened screen paints first. Without it they would start only
 * once the entry and the session chunk had loaded and run, a round trip after all the JavaScript; with it they
 * travel beside the JavaScript. The app's client takes each answer once, for the same request
 * (`src/api/boot-responses.ts`), so nothing is asked twice.
 *
 * Only for a screen's default view (an address with no query) and for the roles that screen reads the data for
 * (from the token's `par` and `wh` claims). Each path is the one the screen's own query asks for (checked by
 * tests/e2e/shell/parallel-boot.spec.ts: one request each, none repeated). Plain data: the build writes it into
 * the boot script.
 */
export const BOOT_READS: readonly BootRead[] = [
  // The session's own reads (the auth machine's `authenticated` state: the profile, the staff member's warehouse),
  // which would otherwise leave only once the session chunk has loaded and run.
  { screen: '*', paths: ['/users/me', '/users/my-warehouse'] },
  {
    screen: '/dashboard',
    claim: 'par',
    paths: ['/users/my-info', '/users/my-target', '/orders/get/list/user?tab=current&page=1&pageSize=20'],
  },
  {
    screen: '/new-order',
    claim: 'par',
    // The products, and the bag and wishlist their cards show themselves in.
    paths: ['/goods?page=1&pageSize=24&sort=popular', '/orders/cart', '/orders/wishlist'],
    preloadImages: 2,
  },
  {
    screen: '/my-orders-warehouse',
    claim: 'wh',
    paths: ['/orders/get/list/warehouse?tab=new&page=1&pageSize=20'],
  },
];

/** How long an answer of the boot script may wait for the client: later it is not used (a fresh read is made). */
export const BOOT_RESPONSE_MAX_AGE_MS = 20_000;
