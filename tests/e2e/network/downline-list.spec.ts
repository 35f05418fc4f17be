// My Distributors as a list in Chromium: the rows the API gives for each search, sort and page, with the state in
// the URL, and axe on the screen.
import type { Page } from '@playwright/test';
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, expectFitsWidth, PARTNER, type NetworkNodePage } from './network-support';

const rows = (page: Page) => page.locator('table.data-table tbody tr');

/** The table shows exactly these distributors, in this order. */
async function expectRows(page: Page, expected: NetworkNodePage) {
  await expect(rows(page)).toHaveCount(expected.items.length);
  await expect(rows(page).locator('td:first-child a.data-table__primary')).toHaveText(
    expected.items.map((item) => item.fullName),
  );
}

test('the list searches, sorts and pages as the API does, and keeps it all in the URL', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(60_000);
  const token = await startSession(page, request, PARTNER);
  await page.goto('/my-distributers');

  const first = await apiGet<NetworkNodePage>(request, token, '/users/my-network/search?pageSize=20');
  await expectRows(page, first);
  await expect(page.getByRole('status').filter({ hasText: /\d/ })).toContainText(
    (await page.evaluate((n) => new Intl.NumberFormat('ru').format(n), first.total)).replace(/\s/g, '\u00a0'),
  );
  await expect(page.locator('th[aria-sort="descending"]')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Sort by PV: descending first, then ascending.
  const pvHeader = page.locator('th').filter({ has: page.getByRole('button', { name: /^PV/ }) });
  await pvHeader.getByRole('button').click();
  await expect(page).toHaveURL(/sort=pv/);
  await expect(pvHeader).toHaveAttribute('aria-sort', 'descending');
  await expectRows(
    page,
    await apiGet<NetworkNodePage>(request, token, '/users/my-network/search?pageSize=20&sort=pv&order=desc'),
  );
  await pvHeader.getByRole('button').click();
  await expect(pvHeader).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(
    page,
    await apiGet<NetworkNodePage>(request, token, '/users/my-network/search?pageSize=20&sort=pv&order=asc'),
  );

  // Sort by name (ascending first), then the next page.
  await page
    .locator('th')
    .getByRole('button', { name: new RegExp(`^${tr('ru', 'Name')}`) })
    .click();
  await expect(page).toHaveURL(/sort=name&order=asc/);
  await page.getByRole('button', { name: tr('ru', 'Next page') }).click();
  await expect(page).toHaveURL(/page=2/);
  await expectRows(
    page,
    await apiGet<NetworkNodePage>(
      request,
      token,
      '/users/my-network/search?pageSize=20&page=2&sort=name&order=asc',
    ),
  );

  // Search (debounced): back to page 1, the matches the API finds.
  const query = first.items[0]?.fullName.split(' ').at(-1) ?? '';
  await page.getByRole('searchbox', { name: tr('ru', 'Search distributors') }).fill(query);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query).replace(/%20/g, '(\\+|%20)')}`));
  await expect(page).not.toHaveURL(/page=2/);
  const found = await apiGet<NetworkNodePage>(
    request,
    token,
    `/users/my-network/search?pageSize=20&sort=name&order=asc&q=${encodeURIComponent(query)}`,
  );
  expect(found.total).toBeGreaterThan(0);
  await expectRows(page, found);

  // The URL alone brings the same list back.
  await page.reload();
  await expectRows(page, found);
  await expect(page.getByRole('searchbox')).toHaveValue(query);

  // Nobody matches: an empty state with a way out.
  await page.getByRole('searchbox').fill('zzzz-nobody-zzzz');
  await expect(page.getByRole('heading', { name: /zzzz-nobody-zzzz/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: tr('ru', 'Clear search') }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(rows(page)).toHaveCount(20);
});

test('the list and the tree fit a 320 px screen', async ({ page, request, expectNoAxeViolations }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await startSession(page, request, PARTNER);
  await page.goto('/my-distributers');
  await expect(rows(page)).toHaveCount(20);
  await expectFitsWidth(page, 320);
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: tr('ru', 'Tree') }).click();
  await expect(page.getByRole('tree').getByRole('treeitem').first()).toHaveAttribute('aria-expanded', 'true');
  await expectFitsWidth(page, 320);
  await expectNoAxeViolations(page);
});
