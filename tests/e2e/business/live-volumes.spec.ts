// Volumes follow orders live: when the warehouse completes a downline member's order, the sponsor's Main shows the
// new GV within 2 s, with no reload; and this month's bonus is explained line by line on Documents.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { API_PREFIX, bearer, cachedToken, expect, expectNoAxeViolations, test } from '../support/fixtures';
import { apiStatus, contextAs, createOrder, isTestDistributor } from '../warehouse/order-support';

type NetworkView = components['schemas']['NetworkView'];
type MyInfo = components['schemas']['MyInfo'];

const STAFF_OF: Record<number, string> = {
  1: 'warehouse@demo.test',
  2: 'sklad.balti@demo.test',
  3: 'sklad.cahul@demo.test',
};

async function get<T>(request: APIRequestContext, email: string, path: string): Promise<T> {
  const response = await request.get(`${API_PREFIX}${path}`, {
    headers: bearer(await cachedToken(request, email)),
  });
  expect(response.ok(), `${path}: HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function hasTestDistributorBelow(request: APIRequestContext, sponsor: string): Promise<boolean> {
  const page = await get<components['schemas']['NetworkNodePage']>(
    request,
    sponsor,
    '/users/my-network/search?q=%40demo.test&pageSize=100',
  );
  return page.total > 100 || page.items.some((member) => isTestDistributor(member.email));
}

/**
 * A sponsor two levels below partner@demo.test and one of their first line (neither used by the other browser
 * tests), chosen by worker so parallel workers never share a line.
 */
async function sponsorAndBuyer(request: APIRequestContext, worker: number) {
  const root = await get<NetworkView>(request, 'partner@demo.test', '/users/my-network');
  const pairs: { sponsor: string; buyer: string }[] = [];
  for (const leg of root.children.items) {
    if (leg.childrenCount === 0) continue;
    const node = await get<NetworkView>(request, 'partner@demo.test', `/users/my-network/${leg.id}`);
    for (const child of node.children.items) {
      if (child.childrenCount === 0 || isTestDistributor(child.email)) continue;
      const below = await get<NetworkView>(request, 'partner@demo.test', `/users/my-network/${child.id}`);
      const buyer = below.children.items.find((member) => !isTestDistributor(member.email));
      // No other browser test's distributor below the sponsor: nobody else moves this GV meanwhile.
      if (buyer === undefined || (await hasTestDistributorBelow(request, child.email))) continue;
      pairs.push({ sponsor: child.email, buyer: buyer.email });
      if (pairs.length > worker) return pairs[worker];
    }
  }
  throw new Error('no sponsor with a first line below partner@demo.test');
}

/** The GV the dashboard shows (its exact text: `data-field` holds it whether the figure is compact or not). */
const shownGv = (page: Page) => page.locator('[data-field="gv"]').first();

test("an upline member's Main shows the new GV within 2 s of the warehouse completing a downline order", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const pair = await sponsorAndBuyer(request, test.info().parallelIndex);
  if (pair === undefined) throw new Error('no pair');
  const { order } = await createOrder(request, pair.buyer, {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    quantities: [2, 1],
    productOffset: 20,
  });
  const staff = STAFF_OF[order.warehouse.id] ?? 'warehouse@demo.test';
  for (const status of ['checking', 'confirmed', 'prepared', 'ready'])
    await apiStatus(request, staff, order.id, status);
  await apiStatus(request, pair.buyer, order.id, 'delivery_requested');
  for (const status of ['delivery_processing', 'sent', 'in_delivery'])
    await apiStatus(request, staff, order.id, status);
  const received = await apiStatus(request, pair.buyer, order.id, 'received');
  expect(received.status).toBe('received');

  const page = await (await contextAs(browser, request, pair.sponsor)).newPage();
  const stream = page.waitForResponse(
    (response) => response.url().includes('/api/v3/events?') && response.status() === 200,
    {
      timeout: 20_000,
    },
  );
  await page.goto('/dashboard');
  await expect(shownGv(page)).toBeVisible({ timeout: 20_000 });
  await stream;
  const before = await get<MyInfo>(request, pair.sponsor, '/users/my-info');
  // The page speaks the sponsor's own language (whichever the demo gave them), and formats figures in it.
  const lang = await page.evaluate(() => document.documentElement.lang);
  const format = new Intl.NumberFormat(lang || 'ru', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  await expect(shownGv(page)).toHaveText(format.format(before.volumes.gv));

  const completedAt = Date.now();
  await apiStatus(request, staff, order.id, 'completed');
  const expected = Math.round((before.volumes.gv + order.points) * 100) / 100;
  await expect(shownGv(page)).toHaveText(format.format(expected), { timeout: 2000 });
  expect(Date.now() - completedAt).toBeLessThan(2500);
  const after = await get<MyInfo>(request, pair.sponsor, '/users/my-info');
  expect(after.volumes.gv).toBe(expected);
});

test("this month's bonus is explained line by line, with the orders behind each line", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const page = await (await contextAs(browser, request, 'partner@demo.test')).newPage();
  await page.goto('/dashboard');
  await page.locator('[data-action="bonus-explained"]').click();
  await expect(page).toHaveURL(/\/documents#bonus$/);
  const section = page.locator('[data-section="bonus-estimate"]');
  const lines = section.locator('[data-table="statement-lines"] tbody tr[data-line]');
  await expect(lines.first()).toBeVisible({ timeout: 20_000 });
  await expect(section.locator('[data-field="total"]')).not.toBeEmpty();
  const toggle = lines.nth(1).locator('[data-action="line-sources"]');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(section.locator('.bonus-source').first()).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);
  // Keyboard: the toggle closes the list again.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});
