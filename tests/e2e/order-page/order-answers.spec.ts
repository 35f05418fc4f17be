// Issue 10 point 2: every action on the order page answers (toast naming the order, focus on the status heading,
// a polite live region, "Next order in this tab" for staff), and the destructive ones ask first in a dialog that
// names the order, drawn in the error colour #BB0D44.
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  contextAs,
  createOrder,
  distributorFor,
  fetchOrder,
  openOrder,
  warehouseOrderPath,
} from '../warehouse/order-support';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

test('confirming answers with a toast, focus on the status heading, a live region and the next order', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1, 1],
    productOffset: 3,
  });
  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await openOrder(staff, warehouseOrderPath(order.id));
  const header = staff.getByRole('region', { name: tr('ru', 'Waiting for warehouse confirmation') });
  await header.getByRole('button', { name: tr('ru', 'Start checking') }).click();
  const heading = staff.getByRole('heading', { level: 2, name: tr('ru', 'Checking availability') });
  await expect(heading).toBeFocused();

  await staff
    .getByRole('region', { name: tr('ru', 'Checking availability') })
    .getByRole('button', { name: tr('ru', 'Confirm'), exact: true })
    .click();
  const said = fill(tr('ru', 'Order {number} confirmed'), { number: order.number });
  await expect(
    staff.getByRole('heading', { level: 2, name: tr('ru', 'Availability confirmed') }),
  ).toBeFocused();
  await expect(staff.getByRole('alert').filter({ hasText: said })).toBeVisible();
  await expect(staff.locator('[data-answer]')).toHaveText(said);
  await expect(staff.locator('[data-answer]')).toHaveAttribute('aria-live', 'polite');
  const next = staff.getByRole('link', { name: tr('ru', 'Next order in this tab') });
  const none = staff.locator('[data-next-order="none"]');
  await expect(next.or(none)).toBeVisible();
  if (await next.isVisible()) {
    const target = Number(await next.getAttribute('data-next-order'));
    expect(target).not.toBe(order.id);
    const other = await fetchOrder(request, WAREHOUSE_STAFF, target);
    expect(['checking', 'confirmed', 'prepared']).toContain(other.status);
  }
  expect((await fetchOrder(request, distributor, order.id)).status).toBe('confirmed');
  await expectNoAxeViolations(staff);
});

test('declining asks first in a dialog that names the order, in the error colour', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 4,
  });
  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await openOrder(staff, warehouseOrderPath(order.id));
  const decline = staff.getByRole('button', { name: tr('ru', 'Decline'), exact: true });
  await expect(decline).toHaveCSS('color', 'rgb(187, 13, 68)');
  await decline.click();
  const dialogName = fill(tr('ru', '{0}: order {number}?'), {
    0: tr('ru', 'Decline the order'),
    number: order.number,
  });
  const dialog = staff.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await fetchOrder(request, distributor, order.id)).status).toBe('awaiting_warehouse');

  await decline.click();
  await dialog.getByRole('textbox').fill('Customer asked by phone');
  const confirm = dialog.getByRole('button', { name: tr('ru', 'Decline the order') });
  await expect(confirm).toHaveCSS('background-color', 'rgb(187, 13, 68)');
  await confirm.click();
  await expect(dialog).toBeHidden();
  const said = fill(tr('ru', 'Order {number} declined'), { number: order.number });
  await expect(staff.getByRole('alert').filter({ hasText: said })).toBeVisible();
  await expect(
    staff.getByRole('heading', { level: 2, name: tr('ru', 'Cancelled by the warehouse') }),
  ).toBeFocused();
  expect((await fetchOrder(request, distributor, order.id)).status).toBe('cancelled_by_warehouse');
});
