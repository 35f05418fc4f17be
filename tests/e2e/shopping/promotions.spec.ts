// 'Promotions and Ratings' (/promotions) in a real browser: the promoted products with the catalogue's actions, the
// ratings beside them for a distributor (their network's leaders by PV and their own place, as GET /goods/ratings
// answers), none for a USER (who may not call it: the page never asks), and axe at two widths.
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { cardOf, openScreen, ShopApi } from './shopping-support';

const PARTNER = 'partner@demo.test';
const USER = 'user@demo.test';

test('a distributor sees the promotions and, beside them, the leaders and their own place', async ({
  page,
  request,
}) => {
  const shop = await ShopApi.for(request, PARTNER);
  await startSession(page, request, PARTNER);
  const locale = await openScreen(page, request, PARTNER, '/promotions');
  const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
  const promotions = await shop.promotions();
  expect(promotions.length).toBeGreaterThan(0);
  const offers = page.getByRole('list', { name: t('Promoted products') });
  await expect(offers.getByRole('article').getByRole('heading')).toHaveText(
    promotions.map((product) => product.name[locale]),
  );
  // Every promoted card shows the old price struck through.
  await expect(offers.locator('s')).toHaveCount(promotions.length);

  const ratings = await shop.ratings();
  const panel = page.getByRole('region', { name: t('Ratings') });
  await expect(
    panel.getByText(t('Your place: {myPlace}').replace('{myPlace}', String(ratings.me.place))),
  ).toBeVisible();
  const table = panel.getByRole('table');
  const names = ratings.items.map((entry) => entry.fullName);
  if (!ratings.items.some((entry) => entry.isMe)) names.push(ratings.me.fullName);
  await expect(table.locator('tbody th')).toHaveText(names.map((name) => new RegExp(`^${name}`)));
});

test('a USER sees only the promotions, never asks for ratings, and can keep one in the wishlist', async ({
  page,
  request,
}) => {
  const shop = await ShopApi.for(request, USER);
  // Only the wishlist: catalogue.spec.ts empties and fills this account's bag, maybe at the same time in another
  // worker; putting back a copy of the bag taken here would put its lines back in the middle of its tests.
  const restore = await shop.snapshot(['wishlist']);
  try {
    await shop.setWishlist([]);
    const ratingCalls: string[] = [];
    page.on('request', (call) => {
      if (call.url().includes('/api/v3/goods/ratings')) ratingCalls.push(call.url());
    });
    await startSession(page, request, USER);
    const locale = await openScreen(page, request, USER, '/promotions');
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    const [first] = await shop.promotions();
    if (first === undefined) throw new Error('no promotions in the demo data');
    const card = cardOf(page, first, locale);
    await expect(card).toBeVisible();
    await expect(page.getByRole('region', { name: t('Ratings') })).toHaveCount(0);

    const heart = card.getByRole('button', {
      name: t('Wishlist: {productName}').replace('{productName}', first.name[locale]),
    });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect((await shop.wishlist()).productIds).toContain(first.id);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect((await shop.wishlist()).productIds).not.toContain(first.id);
    expect(ratingCalls).toEqual([]);
  } finally {
    await restore();
  }
});

for (const width of [1280, 320] as const) {
  test(`has no axe violations at ${width} px (with ratings)`, async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width, height: width === 320 ? 640 : 800 });
    await startSession(page, request, PARTNER);
    const locale = await openScreen(page, request, PARTNER, '/promotions');
    const t = (id: string) => (locale === 'en' ? id : tr(locale, id));
    await expect(page.getByRole('region', { name: t('Ratings') }).getByRole('table')).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
  });
}
