// Goods, prices and stock from 1C, in a real browser against the reference server (docs/1c-exchange.md):
// a distributor of Bălți and one of Chișinău see their own warehouse's stock of the same product; a product 1C marks
// deleted shows as no longer sold in the bag and the wishlist (and is sold again once 1C lists it again); warehouse
// staff read the 1C exchange screen — the demo catalogue's import and one a 1C node sends now, with what it skipped
// and why — by keyboard, without axe violations, at a desktop and a phone width.
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, startSession, test } from '../support/fixtures';
import { cardOf, openScreen, ShopApi, type Product } from '../shopping/shopping-support';

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

/** A 1C node sends one file of the catalogue exchange and repeats `import` until it is done. */
async function oneCSends(request: APIRequestContext, filename: string, xml: string): Promise<void> {
  const auth = await request.get(EXCHANGE, {
    params: { type: 'catalog', mode: 'checkauth' },
    headers: {
      authorization: `Basic ${Buffer.from(`${EXCHANGE_USER}:${EXCHANGE_PASSWORD}`).toString('base64')}`,
    },
  });
  const [, name, value] = (await auth.text()).split('\n');
  const cookie = `${name ?? ''}=${value ?? ''}`;
  const file = await request.post(EXCHANGE, {
    params: { type: 'catalog', mode: 'file', filename },
    headers: { cookie },
    data: Buffer.from(xml, 'utf8'),
  });
  expect(await file.text()).toBe('success');
  for (let call = 0; call < 50; call++) {
    const answer = await (
      await request.get(EXCHANGE, {
        params: { type: 'catalog', mode: 'import', filename },
        headers: { cookie },
      })
    ).text();
    if (answer.startsWith('success')) return;
    expect(answer).toMatch(/^progress/);
  }
  throw new Error('the import did not finish');
}

/** Offers with one line for a product the portal does not have (skipped, with its reason). */
async function oneCSendsOffers(request: APIRequestContext): Promise<void> {
  const offers = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений СодержитТолькоИзменения="true">
<Предложения><Предложение><Ид>e2e-no-such-product</Ид><Артикул>E2E-404</Артикул><Наименование>Товар, которого нет</Наименование>
<Количество>3</Количество></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>`;
  await oneCSends(request, 'offers0_1.xml', offers);
}

/** The demo package's catalogue (the seed imports it): each product's `<Товар>` element by its SKU. */
function demoProductElement(sku: string): { onecId: string; element: string } {
  const xml = readFileSync(new URL('../../../server/seed/commerceml/import.xml', import.meta.url), 'utf8');
  const element = [...xml.matchAll(/<Товар>[\s\S]*?<\/Товар>/g)]
    .map((match) => match[0])
    .find((candidate) => candidate.includes(`<Артикул>${sku}</Артикул>`));
  const onecId = element?.match(/<Ид>([^<]+)<\/Ид>/)?.[1];
  if (element === undefined || onecId === undefined) throw new Error(`${sku} is not in the demo package`);
  return { onecId, element };
}

/** A changes-only catalogue (`import.xml`) of the demo classifier naming `products`. */
const partialCatalogue = (products: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация ВерсияСхемы="2.08"><Каталог СодержитТолькоИзменения="true">
<Ид>b7a5a5c0-0000-4000-8000-000000000001</Ид><ИдКлассификатора>b7a5a5c0-0000-4000-8000-000000000001</ИдКлассификатора>
<Наименование>Основной каталог товаров</Наименование><Товары>${products}</Товары></Каталог></КоммерческаяИнформация>`;

test('a product 1C marks deleted is no longer sold: the bag and the wishlist say why; listed again, it sells', async ({
  page,
  request,
}) => {
  const shop = await ShopApi.for(request, CHISINAU);
  const restore = await shop.snapshot();
  // The oldest stocked product: the other specs take the first ones of the newest-first list.
  const product = (await shop.allProducts()).filter((candidate) => candidate.stock > 0).at(-1);
  if (product === undefined) throw new Error('no stocked product in the demo catalogue');
  const { onecId, element } = demoProductElement(product.sku);
  try {
    await shop.setCart([{ productId: product.id, quantity: 1 }]);
    await shop.setWishlist([product.id]);
    await oneCSends(
      request,
      'import.xml',
      partialCatalogue(
        `<Товар Статус="Удален"><Ид>${onecId}</Ид><Артикул>${product.sku}</Артикул><Наименование>${product.name.ru}</Наименование></Товар>`,
      ),
    );
    expect(await productAs(request, CHISINAU, product.id)).toMatchObject({
      isActive: false,
      inactiveReason: 'deleted_in_1c',
      stock: 0,
    });

    await startSession(page, request, CHISINAU);
    const locale = await openScreen(page, request, CHISINAU, '/shopping-bag');
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    await expect(page.getByRole('main')).toContainText(product.name[locale]);
    await expect(page.getByRole('main')).toContainText(
      t('No longer sold: 1C no longer lists this product. Remove it to place the order.'),
    );
    await openScreen(page, request, CHISINAU, '/wishlist');
    const card = page.getByRole('main').getByRole('article', { name: product.name[locale] });
    await expect(card).toContainText(
      t('No longer sold: 1C, where the company keeps its goods, no longer lists this product.'),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    // 1C lists it again (its picture is not sent again: the portal keeps the one it has).
    await oneCSends(
      request,
      'import.xml',
      partialCatalogue(element.replace(/<Картинка>[^<]*<\/Картинка>/, '')),
    );
    await restore();
  }
  expect(await productAs(request, CHISINAU, product.id)).toMatchObject({
    isActive: true,
    stock: product.stock,
  });
});

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
    // The demo catalogue's own import is there: 150 products created (their first prices and stock are part of
    // creating them, not updates).
    const demo = runs.filter({ hasText: t('Demo catalogue') });
    await expect(demo.locator('[data-field="created"]')).toHaveText('150');
    await expect(demo.locator('[data-field="updated"]')).toHaveText('0');
    // The newest run is the one just sent: one offer skipped; its reason opens by keyboard.
    const newest = runs.first();
    await expect(newest.locator('[data-field="skipped"]')).toHaveText('1');
    // The toggle's name changes when it opens ("Hide the skipped items"): hold it by what it controls.
    const show = newest.locator('button[aria-controls]');
    await expect(show).toHaveAccessibleName(/\(1\)/);
    await expect(show).toHaveAttribute('aria-expanded', 'false');
    await show.focus();
    await page.keyboard.press('Enter');
    await expect(show).toHaveAttribute('aria-expanded', 'true');
    await expect(show).toHaveAccessibleName(t('Hide the skipped items'));
    const issue = newest.locator('[data-code="UNKNOWN_PRODUCT"]');
    await expect(issue).toContainText('Товар, которого нет');
    await expect(issue).toContainText(t('Prices or stock for a product the portal does not have.'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });
}
