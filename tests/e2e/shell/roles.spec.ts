// Spec section 2 in a real browser: each role logs in through the form and lands on its home, the redirects of
// `/`, `/login` and `/dashboard`, the guard of the logged-in area, and the navigation each role sees
// (docs/adr/0047-routes-and-access.md).
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { isLocale, pathPattern, storedUser, tr, type Locale } from './shell-support';

interface RoleCase {
  email: string;
  role: 'PARTNER' | 'WAREHOUSE' | 'PARTNER_WAREHOUSE' | 'USER';
  home: '/dashboard' | '/personal';
  /** The home screen's heading (English source text). */
  heading: string;
  /** The navigation, in display order (English source texts). */
  nav: string[];
}

const PARTNER_NAV = [
  'Main',
  'My Network',
  'Products',
  'Orders',
  'Shopping Bag',
  'Wishlist',
  'Promotions and Ratings',
  'Charts',
  'Documents',
  'Client base',
  'Personal data',
];

const ROLES: RoleCase[] = [
  { email: 'partner@demo.test', role: 'PARTNER', home: '/dashboard', heading: 'Main', nav: PARTNER_NAV },
  {
    email: 'warehouse@demo.test',
    role: 'WAREHOUSE',
    home: '/dashboard',
    heading: 'Main',
    nav: ['Main', 'Warehouse orders', '1C exchange', 'Personal data'],
  },
  {
    email: 'pw@demo.test',
    role: 'PARTNER_WAREHOUSE',
    home: '/dashboard',
    heading: 'Main',
    nav: [...PARTNER_NAV.slice(0, 4), 'Warehouse orders', '1C exchange', ...PARTNER_NAV.slice(4)],
  },
  {
    email: 'user@demo.test',
    role: 'USER',
    home: '/personal',
    heading: 'Personal data',
    nav: ['Personal data', 'Products', 'Orders', 'Shopping Bag', 'Wishlist', 'Documents'],
  },
];

const ALL_NAV_ITEMS = [...new Set([...PARTNER_NAV, 'Warehouse orders', '1C exchange'])];

/** Waits for the initial GET /users/me of the session and answers the user's language (which the app applies). */
function waitForMe(page: Page): Promise<{ lang: Locale; role: unknown; email: unknown }> {
  return page
    .waitForResponse(
      (response) =>
        response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/v3/users/me',
    )
    .then(async (response) => {
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { lang?: unknown; role?: unknown; email?: unknown };
      if (!isLocale(body.lang)) throw new Error(`GET /users/me answered lang ${String(body.lang)}`);
      return { lang: body.lang, role: body.role, email: body.email };
    });
}

for (const account of ROLES) {
  test(`${account.role}: logs in through the form, lands on ${account.home}, sees its navigation and is redirected home`, async ({
    page,
    loginAs,
  }) => {
    const me = waitForMe(page);
    await loginAs(page, account.email);
    await expect(page).toHaveURL(pathPattern(account.home));

    const { lang, role, email } = await me;
    expect(role).toBe(account.role);
    expect(email).toBe(account.email);
    // The user's stored language is applied: <html lang> and every label follow it.
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, account.heading));

    const nav = page.getByRole('navigation', { name: tr(lang, 'Main navigation') });
    await expect(nav.getByRole('link')).toHaveText(account.nav.map((label) => tr(lang, label)));
    for (const hidden of ALL_NAV_ITEMS.filter((item) => !account.nav.includes(item))) {
      await expect(nav.getByRole('link', { name: tr(lang, hidden), exact: true })).toHaveCount(0);
    }
    // The current screen is marked in the navigation.
    await expect(nav.getByRole('link', { name: tr(lang, account.heading), exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const stored = await storedUser(page);
    expect(stored?.isAuthenticated).toBe(true);
    expect(stored?.user?.email).toBe(account.email);

    // Logged in, /login and / go home.
    await page.goto('/login');
    await expect(page).toHaveURL(pathPattern(account.home));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, account.heading));
    await page.goto('/');
    await expect(page).toHaveURL(pathPattern(account.home));

    // /dashboard: a USER is sent to /personal, every other role stays.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(pathPattern(account.role === 'USER' ? '/personal' : '/dashboard'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, account.heading));

    // Following a navigation link is a client-side move inside the layout.
    const personal = nav.getByRole('link', { name: tr(lang, 'Personal data'), exact: true });
    await personal.click();
    await expect(page).toHaveURL(pathPattern('/personal'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(lang, 'Personal data'));
  });
}

test('an anonymous visitor is sent to /login from / and from every kind of private route', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/dashboard',
    '/personal',
    '/my-orders',
    '/my-orders/12',
    '/my-orders-warehouse',
    '/my-distributers/3',
    '/client-base',
    '/shopping-bag',
  ]) {
    await page.goto(path);
    await expect(page, `anonymous ${path}`).toHaveURL(pathPattern('/login'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
  }
  // No navigation of the logged-in area, and nothing stored as logged in.
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toHaveCount(0);
  expect((await storedUser(page))?.isAuthenticated ?? false).toBe(false);
});

test('after logging in from a redirect, the visitor goes where they were going', async ({ page }) => {
  await page.goto('/documents');
  await expect(page).toHaveURL(pathPattern('/login'));
  const form = page.getByRole('form', { name: tr('ru', 'Sign in') });
  await form.getByLabel(tr('ru', 'E-mail')).fill('warehouse2@demo.test');
  await form.getByLabel(tr('ru', 'Password'), { exact: true }).fill('demo1234');
  await form.getByRole('button', { name: tr('ru', 'Sign in') }).click();
  await expect(page).toHaveURL(pathPattern('/documents'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Documents'));
});
