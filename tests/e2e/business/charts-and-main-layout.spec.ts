// The charts' month labels never overlap, their tooltips give exact figures, and Main's
// card grid fills its rows with figures that never wrap. One page per language, the viewports looped inside it.
import type { components } from '#openapi/schema.d.ts';
import { expect, startSession, test } from '../support/fixtures';
import { apiGet, money, plain, points } from './business-support';
import { overlaps, showInLanguage, visibleBoxes } from './layout-support';

type ClosedStats = components['schemas']['ClosedStats'];
const PARTNER = 'partner@demo.test';

for (const lang of ['ru', 'en'] as const) {
  test(`/charts in ${lang}: month labels disjoint at 390, 1280 and 1680 px; exact figures on focus and hover`, async ({
    page,
    request,
  }) => {
    const token = await startSession(page, request, PARTNER);
    const stats = await apiGet<ClosedStats>(request, token, '/users/reports/closed-stats');
    await showInLanguage(page, lang);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/charts');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const charts = page.locator('[data-chart-name]');
    await expect(charts).toHaveCount(3);

    for (const width of [390, 1280, 1680]) {
      await page.setViewportSize({ width, height: 900 });
      for (const name of ['group', 'pv', 'bonus']) {
        const labels = page.locator(`[data-chart-name="${name}"] .uplot-month`);
        await expect(labels).toHaveCount(6);
        await expect
          .poll(async () => {
            const boxes = await visibleBoxes(labels);
            const clash = boxes.some((box, index) =>
              boxes.slice(index + 1).some((other) => overlaps(box, other)),
            );
            return { enough: boxes.length >= 3, clash };
          }, `${name} at ${width} px`)
          .toEqual({ enough: true, clash: false });
      }
    }
    // At 1680 px every month has its label.
    await expect(page.locator('[data-chart-name="group"] .uplot-month:not([hidden])')).toHaveCount(6);
    // The canvas draws its axis values in the brand's face, which is loaded.
    expect(await page.evaluate(() => document.fonts.check('12px "Open Sans"'))).toBe(true);

    // Keyboard: focus the bonus chart, walk to the first month, read its exact figure.
    const bonusChart = page.locator('[data-chart-name="bonus"] [role="slider"]');
    await bonusChart.focus();
    await page.keyboard.press('Home');
    const first = stats.months[0];
    if (first === undefined) throw new Error('no closed months');
    const tooltip = page.locator('[data-chart-name="bonus"] [data-tooltip]');
    await expect
      .poll(async () => plain(await tooltip.textContent()))
      .toContain(money(first.bonus, stats.currency, lang));
    // Screen readers hear the same figure as the slider's value text.
    await expect
      .poll(async () => plain(await bonusChart.getAttribute('aria-valuetext')))
      .toContain(money(first.bonus, stats.currency, lang));
    // Mouse: hovering the last PV bar shows that month's exact PV.
    const last = stats.months[5];
    if (last === undefined) throw new Error('no 6th closed month');
    const pvCanvas = page.locator('[data-chart-name="pv"] .u-over');
    const box = await pvCanvas.boundingBox();
    if (box === null) throw new Error('no PV plot');
    await page.mouse.move(box.x + box.width * (11 / 12), box.y + box.height / 2);
    await expect
      .poll(async () => plain(await page.locator('[data-chart-name="pv"] [data-tooltip]').textContent()))
      .toContain(points(last.pv, lang));
  });
}

test('Main fills every row of its card grid at 1280 and 1680 px and no figure wraps', async ({
  page,
  request,
}) => {
  await startSession(page, request, PARTNER);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard');
  await expect(page.locator('[data-table="closed-months"]')).toBeVisible();
  for (const width of [1280, 1680, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const rows = await page.locator('[data-card-grid] > div').evaluate((grid) => {
      const outer = grid.getBoundingClientRect();
      const byTop = new Map<number, { left: number; right: number }>();
      for (const card of grid.children) {
        const rect = card.getBoundingClientRect();
        if (rect.height === 0) continue;
        const top = Math.round(rect.top);
        const row = byTop.get(top) ?? { left: Infinity, right: -Infinity };
        byTop.set(top, { left: Math.min(row.left, rect.left), right: Math.max(row.right, rect.right) });
      }
      return [...byTop.values()].map((row) => ({
        gapLeft: Math.round(row.left - outer.left),
        gapRight: Math.round(outer.right - row.right),
      }));
    });
    expect(rows.length, `rows at ${width} px`).toBeGreaterThan(2);
    for (const row of rows) expect(row, `a row at ${width} px`).toEqual({ gapLeft: 0, gapRight: 0 });
    // Every figure is one line box: nothing wraps mid-number.
    const wrapped = await page
      .locator('.tabular-figure, .dash-facts dd, .dash-requirement__numbers')
      .evaluateAll(
        (figures) =>
          figures.filter(
            (figure) => figure.getClientRects().length > 1 || figure.getBoundingClientRect().height > 48,
          ).length,
      );
    expect(wrapped, `wrapped figures at ${width} px`).toBe(0);
  }
  // The countdown and the next rank lead the page, side by side on a wide screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  const countdown = await page.locator('[data-field="daysLeft"]').boundingBox();
  const nextRank = await page.locator('#dash-target').boundingBox();
  // On the first screen, below at most the short "Action needed" card (three orders) that comes first.
  expect((countdown?.y ?? 9999) + (countdown?.height ?? 0)).toBeLessThan(900);
  expect(Math.abs((nextRank?.y ?? 9999) - (countdown?.y ?? 0))).toBeLessThan(120);
});
