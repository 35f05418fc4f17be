// The warehouse order list (tabs with counts, server paging, search, empty state) and axe on the order screens.
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  myOrderPath,
  openOrder,
  warehouseOrderPath,
} from './order-support';

interface Page {
  total: number;
  counts: Record<string, number>;
  items: Array<{ number: string }>;
}

test('the list shows each tab with its count, pages on the server and searches by number', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 9,
  });
  const page = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await page.goto('/my-orders-warehouse?tab=completed');
  const tabs = page.getByRole('tablist');
  // The lifecycle's eight tabs and the Returns tab.
  await expect(tabs.getByRole('tab')).toHaveCount(9);
  const token = await cachedToken(request, WAREHOUSE_STAFF);
  const completed = (await (
    await request.get(`${API_PREFIX}/orders/get/list/warehouse`, {
      headers: bearer(token),
      params: { tab: 'completed', pageSize: 20 },
    })
  ).json()) as Page;
  await expect(page.getByRole('tab', { selected: true })).toContainText(`(${completed.counts.completed})`);
  await expect(page.locator('table tbody tr')).toHaveCount(Math.min(20, completed.total));
  expect(completed.total).toBeGreaterThan(20);
  await expect(page.locator('table tbody tr').first()).toContainText(completed.items[0]?.number ?? '?');
  await page.getByRole('button', { name: tr('ru', 'Next page') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(new RegExp(`^Страница 2 из ${Math.ceil(completed.total / 20)}`))).toBeVisible();

  // Arrow keys move between tabs (Radix), and a tab is loaded from the server.
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tab', { selected: true })).toContainText(tr('ru', 'New'));
  await expect(page).not.toHaveURL(/tab=/);
  await page.getByRole('searchbox').fill(order.number);
  await page.getByRole('button', { name: tr('ru', 'Search') }).click();
  // The search matches order numbers and customers (a PRN such as MD1000215 contains 000215): every row shown
  // matches, and the order is among them.
  await expect(page.locator('table tbody tr').getByRole('link', { name: order.number })).toBeVisible();
  await expect(page.locator('table tbody tr').filter({ hasNotText: order.number })).toHaveCount(0);
  await page.locator('table tbody tr').getByRole('link', { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders-warehouse/${order.id}$`));

  await page.goto('/my-orders-warehouse?q=zzzz-no-such-customer');
  await expect(page.getByRole('heading', { name: tr('ru', 'Nothing found') })).toBeVisible();
});

test('axe finds nothing on the warehouse list, the warehouse order page with the editor, and the distributor page', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(120_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'delivery',
    quantities: [2, 1],
    productOffset: 10,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await staff.goto('/my-orders-warehouse');
  await expect(staff.locator('table tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(staff);

  await openOrder(staff, warehouseOrderPath(order.id));
  await expectNoAxeViolations(staff);
  await staff.locator('[data-action="order.confirmPartial"]').click();
  await expect(staff.locator('[data-form="partial"]')).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.locator(`[data-form="partial"] input`).first().fill('1');
  await staff.locator('[data-form="partial"] textarea[name="note"]').fill('One left');
  await staff.locator('[data-form="partial"] button[type="submit"]').click();
  await expect(staff.locator('.order-detail')).toHaveAttribute('data-order-status', 'awaiting_distributor');

  const customer = await (await contextAs(browser, request, distributor)).newPage();
  await openOrder(customer, myOrderPath(order.id));
  await expect(customer.getByTestId('partial-comparison')).toBeVisible();
  await expectNoAxeViolations(customer);
  await customer.setViewportSize({ width: 320, height: 800 });
  await expectNoAxeViolations(customer);
  const overflow = await customer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no page-wide horizontal scroll at 320 px').toBeLessThanOrEqual(0);
});
