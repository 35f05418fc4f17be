// Goods, prices and stock from 1C, in a real browser against the reference server (docs/1c-exchange.md):
// a distributor of Bălți and one of Chișinău see their own warehouse's stock of the same product, and warehouse staff
// read the 1C exchange screen — the demo catalogue's import and one a 1C node sends now, with what it skipped and
// why — by keyboard, without axe violations, at a desktop and a phone width.
import type { APIRequestContext } from '@playwright/test';
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, startSession, test } from '../support/fixtures';
import { cardOf, openScreen, type Product } from '../shopping/shopping-support';

const CHISINAU = 'partner@demo.test';
const BALTI = 'pw@demo.test';
const STAFF = 'warehouse@demo.test';
const EXCHANGE = `${API_PREFIX}/exchange/1c`;
const EXCHANGE_USER = process.env.EXCHANGE_USER ?? '1c';
const EXCHANGE_PASSWORD = process.env.EXCHANGE_PASSWORD ?? '1c-exchange';

async function productAs(request: APIRequestContext, email: string, id: number): Promise<Product> {
  const answer = await request.get(`${API_PREFIX}/goods/${id}`, {
    headers: bearer(await cachedToken(request, email)),
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Product;
}

/** A product both distributors can see whose stock differs between their warehouses. */
async function productWithDifferentStock(request: APIRequestContext): Promise<[Product, Product]> {
  const token = await cachedToken(request, CHISINAU);
  const list = await request.get(`${API_PREFIX}/goods`, {
    headers: bearer(token),
    params: { pageSize: 100, sort: 'newest' },
  });
  for (const product of ((await list.json()) as { items: Product[] }).items) {
    const balti = await productAs(request, BALTI, product.id);
    if (balti.stock !== product.stock && balti.stock > 0 && product.stock > 0) return [product, balti];
  }
  throw new Error('no product whose stock differs between Chișinău and Bălți');
}

test('distributors of Chișinău and Bălți see their own warehouse’s stock of the same product', async ({
  browser,
  request,
}) => {
  const [atChisinau, atBalti] = await productWithDifferentStock(request);
  for (const [email, expected] of [
    [CHISINAU, atChisinau.stock],
    [BALTI, atBalti.stock],
  ] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await startSession(page, request, email);
      const locale = await openScreen(page, request, email, `/new-order?q=${atChisinau.sku}`);
      const card = cardOf(page, atChisinau, locale);
      const stock = card
        .locator('dt', { hasText: locale === 'en' ? 'Stock' : tr(locale, 'Stock') })
        .locator('+ dd');
      await expect(stock).toHaveText(new RegExp(`^${expected}\\D`));
    } finally {
      await context.close();
    }
  }
});

/** A 1C node sends offers with one line for a product the portal does not have (skipped, with its reason). */
async function oneCSendsOffers(request: APIRequestContext): Promise<void> {
  const auth = await request.get(EXCHANGE, {
    params: { type: 'catalog', mode: 'checkauth' },
    headers: {
      authorization: `Basic ${Buffer.from(`${EXCHANGE_USER}:${EXCHANGE_PASSWORD}`).toString('base64')}`,
    },
  });
  const [, name, value] = (await auth.text()).split('\n');
  const cookie = `${name ?? ''}=${value ?? ''}`;
  const offers = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="true">
<Предложения><Предложение><Ид>e2e-no-such-product</Ид><Артикул>E2E-404</Артикул><Наименование>Товар, которого нет</Наименование>
<Количество>3</Количество></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>`;
  const file = await request.post(EXCHANGE, {
    params: { type: 'catalog', mode: 'file', filename: 'offers0_1.xml' },
    headers: { cookie },
    data: Buffer.from(offers, 'utf8'),
  });
  expect(await file.text()).toBe('success');
  for (let call = 0; call < 50; call++) {
    const answer = await (
      await request.get(EXCHANGE, {
        params: { type: 'catalog', mode: 'import', filename: 'offers0_1.xml' },
        headers: { cookie },
      })
    ).text();
    if (answer.startsWith('success')) return;
    expect(answer).toMatch(/^progress/);
  }
  throw new Error('the import did not finish');
}

for (const width of [1280, 390] as const) {
  test(`the 1C exchange screen at ${width} px: imports, what was skipped and why, by keyboard`, async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await oneCSendsOffers(request);
    await startSession(page, request, STAFF);
    await page.goto('/exchange-1c');
    const locale = ((await page.locator('html').getAttribute('lang')) ?? 'ru') as Parameters<typeof tr>[0];
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    await expect(page.getByRole('heading', { level: 1, name: t('1C exchange') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('Orders to 1C') })).toBeVisible();
    const runs = page.locator('[data-run]');
    await expect(runs.first()).toBeVisible();
    // The demo catalogue's own import is there: 150 products created.
    const demo = runs.filter({ hasText: t('Demo catalogue') });
    await expect(demo.locator('[data-field="created"]')).toHaveText('150');
    // The newest run is the one just sent: one offer skipped; its reason opens by keyboard.
    const newest = runs.first();
    await expect(newest.locator('[data-field="skipped"]')).toHaveText('1');
    const show = newest.getByRole('button', { name: /\(1\)/ });
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-expanded', 'true');
    const issue = newest.locator('[data-code="UNKNOWN_PRODUCT"]');
    await expect(issue).toContainText('Товар, которого нет');
    await expect(issue).toContainText(t('Prices or stock for a product the portal does not have.'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
}
