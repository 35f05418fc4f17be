// The Products screen (/new-order) in a real browser against the reference server: categories, a Russian search
// kept in the address, server-side pages, adding to the bag with the header count following, out-of-stock products
// refused, and axe at a desktop and the narrowest width. user@demo.test's bag (nothing else) is saved first and put
// back after.
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { CATALOGUE_ACCOUNT, cardOf, openScreen, ShopApi, type Product } from './shopping-support';

const EMAIL = CATALOGUE_ACCOUNT;

test.describe('the Products screen', () => {
  let restore: (() => Promise<void>) | null = null;
  let shop: ShopApi;

  test.beforeEach(async ({ page, request }) => {
    shop = await ShopApi.for(request, EMAIL);
    // Only the bag: promotions.spec.ts changes this account's wishlist, maybe at the same time.
    restore = await shop.snapshot(['cart']);
    await shop.setCart([]);
    await startSession(page, request, EMAIL);
  });

  test.afterEach(async () => {
    await restore?.();
  });

  test('browses a category, searches in Russian (kept on reload), and pages on the server', async ({
    page,
    request,
  }) => {
    const locale = await openScreen(page, request, EMAIL, '/new-order');
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const main = page.getByRole('main');
    const cards = main.getByRole('article');

    // A category: the link is marked current, and the cards are that category's first page (popular first).
    await main.getByRole('link', { name: t('Perfumery'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]category=perfumery(&|$)/);
    await expect(main.getByRole('link', { name: t('Perfumery'), exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const perfumery = await shop.goods({ category: 'perfumery', page: 1, pageSize: 24 });
    const perfumeryNames = perfumery.items.map((product) => product.name[locale]);
    await expect(cards.getByRole('heading')).toHaveText(perfumeryNames);

    // A Russian search across all categories: the address keeps it, a reload keeps it.
    await main.getByRole('link', { name: t('All products'), exact: true }).click();
    await main.getByRole('searchbox').fill('помада');
    await expect(page).toHaveURL(/[?&]q=%D0%BF%D0%BE%D0%BC%D0%B0%D0%B4%D0%B0(&|$)/);
    const lipsticks = await shop.goods({ q: 'помада', page: 1, pageSize: 24 });
    expect(lipsticks.total).toBeGreaterThan(0);
    await expect(cards.getByRole('heading')).toHaveText(
      lipsticks.items.map((product) => product.name[locale]),
    );
    await page.reload();
    await expect(main.getByRole('searchbox')).toHaveValue('помада');
    await expect(cards).toHaveCount(lipsticks.items.length);

    // Pages: the second page is the server's second page; Back returns to the first.
    await page.goto('/new-order');
    const first = await shop.goods({ page: 1, pageSize: 24 });
    const second = await shop.goods({ page: 2, pageSize: 24 });
    await expect(cards.getByRole('heading')).toHaveText(first.items.map((product) => product.name[locale]));
    const pages = main.getByRole('navigation', { name: t('Pages') });
    await pages.getByRole('link', { name: t('Next page') }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(cards.getByRole('heading')).toHaveText(second.items.map((product) => product.name[locale]));
    await expect(pages.locator('[aria-current="page"]')).toHaveText(/2/);
    await page.goBack();
    await expect(cards.getByRole('heading')).toHaveText(first.items.map((product) => product.name[locale]));
  });

  test('adds a quantity to the bag and the header count follows', async ({ page, request }) => {
    const products = await shop.allProducts();
    const product = products.find((item) => item.stock >= 5);
    if (product === undefined) throw new Error('no product with stock');
    const locale = await openScreen(page, request, EMAIL, `/new-order?q=${product.sku}`);
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const bagLink = page.getByTestId('bag-link');
    await expect(bagLink).toBeVisible();
    await expect(page.getByTestId('bag-count')).toHaveCount(0);

    const card = cardOf(page, product, locale);
    const quantity = card.getByRole('spinbutton');
    await quantity.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(quantity).toHaveValue('3');
    await card.getByRole('button', { name: t('Add to bag') }).click();
    await expect(page.getByTestId('bag-count')).toHaveText('3');
    await expect(card.getByText(t('In your bag: {inBag}').replace('{inBag}', '3'))).toBeVisible();
    expect((await shop.cart()).items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 3 }),
    ]);

    // The count stays in step when the bag changes elsewhere and the app reads it again.
    await shop.setCart([{ productId: product.id, quantity: 1 }]);
    await page.reload();
    await expect(page.getByTestId('bag-count')).toHaveText('1');
  });

  test('an out-of-stock product cannot be added, and the card says why', async ({ page, request }) => {
    const products = await shop.allProducts();
    const empty = products.find((item: Product) => item.stock === 0);
    if (empty === undefined) throw new Error('the demo catalogue has no product out of stock');
    const locale = await openScreen(page, request, EMAIL, `/new-order?q=${empty.sku}`);
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const card = cardOf(page, empty, locale);
    await expect(card.getByText(t('Out of stock'), { exact: true })).toBeVisible();
    const add = card.getByRole('button', { name: t('Add to bag') });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(
      t('Out of stock: this product cannot be added to the bag.'),
    );
    await expect(card.getByRole('spinbutton')).toBeDisabled();
    // The server refuses it too.
    expect((await shop.addToCart(empty.id, 1, 'add')).status()).toBe(422);
    expect((await shop.cart()).items).toEqual([]);
  });

  test('a phone’s first screen shows at least four products, two a row', async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen(page, request, EMAIL, '/new-order');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.nth(3)).toBeAttached();
    const boxes = await cards.evaluateAll((elements) =>
      elements.slice(0, 4).map((element) => {
        const rect = element.getBoundingClientRect();
        return { top: rect.top, left: rect.left, width: rect.width };
      }),
    );
    // Their tops are on the first screen (the page not scrolled): the fourth's picture shows.
    for (const box of boxes) expect(box.top + 60).toBeLessThanOrEqual(844);
    // Two a row.
    expect(boxes[0]?.top).toBe(boxes[1]?.top);
    expect(boxes[1]?.left ?? 0).toBeGreaterThan((boxes[0]?.left ?? 0) + (boxes[0]?.width ?? 0) - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  for (const width of [1280, 320] as const) {
    test(`has no axe violations at ${width} px`, async ({ page, request, expectNoAxeViolations }) => {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
      await openScreen(page, request, EMAIL, '/new-order?category=makeup');
      await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
      await expectNoAxeViolations(page);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
    });
  }
});
