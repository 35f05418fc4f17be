// The warehouse queue on a phone (390 × 844): work at once. The tab is one select with the counts, the sort one
// select, the page size and the filters fold behind "Filters (n)" beside the search, and the orders are compact
// cards: at least three on the first screen. All by keyboard, axe clean, nothing sideways at 320 px. A wide
// screen keeps its tabs and sortable headers.
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../support/fixtures';
import { WAREHOUSE_STAFF, contextAs } from './order-support';

interface ListPage {
  total: number;
  counts: Record<string, number>;
  items: Array<{ number: string }>;
}

test('a phone’s first screen shows at least three orders, the tab, sort and filters in compact controls', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const token = await cachedToken(request, WAREHOUSE_STAFF);
  const api = async (params: Record<string, string | number>): Promise<ListPage> =>
    (await (
      await request.get(`${API_PREFIX}/orders/get/list/warehouse`, { headers: bearer(token), params })
    ).json()) as ListPage;
  const completed = await api({ tab: 'completed', pageSize: 20 });
  expect(completed.total, 'the seed has completed orders to show').toBeGreaterThanOrEqual(3);

  const context = await contextAs(browser, request, WAREHOUSE_STAFF);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-orders-warehouse?tab=completed');
  const cards = page.locator('table tbody tr');
  await expect(cards.nth(2)).toBeVisible();
  await expect(page.locator('.warehouse-list__table')).not.toHaveAttribute('aria-busy', 'true');

  // Three whole orders on the first screen, the page not scrolled.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const bottoms = await cards.evaluateAll((rows) =>
    rows.slice(0, 3).map((row) => row.getBoundingClientRect().bottom),
  );
  for (const [index, bottom] of bottoms.entries())
    expect(bottom, `order ${index + 1} ends on the first screen`).toBeLessThanOrEqual(844);

  // The tabs give way to one select naming each tab with its count; the sortable headers to a sort select.
  await expect(page.getByRole('tablist')).toBeHidden();
  const status = page.getByRole('combobox', { name: tr('ru', 'Status') });
  await expect(status).toBeVisible();
  // Its count is the server's: other tests complete orders meanwhile, so it lies between a read before and one after.
  const checked = status.locator('option:checked');
  await expect(checked).toHaveText(new RegExp(`^${tr('ru', 'Completed')} \\(\\d+\\)$`));
  const shown = Number(/\((\d+)\)$/.exec((await checked.textContent()) ?? '')?.[1]);
  const after = (await api({ tab: 'completed', pageSize: 20 })).counts.completed ?? Number.NaN;
  const before = completed.counts.completed ?? Number.NaN;
  expect(shown).toBeGreaterThanOrEqual(Math.min(before, after));
  expect(shown).toBeLessThanOrEqual(Math.max(before, after));
  await expect(page.getByRole('columnheader', { name: tr('ru', 'Amount') })).toBeHidden();
  const sort = page.getByRole('combobox', { name: tr('ru', 'Sort') });
  await expect(sort.locator('option:checked')).toHaveText(
    tr('ru', '{name}, descending').replace('{name}', tr('ru', 'Date')),
  );

  // The filters and the page size are folded beside the search until asked for.
  const filters = page.getByRole('group', { name: tr('ru', 'Filters') });
  await expect(filters).toBeHidden();
  await expect(page.getByRole('combobox', { name: tr('ru', 'Orders per page') })).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: the sort select takes the amount, biggest first; the address keeps it.
  await sort.focus();
  await sort.selectOption('amount:desc');
  await expect(page).toHaveURL(/sort=amount&dir=desc/);
  const byAmount = await api({ tab: 'completed', sort: 'amount', dir: 'desc', pageSize: 20 });
  await expect(cards.first()).toContainText(byAmount.items[0]?.number ?? '?');
  // The status select moves to another tab with the arrow keys, as a select does.
  await status.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page).toHaveURL(/tab=/);
  await expect(page).not.toHaveURL(/tab=completed/);
  await expect(page).toHaveURL(/sort=amount&dir=desc/);
  // The Returns tab is one of its choices too (the tab row is hidden on a phone), and says so when open.
  await status.selectOption('returns');
  await expect(page).toHaveURL(/tab=returns/);
  await expect(status).toHaveValue('returns');
  // There the orders' sort, page size and filters have nothing to act on: hidden; the search stays.
  await expect(sort).toBeHidden();
  await expect(page.getByRole('combobox', { name: tr('ru', 'Orders per page') })).toBeHidden();
  await expect(page.getByRole('button', { name: new RegExp(`^${tr('ru', 'Filters')}`) })).toBeHidden();
  await expect(page.getByRole('search')).toBeVisible();
  await page.goto('/my-orders-warehouse?tab=completed');
  await expect(cards.nth(2)).toBeVisible();
  // "Filters (0)" opens the panel by keyboard.
  const toggle = page.getByRole('button', { name: tr('ru', 'Filters ({count})').replace('{count}', '0') });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(filters).toBeVisible();
  await filters.getByLabel(tr('ru', 'Payment method')).selectOption('card');
  await expect(page).toHaveURL(/payment=card/);
  await expect(
    page.getByRole('button', { name: tr('ru', 'Filters ({count})').replace('{count}', '1') }),
  ).toBeVisible();
  // The filtered rows, not the previous ones dimmed while they load.
  await expect(page.locator('.warehouse-list__table')).not.toHaveAttribute('aria-busy', 'true');
  await expectNoAxeViolations(page);

  // Nothing sideways at 320 px, the controls within the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(cards.first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const controlsOut = await page
    .locator('.warehouse-list select:visible, .warehouse-list button:visible')
    .evaluateAll(
      (elements) =>
        elements.filter((element) => {
          const box = element.getBoundingClientRect();
          return box.left < 0 || box.right > window.innerWidth;
        }).length,
    );
  expect(controlsOut, 'every control within 320 px').toBe(0);
  await expectNoAxeViolations(page);

  // A wide screen keeps the tabs and the sortable headers; the phone's selects are not there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('tablist')).toBeVisible();
  await expect(status).toBeHidden();
  await expect(page.getByRole('columnheader', { name: tr('ru', 'Amount') })).toBeVisible();
  await context.close();
});
