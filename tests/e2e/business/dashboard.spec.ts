import type { components } from '#openapi/schema.d.ts';
import { expect, test } from '../support/fixtures';
import { apiGet, expectText, money, plain, points } from './business-support';

type Me = components['schemas']['Me'];
type MyInfo = components['schemas']['MyInfo'];
type MyTarget = components['schemas']['MyTarget'];
type Warehouse = components['schemas']['Warehouse'];

// partner@demo.test reads (never writes) its figures; numbers are formatted in its interface language.
const PARTNER = 'partner@demo.test';

test.describe('Main (/dashboard)', () => {
  test('shows the figures of GET /users/my-info and /users/my-target', async ({
    page,
    request,
    loginAs,
    apiLogin,
    expectNoAxeViolations,
  }) => {
    const token = await apiLogin(request, PARTNER);
    const info = await apiGet<MyInfo>(request, token, '/users/my-info');
    const target = await apiGet<MyTarget>(request, token, '/users/my-target');
    const { lang } = await apiGet<Me>(request, token, '/users/me');

    await loginAs(page, PARTNER);
    await page.goto('/dashboard');
    await expect(page.locator('[data-field="prn"]')).toHaveText(info.prn);

    for (const key of ['pv', 'gv', 'cgv', 'pgv'] as const) {
      await expectText(page.locator(`[data-field="${key}"]`), points(info.volumes[key], lang));
    }
    await expectText(
      page.locator('[data-field="bonusCurrentMonth"]'),
      money(info.bonuses.currentMonth, info.bonuses.currency, lang),
    );
    await expectText(
      page.locator('[data-field="bonusLast11Months"]'),
      money(info.bonuses.last11Months, info.bonuses.currency, lang),
    );
    await expect(page.locator('[data-field="daysLeft"]')).toContainText(
      info.period.daysLeft === 0 ? '' : String(info.period.daysLeft),
    );
    await expect(page.locator('[data-field="pvPositive"]')).toHaveAttribute(
      'data-achieved',
      String(info.pickupThresholds.pvPositive),
    );
    await expect(page.locator('[data-field="pvAtLeast25"]')).toHaveAttribute(
      'data-achieved',
      String(info.pickupThresholds.pvAtLeast25),
    );
    for (const qualification of info.qualifications) {
      const item = page.locator(`[data-qualification="${qualification.code}"]`);
      await expect(item).toContainText(qualification.name[lang]);
      await expect(item).toHaveAttribute('data-achieved', String(qualification.achieved));
    }

    const rows = page.locator('[data-table="closed-months"] tbody tr');
    await expect(rows).toHaveCount(info.closedMonths.length);
    for (const [index, month] of info.closedMonths.entries()) {
      const cells = rows.nth(index).locator('td');
      await expect(rows.nth(index)).toHaveAttribute('data-month', month.month);
      await expectText(cells.nth(0), points(month.pv, lang));
      await expectText(cells.nth(1), points(month.gv, lang));
      await expectText(cells.nth(2), money(month.bonus, info.bonuses.currency, lang));
    }

    for (const requirement of target.requirements) {
      const row = page.locator(`[data-requirement="${requirement.code}"]`);
      await expect(row).toContainText(requirement.label[lang]);
      const numbers = plain(await row.textContent());
      expect(numbers).toContain(points(requirement.actual, lang));
      expect(numbers).toContain(points(requirement.required, lang));
      if (requirement.missing > 0) expect(numbers).toContain(points(requirement.missing, lang));
    }

    await expectNoAxeViolations(page);
  });

  test('a warehouse-only account sees its warehouse and never calls the distributor APIs', async ({
    page,
    request,
    loginAs,
    apiLogin,
    expectNoAxeViolations,
  }) => {
    const email = 'warehouse@demo.test';
    const warehouse = await apiGet<Warehouse>(request, await apiLogin(request, email), '/users/my-warehouse');
    const partnerCalls: string[] = [];
    page.on('request', (call) => {
      if (/\/api\/v3\/users\/(my-info|my-target|reports\/closed-stats)/.test(call.url()))
        partnerCalls.push(call.url());
    });

    await loginAs(page, email);
    await page.goto('/dashboard');
    await expect(page.locator('[data-field="warehouseName"]')).toHaveText(warehouse.name);
    await page.locator(`a[href="/my-orders-warehouse"]`).filter({ hasText: /./ }).last().click();
    await expect(page).toHaveURL(/\/my-orders-warehouse$/);
    await page.goBack();
    await expect(page.locator('[data-field="warehouseName"]')).toBeVisible();
    await expectNoAxeViolations(page);
    expect(partnerCalls).toEqual([]);
  });
});
