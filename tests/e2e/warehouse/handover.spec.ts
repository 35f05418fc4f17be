// The pickup handover code in the browser: the distributor's order page shows the code and its QR code; staff
// must type it in the hand-over dialog, which refuses a wrong code and hands the order over with the right one.
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import { handoverCodeOf, handoverDialog, typeHandoverCode, wrongCodeFor } from './handover-support';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  languageOf,
  createOrder,
  distributorFor,
  fetchOrder,
  myOrderPath,
  openOrder,
  warehouseOrderPath,
} from './order-support';

test('the handover code: shown to the distributor, refused when wrong, accepted when right', async ({
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
    productOffset: 2,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready']) {
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  }
  await apiStatus(request, distributor, order.id, 'pickup_requested');
  const code = await handoverCodeOf(request, distributor, order.id);

  // Each worker's distributor has their own stored language, which their pages use.
  const customerLang = await languageOf(request, distributor);
  const customer = await (await contextAs(browser, request, distributor)).newPage();
  await openOrder(customer, myOrderPath(order.id));
  const card = customer.getByRole('region', { name: tr(customerLang, 'Handover code') });
  await expect(card).toContainText(`${code.slice(0, 3)}\u2009${code.slice(3)}`);
  await expect(
    card.getByRole('img', {
      name: tr(customerLang, 'QR code of the handover code {code}').replace('{code}', code),
    }),
  ).toBeVisible();
  await expectNoAxeViolations(customer);

  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await openOrder(staff, warehouseOrderPath(order.id));
  await expect(staff.locator('[data-handover-code]')).toHaveCount(0);
  await staff.getByRole('button', { name: tr('ru', 'Hand over'), exact: true }).click();
  const dialog = handoverDialog(staff, order.number);
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('textbox', { name: tr('ru', 'Handover code (6 digits)') });
  await expect(field).toBeFocused();
  // No camera in this Chromium: the scan button is feature-detected away.
  await expect(dialog.getByRole('button', { name: tr('ru', 'Scan the QR code') })).toHaveCount(0);

  await typeHandoverCode(staff, order.number, code.slice(0, 4));
  await expect(dialog.getByRole('alert')).toHaveText(tr('ru', 'Enter all 6 digits of the handover code.'));
  await typeHandoverCode(staff, order.number, wrongCodeFor(code));
  await expect(dialog.getByRole('alert')).toHaveText(
    tr('ru', 'This is not the handover code of this order. Check it with the distributor.'),
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.locator('.order-detail')).toHaveAttribute('data-order-status', 'pickup_requested');
  await expectNoAxeViolations(staff);

  await typeHandoverCode(staff, order.number, code);
  await expect(staff.locator('.order-detail')).toHaveAttribute('data-order-status', 'received');
  await expect(dialog).toHaveCount(0);
});

test('a delivery order picked up instead: the distributor chooses the pickup point', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(60_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    quantities: [1],
    productOffset: 3,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready']) {
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  }
  const customerLang = await languageOf(request, distributor);
  const customer = await (await contextAs(browser, request, distributor)).newPage();
  await openOrder(customer, myOrderPath(order.id));
  const select = customer.getByRole('combobox', {
    name: tr(customerLang, 'Pickup point, if you pick the order up'),
  });
  // The warehouse's points arrive with the order parameters, a read of their own.
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  const values = await select
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(values.length).toBeGreaterThan(1);
  const chosen = values.at(-1) ?? '';
  await select.selectOption(chosen);
  await expectNoAxeViolations(customer);
  await customer.locator('[data-action="pickup.request"]').click();
  await expect(customer.locator('.order-detail')).toHaveAttribute('data-order-status', 'pickup_requested');
  const after = await fetchOrder(request, distributor, order.id);
  expect(after.pickupPoint?.id).toBe(Number(chosen));
  await expect(customer.locator('[data-handover-code]')).toHaveAttribute(
    'data-handover-code',
    after.handoverCode ?? '',
  );
});
