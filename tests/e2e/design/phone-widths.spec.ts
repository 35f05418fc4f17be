// Issue 14 point 6: every screen of the product fits a phone (320 and 390 px) with no element wider than the
// viewport and no page-level sideways scroll, and axe finds nothing there; the warehouse filters are a disclosure.
import type { Page } from '@playwright/test';
import { widerThanViewport } from '../business/layout-support';
import { expect, startSession, test } from '../support/fixtures';
import { tr } from '../shell/shell-support';

const PARTNER = 'partner@demo.test';
const WAREHOUSE = 'warehouse@demo.test';

/** The distributor's screens with tables or cards, and the warehouse's queue. */
const PARTNER_ROUTES = [
  '/dashboard',
  '/charts',
  '/my-distributers',
  '/client-base',
  '/documents',
  '/personal',
  '/my-orders',
  '/shopping-bag',
  '/wishlist',
  '/promotions',
] as const;
const WAREHOUSE_ROUTES = ['/my-orders-warehouse'] as const;

/** The route is drawn: its main heading is there and nothing in <main> is still loading. */
async function settled(page: Page, route: string): Promise<void> {
  await page.goto(route);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

async function expectFits(page: Page, route: string, width: number): Promise<void> {
  const overflow = await widerThanViewport(page);
  expect(overflow.elements, `${route} at ${width} px: elements wider than the viewport`).toEqual([]);
  expect(overflow.scroll, `${route} at ${width} px: sideways scroll of the page`).toBeLessThanOrEqual(0);
}

for (const width of [320, 390] as const) {
  test(`the distributor's screens fit ${width} px${width === 320 ? ', axe clean' : ''}`, async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await startSession(page, request, PARTNER);
    for (const route of PARTNER_ROUTES) {
      await settled(page, route);
      await expectFits(page, route, width);
      // axe once per screen (at the narrowest width): the same markup at 390 px.
      if (width === 320) await expectNoAxeViolations(page);
    }
  });

  test(`the warehouse queue fits ${width} px, its filters behind a "Filters (n)" button`, async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await startSession(page, request, WAREHOUSE);
    for (const route of WAREHOUSE_ROUTES) {
      await settled(page, `${route}?payment=cash`);
      const toggle = page.getByRole('button', { name: new RegExp(`^${tr('ru', 'Filters')} \\(1\\)`) });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await expectFits(page, route, width);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByLabel(tr('ru', 'Payment method'))).toBeVisible();
      await expectFits(page, route, width);
      if (width === 320) await expectNoAxeViolations(page);
    }
  });
}
