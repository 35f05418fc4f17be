// My Network's "who needs attention" filter lists what the API's filter answers.
import type { components } from '#openapi/schema.d.ts';
import { expect, startSession, test } from '../support/fixtures';
import { apiGet } from '../business/business-support';

type NetworkNodePage = components['schemas']['NetworkNodePage'];

test('the attention filter shows the members whose PV is below the active threshold, and no-order periods', async ({
  page,
  request,
}) => {
  const token = await startSession(page, request, 'partner@demo.test');
  // Without a chosen sort the list asks for network order (the maintained attention table's own order).
  const below = await apiGet<NetworkNodePage>(
    request,
    token,
    '/users/my-network/search?attention=below_active&pageSize=20',
  );
  const idle = await apiGet<NetworkNodePage>(
    request,
    token,
    '/users/my-network/search?attention=no_orders&periods=6&pageSize=20',
  );
  await page.goto('/my-distributers');
  await page.locator('[data-filter="attention"]').selectOption('below_active');
  await expect(page).toHaveURL(/attention=below_active/);
  await expect(page.locator('.downline__count')).toContainText(String(below.total));
  const names = page.locator('.data-table tbody .data-table__primary');
  await expect(names).toHaveCount(below.items.length);
  await expect(names.first()).toHaveText(below.items[0]?.fullName ?? '');
  // Network order: no column claims to sort the list until one is chosen.
  await expect(page.locator('.data-table th[aria-sort]')).toHaveCount(0);

  await page.locator('[data-filter="attention"]').selectOption('no_orders');
  await page.locator('[data-filter="periods"]').selectOption('6');
  await expect(page).toHaveURL(/periods=6/);
  if (idle.total === 0) await expect(page.getByRole('button', { name: /Показать всех/ })).toBeVisible();
  else await expect(names.first()).toHaveText(idle.items[0]?.fullName ?? '');
});
