// The distributor's side: what needs the distributor now, roles that tell the truth, the language chosen
// before sign-in, the Bearer-prefixed link token, plural words. Found by role and accessible name.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, API_PREFIX, bearer, cachedToken, startSession } from '../support/fixtures';
import { isLocale, pathPattern, tokenCookie, tr, type Locale } from '../shell/shell-support';

const PARTNER = 'partner@demo.test';

async function pageLocale(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  if (!isLocale(lang)) throw new Error(`<html lang="${String(lang)}">`);
  return lang;
}

interface Summary {
  id: number;
  number: string;
  status: string;
  itemCount: number;
}

async function currentOrders(request: APIRequestContext): Promise<Summary[]> {
  const token = await cachedToken(request, PARTNER);
  const response = await request.get(`${API_PREFIX}/orders/get/list/user`, {
    headers: bearer(token),
    params: { tab: 'current', pageSize: 100 },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: Summary[] }).items;
}

test('the partial order waits at the top of Current with "Action needed", and on Main as a card', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const partial = (await currentOrders(request)).find((order) => order.status === 'awaiting_distributor');
  if (partial === undefined) throw new Error('the demo partner has no partial confirmation to answer');
  await startSession(page, request, PARTNER);
  await page.goto('/my-orders');
  const locale = await pageLocale(page);
  const table = page.getByRole('table');
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();

  // The first order carries the badge, and so does every row down to the partial one.
  const partialLink = page.getByRole('link', {
    name: tr(locale, 'No. {number}').replace('{number}', partial.number),
    exact: true,
  });
  const partialRow = rows.filter({ has: partialLink });
  await expect(partialRow.getByText(tr(locale, 'Action needed'), { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText(tr(locale, 'Action needed'), { exact: true })).toBeVisible();
  const ids = await rows.evaluateAll((all) => all.slice(1).map((row) => row.getAttribute('data-order-id')));
  const flagged = await rows.evaluateAll((all) =>
    all.slice(1).map((row) => row.hasAttribute('data-attention')),
  );
  const at = ids.indexOf(String(partial.id));
  expect(at).toBeGreaterThanOrEqual(0);
  expect(flagged.slice(0, at + 1).every(Boolean)).toBe(true);
  // Its next step is a direct link that names the order.
  await expect(
    partialRow.getByRole('link', { name: new RegExp(`^${tr(locale, 'Answer the changed order')}`) }),
  ).toHaveAttribute('href', `/my-orders/${partial.id}`);
  // Each row says how the order is received and paid.
  await expect(partialRow.getByRole('cell').nth(2)).toHaveText(/ · /);
  await expectNoAxeViolations(page);

  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: tr(locale, 'Action needed') });
  const cardLink = card.getByRole('link', { name: new RegExp(partial.number) });
  await expect(cardLink).toHaveAttribute('href', `/my-orders/${partial.id}`);
  await expectNoAxeViolations(page);
  await cardLink.click();
  await expect(page).toHaveURL(pathPattern(`/my-orders/${partial.id}`));
});

test('counts next to nouns use the language’s plural forms (ru 1 товар / 2 товара / 5 товаров)', async ({
  page,
  request,
}) => {
  const orders = await currentOrders(request);
  await startSession(page, request, PARTNER);
  await page.goto('/my-orders');
  // The demo partner's stored language is Russian, but another test may have switched it: switch back if so.
  if ((await pageLocale(page)) !== 'ru') {
    await page.locator('select.language-switcher__select').selectOption('ru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  }
  const forms = { one: 'товар', few: 'товара', many: 'товаров', other: 'товара' } as const;
  const rules = new Intl.PluralRules('ru');
  const firstPage = orders.slice(0, 10);
  for (const order of firstPage) {
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`[href="/my-orders/${order.id}"]`) })
      .first();
    const form = forms[rules.select(order.itemCount) as keyof typeof forms];
    await expect(row.getByRole('cell').nth(1)).toHaveText(`${order.itemCount} ${form}`);
  }
});

test('a warehouse-only account on /new-order sees "Not available for your account" with the way home', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  await startSession(page, request, 'warehouse@demo.test');
  const forbidden: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) forbidden.push(response.url());
  });
  await page.goto('/new-order');
  const locale = await pageLocale(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(locale, 'Not available for your account'),
  );
  const nav = page.getByRole('navigation', { name: tr(locale, 'Main navigation') });
  await expect(nav.getByRole('link', { name: tr(locale, 'Products') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: tr(locale, 'Shopping Bag') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(forbidden).toEqual([]);
  await page.getByRole('link', { name: tr(locale, 'Go to the home page') }).click();
  await expect(page).toHaveURL(pathPattern('/dashboard'));
});

test('a Bearer-prefixed token in the link signs in and is kept bare', async ({ page, request }) => {
  const token = await cachedToken(request, 'warehouse@demo.test');
  await page.goto(`/?token=${encodeURIComponent(`Bearer ${token}`)}`);
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  const locale = await pageLocale(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Main'));
  expect(await tokenCookie(page.context())).toBe(token);
  expect(page.url()).not.toContain('token');
});

test('the language chosen on the login page is kept after sign-in and saved to the account', async ({
  page,
  request,
}) => {
  // A distributor of the partner's downline nobody else signs in as (stored language: Russian).
  const partnerToken = await cachedToken(request, PARTNER);
  const network = await request.get(`${API_PREFIX}/users/my-network`, { headers: bearer(partnerToken) });
  const children = ((await network.json()) as { children: { items: Array<{ email: string }> } }).children
    .items;
  const email = children[children.length - 1]?.email;
  if (email === undefined) throw new Error('the demo partner has no downline');
  const token = await cachedToken(request, email);
  const reset = await request.post(`${API_PREFIX}/users/lang`, {
    headers: bearer(token),
    data: { lang: 'ru' },
  });
  expect(reset.status()).toBe(200);
  try {
    await page.goto('/login');
    await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('demo1234');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `${API_PREFIX}/users/lang`,
    );
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(pathPattern('/dashboard'));
    expect((await saved).request().postDataJSON()).toEqual({ lang: 'en' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Main');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const me = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) });
    expect(((await me.json()) as { lang: string }).lang).toBe('en');
  } finally {
    await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(token), data: { lang: 'ru' } });
  }
});
