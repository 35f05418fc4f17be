// The client base in Chromium: the list (search, pages) and a client's page (contacts, orders with status and
// dates) against the API's data for partner@demo.test, and axe on both screens.
import type { Page } from '@playwright/test';
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, expectFitsWidth, PARTNER, type ClientDetail, type ClientPage } from './network-support';

const rows = (page: Page) => page.locator('table.data-table tbody tr');

async function expectRows(page: Page, expected: ClientPage) {
  await expect(rows(page)).toHaveCount(expected.items.length);
  await expect(rows(page).locator('td:first-child a')).toHaveText(
    expected.items.map((item) => item.fullName),
  );
}

test('the client list pages and searches as the API does', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, PARTNER);
  await page.goto('/client-base');
  const first = await apiGet<ClientPage>(request, token, '/users/clients?pageSize=20');
  expect(first.total).toBeGreaterThan(20);
  await expectRows(page, first);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: tr('ru', 'Next page') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectRows(page, await apiGet<ClientPage>(request, token, '/users/clients?pageSize=20&page=2'));

  const city = first.items.find((item) => item.city !== null)?.city ?? '';
  await page.getByRole('searchbox', { name: tr('ru', 'Search clients') }).fill(city);
  await expect(page).not.toHaveURL(/page=2/);
  const found = await apiGet<ClientPage>(
    request,
    token,
    `/users/clients?pageSize=20&q=${encodeURIComponent(city)}`,
  );
  expect(found.total).toBeGreaterThan(0);
  await expectRows(page, found);
});

test("a client's page shows who they are, how to reach them and their orders", async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, PARTNER);
  const all = await apiGet<ClientPage>(request, token, '/users/clients?pageSize=100');
  const buyer = all.items.find((item) => item.orderCount > 0);
  if (buyer === undefined) throw new Error('the demo data has a client with orders');
  const detail = await apiGet<ClientDetail>(request, token, `/users/clients/${buyer.id}`);

  await page.goto('/client-base');
  await page.getByRole('searchbox').fill(buyer.fullName);
  await page.getByRole('link', { name: buyer.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`/client-base/${buyer.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.fullName);
  if (detail.email !== null) {
    await expect(page.getByRole('link', { name: detail.email })).toHaveAttribute(
      'href',
      `mailto:${detail.email}`,
    );
  }
  if (detail.phone !== null) await expect(page.getByRole('link', { name: detail.phone })).toBeVisible();
  if (detail.city !== null) await expect(page.locator('.client-facts').first()).toContainText(detail.city);

  const orders = rows(page);
  await expect(orders).toHaveCount(detail.orders.length);
  for (const [index, order] of detail.orders.entries()) {
    const row = orders.nth(index);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/my-orders/${order.id}`);
    await expect(row.getByRole('link')).toContainText(order.number);
    await expect(row.locator('.status-badge')).toHaveAttribute('data-status', order.displayStatus);
    const placed = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(document.documentElement.lang, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(iso)),
      order.createdAt,
    );
    await expect(row.locator('td').nth(1)).toHaveText(placed);
  }
  const last = await page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(document.documentElement.lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(iso)),
    detail.lastOrderAt ?? '',
  );
  await expect(page.locator('section[aria-labelledby="client-summary"]')).toContainText(last);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await expectFitsWidth(page, 320);
  await expectNoAxeViolations(page);
});

test("another distributor's client is Not Found", async ({ page, request }) => {
  await startSession(page, request, PARTNER);
  await page.goto('/client-base/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Not Found'));
});
