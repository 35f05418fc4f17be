import type { components } from '#openapi/schema.d.ts';
import { expect, test } from '../support/fixtures';
import { apiGet, expectText, money, points } from './business-support';

type ClosedStats = components['schemas']['ClosedStats'];

test('/charts: the charts and their table agree with GET /users/reports/closed-stats', async ({
  page,
  request,
  loginAs,
  apiLogin,
  expectNoAxeViolations,
}) => {
  const email = 'partner@demo.test';
  const stats = await apiGet<ClosedStats>(
    request,
    await apiLogin(request, email),
    '/users/reports/closed-stats',
  );
  expect(stats.months).toHaveLength(6);

  await loginAs(page, email);
  await page.goto('/charts');

  const rows = page.locator('[data-table="closed-stats"] tbody tr');
  await expect(rows).toHaveCount(6);
  for (const [index, month] of stats.months.entries()) {
    const row = rows.nth(index);
    await expect(row).toHaveAttribute('data-month', month.month);
    for (const key of ['pv', 'gv', 'pgv', 'cgv'] as const) {
      await expectText(row.locator(`[data-field="${key}"]`), points(month[key]));
    }
    await expectText(row.locator('[data-field="bonus"]'), money(month.bonus, stats.currency));
  }

  // What each chart plots is the same series as the table, in display units.
  const bonusChart = page.locator('[data-chart="bonus"]');
  await expect(bonusChart.locator('canvas')).toBeVisible();
  const plottedBonus = JSON.parse((await bonusChart.getAttribute('data-values')) ?? '[]') as number[];
  expect(plottedBonus).toEqual(stats.months.map((month) => month.bonus / 100));
  const volumesChart = page.locator('[data-chart="group"]');
  await expect(volumesChart.locator('canvas')).toBeVisible();
  const plotted = JSON.parse((await volumesChart.getAttribute('data-values')) ?? '[]') as Array<{
    key: 'gv' | 'pgv';
    values: number[];
  }>;
  expect(plotted.map((series) => series.key).sort()).toEqual(['gv', 'pgv']);
  for (const series of plotted) expect(series.values).toEqual(stats.months.map((month) => month[series.key]));
  // PV has a chart of its own.
  const pvChart = page.locator('[data-chart="pv"]');
  expect(JSON.parse((await pvChart.getAttribute('data-values')) ?? '[]')).toEqual(
    stats.months.map((month) => month.pv),
  );

  // Screen readers get a summary of each picture and the table with a caption and header cells.
  await expect(page.getByRole('slider').filter({ has: page.locator('canvas') })).toHaveCount(3);
  for (const chart of [bonusChart, volumesChart, pvChart])
    expect((await chart.locator('[role="slider"]').getAttribute('aria-label'))?.length).toBeGreaterThan(40);
  await expect(page.locator('[data-table="closed-stats"] caption')).not.toBeEmpty();
  await expect(page.locator('[data-table="closed-stats"] th[scope="row"]')).toHaveCount(6);

  await expectNoAxeViolations(page);
});
