// The wishlist (/wishlist) in a real browser: products kept from the catalogue's heart, moved to the bag (the
// header count follows) or removed, the empty state, an out-of-stock product that cannot be moved, and axe.
// pw@demo.test's bag and wishlist are saved first and put back after.
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { cardOf, openScreen, ShopApi, WISHLIST_ACCOUNT, type Product } from './shopping-support';

const EMAIL = WISHLIST_ACCOUNT;

test.describe('the wishlist', () => {
  let restore: (() => Promise<void>) | null = null;
  let shop: ShopApi;
  let stocked: Product[];
  let empty: Product;

  test.beforeEach(async ({ page, request }) => {
    shop = await ShopApi.for(request, EMAIL);
    restore = await shop.snapshot();
    await shop.setCart([]);
    await shop.setWishlist([]);
    const products = await shop.allProducts();
    stocked = products.filter((product) => product.stock >= 10).slice(0, 2);
    const outOfStock = products.find((product) => product.stock === 0);
    if (stocked.length < 2 || outOfStock === undefined)
      throw new Error('the demo catalogue lacks test products');
    empty = outOfStock;
    await startSession(page, request, EMAIL);
  });

  test.afterEach(async () => {
    await restore?.();
  });

  test('keeps products from the catalogue, moves one to the bag and removes the other', async ({
    page,
    request,
  }) => {
    const [kept, moved] = stocked as [Product, Product];
    let locale = await openScreen(page, request, EMAIL, `/new-order?q=${kept.sku}`);
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const withName = (id: string, name: string) => t(id).replace(/\{(productName|name)\}/, name);
    for (const product of [kept, moved]) {
      await page.goto(`/new-order?q=${product.sku}`);
      const heart = cardOf(page, product, locale).getByRole('button', {
        name: withName('Wishlist: {productName}', product.name[locale]),
      });
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }
    expect((await shop.wishlist()).productIds).toEqual([moved.id, kept.id]);

    locale = await openScreen(page, request, EMAIL, '/wishlist');
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText([moved.name[locale], kept.name[locale]]);
    await expect(page.getByTestId('bag-count')).toHaveCount(0);

    await page.getByRole('button', { name: withName('Move to bag: {name}', moved.name[locale]) }).click();
    await expect(cards).toHaveCount(1);
    await expect(page.getByTestId('bag-count')).toHaveText('1');
    expect((await shop.cart()).items).toEqual([
      expect.objectContaining({ productId: moved.id, quantity: 1 }),
    ]);
    expect((await shop.wishlist()).productIds).toEqual([kept.id]);

    await page
      .getByRole('button', { name: withName('Remove from the wishlist: {name}', kept.name[locale]) })
      .click();
    await expect(page.getByRole('heading', { name: t('Your wishlist is empty') })).toBeVisible();
    expect((await shop.wishlist()).productIds).toEqual([]);
  });

  test('an out-of-stock product cannot be moved to the bag', async ({ page, request }) => {
    await shop.setWishlist([empty.id]);
    const locale = await openScreen(page, request, EMAIL, '/wishlist');
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const move = page.getByRole('button', {
      name: t('Move to bag: {name}').replace('{name}', empty.name[locale]),
    });
    await expect(move).toBeDisabled();
    await expect(move).toHaveAccessibleDescription(
      t('Out of stock: this product cannot be added to the bag.'),
    );
  });

  for (const width of [1280, 320] as const) {
    test(`has no axe violations at ${width} px, with items and empty`, async ({
      page,
      request,
      expectNoAxeViolations,
    }) => {
      await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
      await shop.setWishlist([stocked[0]?.id ?? empty.id, empty.id]);
      const locale = await openScreen(page, request, EMAIL, '/wishlist');
      const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
      await expect(page.getByRole('main').getByRole('article')).toHaveCount(2);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await shop.setWishlist([]);
      await page.reload();
      await expect(page.getByRole('heading', { name: t('Your wishlist is empty') })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
