// Phone widths (docs/adr/0051-one-design-system.md): the screens not in business/phone-layout.spec.ts (my
// orders and an order, bag, wishlist, promotions, the warehouse queue and an order) fit a phone at 320 and
// 390 px with no element wider than the viewport and no page-level sideways scroll, and axe finds nothing
// there; the warehouse queue's filters open from a "Filters (n)" button on a phone.
import type { Page } from '@playwright/test';
import { widerThanViewport } from '../business/layout-support';
import { expect, startSession, test } from '../support/fixtures';
import { tr } from '../shell/shell-support';

const PARTNER_ROUTES = [
  '/my-orders',
  '/my-orders?tab=closed',
  '/shopping-bag',
  '/wishlist',
  '/promotions',
] as const;

/** The route is drawn: its main heading is there and nothing in <main> is still loading. */
async function settled(page: Page, route: string): Promise<void> {
  await page.goto(route);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** At 320 and at 390 px: nothing sticks out sideways and the page does not scroll sideways. */
async function expectFitsPhones(page: Page, route: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => widerThanViewport(page), `${route} at ${width} px`)
      .toEqual({ scroll: 0, elements: [] });
  }
}

test("the distributor's order, bag, wishlist and promotions screens fit 320 and 390 px, axe clean", async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 320, height: 800 });
  await startSession(page, request, 'partner@demo.test');
  for (const route of PARTNER_ROUTES) {
    await settled(page, route);
    await expectFitsPhones(page, route);
    await expectNoAxeViolations(page);
  }
  // An order's own page (its lines table) too.
  await settled(page, '/my-orders');
  await page.getByRole('main').locator('tbody tr th a').first().click();
  await expect(page).toHaveURL(/\/my-orders\/\d+$/);
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expectFitsPhones(page, 'an order of mine');
});

test('the warehouse queue fits 320 and 390 px, its filters behind a "Filters (n)" button', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await startSession(page, request, 'warehouse@demo.test');
  await settled(page, '/my-orders-warehouse?payment=cash');
  // One filter in effect: the button counts it; the panel stays closed until asked.
  const toggle = page.getByRole('button', { name: `${tr('ru', 'Filters')} (1)` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel(tr('ru', 'Payment method'))).toBeHidden();
  await expectFitsPhones(page, '/my-orders-warehouse');
  await page.setViewportSize({ width: 320, height: 800 });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel(tr('ru', 'Payment method'))).toBeVisible();
  await expectFitsPhones(page, '/my-orders-warehouse');
  await expectNoAxeViolations(page);
  // The order's own page (lines, history, actions) fits too.
  await page.locator('table tbody tr').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/my-orders-warehouse\/\d+$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expectFitsPhones(page, 'a warehouse order');
  await page.goBack();
  // A wide screen shows the filters as they were, without the button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(page.getByLabel(tr('ru', 'Payment method'))).toBeVisible();
});
