// The pages `npm run bench:web` and `npm run trace:web` load: two yardsticks and the app's screens, each as the role
// that uses it. A screen of one record (an order, a member's card, a client) is opened at the first record the
// signed-in demo user's own list answers (server/seed/: the demo seed is the same on every start), read through the
// API after signing in, so no id is guessed.

/** key (what `--pages` names), name, path (or `list`: how to find the record), who is signed in, app or yardstick */
export const BENCH_PAGES = [
  { key: 'hello', name: 'static hello page', path: '/bench-hello/index.html', login: null, app: false },
  { key: 'bare-react', name: 'bare React 19 page', path: '/bare-react/index.html', login: null, app: false },
  { key: 'login', name: '/login (logged out)', path: '/login', login: null, app: true },
  {
    key: 'dashboard',
    name: '/dashboard (partner)',
    path: '/dashboard',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'new-order',
    name: '/new-order (partner)',
    path: '/new-order',
    login: 'partner@demo.test',
    app: true,
  },
  // The demo's first product (server/seed/catalogue.ts), at its canonical address (another one is a 301 first).
  {
    key: 'product',
    name: 'a product page (partner)',
    path: '/products/1-vellura-lipstick-rose-petal',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'my-orders',
    name: '/my-orders (partner)',
    path: '/my-orders',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'my-order',
    name: 'an order (partner)',
    list: { read: '/orders/get/list/user', items: (body) => body.items, path: (id) => `/my-orders/${id}` },
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'my-distributers',
    name: 'My Network (partner)',
    path: '/my-distributers',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'my-network-tree',
    name: 'My Network’s tree (partner)',
    path: '/my-distributers?view=tree',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'my-distributer',
    name: 'a member’s card (partner)',
    list: {
      read: '/users/my-network',
      items: (body) => body.children.items,
      path: (id) => `/my-distributers/${id}`,
    },
    login: 'partner@demo.test',
    app: true,
  },
  { key: 'charts', name: '/charts (partner)', path: '/charts', login: 'partner@demo.test', app: true },
  {
    key: 'client-base',
    name: '/client-base (partner)',
    path: '/client-base',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'client',
    name: 'a client (partner)',
    list: { read: '/users/clients', items: (body) => body.items, path: (id) => `/client-base/${id}` },
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'documents',
    name: '/documents (partner)',
    path: '/documents',
    login: 'partner@demo.test',
    app: true,
  },
  { key: 'personal', name: '/personal (partner)', path: '/personal', login: 'partner@demo.test', app: true },
  {
    key: 'first-steps',
    name: '/first-steps (partner)',
    path: '/first-steps',
    login: 'partner@demo.test',
    app: true,
  },
  {
    key: 'shopping-bag',
    name: '/shopping-bag (partner)',
    path: '/shopping-bag',
    login: 'partner@demo.test',
    app: true,
  },
  { key: 'wishlist', name: '/wishlist (partner)', path: '/wishlist', login: 'partner@demo.test', app: true },
  {
    key: 'promotions',
    name: '/promotions (partner)',
    path: '/promotions',
    login: 'partner@demo.test',
    app: true,
  },
  // Public pages, no token: the demo partner's storefront, a product of it, and the sign-up under them.
  { key: 'shop', name: 'the storefront (visitor)', path: '/s/elena-ciobanu', login: null, app: true },
  {
    key: 'shop-product',
    name: 'a storefront product (visitor)',
    path: '/s/elena-ciobanu/p/1',
    login: null,
    app: true,
  },
  { key: 'join', name: '/join (visitor)', path: '/join/elena-ciobanu', login: null, app: true },
  {
    key: 'my-orders-warehouse',
    name: '/my-orders-warehouse',
    path: '/my-orders-warehouse',
    login: 'warehouse@demo.test',
    app: true,
  },
  {
    key: 'warehouse-order',
    name: 'an order (warehouse)',
    list: {
      read: '/orders/get/list/warehouse',
      items: (body) => body.items,
      path: (id) => `/my-orders-warehouse/${id}`,
    },
    login: 'warehouse@demo.test',
    app: true,
  },
  {
    key: 'exchange-1c',
    name: '/exchange-1c (warehouse)',
    path: '/exchange-1c',
    login: 'warehouse@demo.test',
    app: true,
  },
];

/**
 * Each page's address: its `path`, or its list's first record's. `tokenFor(base, email)` signs a demo user in.
 * @returns {Promise<Map<string, string>>} key to path
 */
export async function benchPaths(base, tokenFor, pages = BENCH_PAGES) {
  const paths = new Map();
  for (const page of pages) {
    if (page.path !== undefined) {
      paths.set(page.key, page.path);
      continue;
    }
    const response = await fetch(`${base}/api/v3${page.list.read}`, {
      headers: { authorization: `Bearer ${await tokenFor(base, page.login)}` },
    });
    const body = await response.json();
    const first = response.ok ? page.list.items(body)?.[0] : undefined;
    if (first?.id === undefined)
      throw new Error(`${page.name}: ${page.list.read} gave no record (${response.status})`);
    paths.set(page.key, page.list.path(first.id));
  }
  return paths;
}
