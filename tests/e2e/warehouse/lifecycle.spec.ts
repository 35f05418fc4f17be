// The order lifecycle in the browser, person by person: warehouse staff on /my-orders-warehouse/{id} and the
// distributor on /my-orders/{id}, each in their own browser context, against real orders of the reference server.
import type { Page } from '@playwright/test';
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  contextAs,
  createOrder,
  distributorFor,
  fetchOrder,
  languageOf,
  myOrderPath,
  openOrder,
  submitCheckoutPage,
  warehouseOrderPath,
} from './order-support';
import { handoverCodeOf, typeHandoverCode } from './handover-support';

const detail = (page: Page) => page.locator('.order-detail');

/** Clicks the button of `action` and waits for the page to show `status`. */
async function step(page: Page, action: string, status: string): Promise<void> {
  await page.locator(`[data-action="${action}"]`).click();
  await expect(detail(page)).toHaveAttribute('data-order-status', status);
}

test.describe('warehouse and distributor step an order through its lifecycle', () => {
  test('full happy path of a cash pickup order, ending in 1C', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const distributor = distributorFor('e2e', test.info().parallelIndex);
    const { order } = await createOrder(request, distributor, {
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      quantities: [2, 1],
      productOffset: 1,
      comment: 'Pickup after 17:00',
    });
    const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
    const customer = await (await contextAs(browser, request, distributor)).newPage();

    await openOrder(staff, warehouseOrderPath(order.id));
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${order.number}`);
    await expect(staff.getByText('Pickup after 17:00', { exact: true }).first()).toBeVisible();
    await step(staff, 'check.start', 'checking');
    await step(staff, 'order.confirm', 'confirmed');
    await step(staff, 'order.prepare', 'prepared');
    await step(staff, 'order.markReady', 'ready');

    await openOrder(customer, myOrderPath(order.id));
    await expect(customer.locator('[data-action]')).toHaveCount(1);
    await step(customer, 'pickup.request', 'pickup_requested');

    await openOrder(staff, warehouseOrderPath(order.id));
    await typeHandoverCode(staff, order.number, await handoverCodeOf(request, distributor, order.id));
    await expect(detail(staff)).toHaveAttribute('data-order-status', 'received');
    await step(staff, 'order.complete', 'completed');
    await step(staff, 'order.sendTo1c', 'sent_to_1c');
    await expect(staff.getByRole('heading', { level: 1 }).locator('..')).toContainText(
      tr('ru', 'Handed to 1C'),
    );
    await expect(staff.locator('[data-action]')).toHaveCount(0);

    const final = await fetchOrder(request, distributor, order.id);
    expect(final.status).toBe('sent_to_1c');
    expect(final.history.map((entry) => entry.event)).toEqual([
      'CREATE',
      'SUBMIT',
      'START_CHECK',
      'CONFIRM',
      'PREPARE',
      'MARK_READY',
      'REQUEST_PICKUP',
      'HAND_OVER',
      'COMPLETE',
      'SEND_TO_1C',
    ]);
    await expect(staff.locator('.order-timeline li')).toHaveCount(final.history.length);
  });

  test('full happy path of a card delivery order: pay on maib’s page, deliver, confirm receipt', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const distributor = distributorFor('e2e', test.info().parallelIndex);
    const { order } = await createOrder(request, distributor, {
      paymentMethod: 'card',
      deliveryType: 'delivery',
      quantities: [1],
      productOffset: 2,
    });
    const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
    const customer = await (await contextAs(browser, request, distributor)).newPage();

    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'check.start', 'checking');
    await step(staff, 'order.confirm', 'confirmed');
    await expect(detail(staff)).toHaveAttribute('data-payment-state', 'need_pay');
    await expect(staff.locator('[data-action="order.prepare"]')).toHaveCount(0);
    await expect(
      staff.getByText(
        tr('ru', 'The card payment has not arrived yet: the order can be prepared once it is paid.'),
      ),
    ).toBeVisible();

    await openOrder(customer, myOrderPath(order.id));
    await customer.locator('[data-action="payment.pay"]').click();
    await submitCheckoutPage(customer, 'pay');
    await expect(customer).toHaveURL(
      new RegExp(`/payment/success\\?payId=[0-9a-f-]{36}&orderId=${order.id}`),
    );
    // The signed callback arrives by itself: the return page turns to Paid without a reload.
    await expect(customer.locator('.payment-result')).toHaveAttribute('data-result', 'paid', {
      timeout: 15_000,
    });
    await openOrder(customer, myOrderPath(order.id));
    await expect(detail(customer)).toHaveAttribute('data-payment-state', 'paid');

    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'order.prepare', 'prepared');
    await step(staff, 'order.markReady', 'ready');
    await openOrder(customer, myOrderPath(order.id));
    await step(customer, 'delivery.request', 'delivery_requested');
    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'delivery.process', 'delivery_processing');
    await step(staff, 'order.send', 'sent');
    await step(staff, 'delivery.outForDelivery', 'in_delivery');
    await openOrder(customer, myOrderPath(order.id));
    await step(customer, 'receipt.confirm', 'received');
    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'order.complete', 'completed');
    await step(staff, 'order.sendTo1c', 'sent_to_1c');
    const final = await fetchOrder(request, distributor, order.id);
    expect(final.paymentState).toBe('paid');
    expect(final.history.map((entry) => entry.event)).toContain('PAYMENT_PAID');
  });

  test('a partial confirmation accepted by the distributor, shown as before/after', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const distributor = distributorFor('e2e', test.info().parallelIndex);
    const lang = await languageOf(request, distributor);
    const { order, lineIds } = await createOrder(request, distributor, {
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      quantities: [3, 1],
      productOffset: 3,
    });
    const [first, second] = lineIds;
    const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'check.start', 'checking');
    await staff.locator('[data-action="order.confirmPartial"]').click();
    const editor = staff.locator('[data-form="partial"]');
    const amountAfter = editor.locator('[data-total="amount"]');
    const before = await amountAfter.textContent();
    // The shared stepper: − on the first line (3 → 2), typing 0 and Enter on the second.
    const firstRow = editor.locator(`tr[data-line-id="${first}"]`);
    await firstRow.locator('.quantity-stepper__button').first().click();
    await expect(firstRow.getByRole('spinbutton')).toHaveValue('2');
    const secondField = editor.locator(`tr[data-line-id="${second}"]`).getByRole('spinbutton');
    await secondField.fill('0');
    await secondField.press('Enter');
    await expect(secondField).toHaveValue('0');
    await expect(amountAfter).not.toHaveText(before ?? '');
    await expect(editor.locator('[data-total="items"]')).toHaveText('2');
    await editor.locator('textarea[name="note"]').fill('Only two left of the first product');
    await editor.locator('button[type="submit"]').click();
    await expect(detail(staff)).toHaveAttribute('data-order-status', 'awaiting_distributor');

    const customer = await (await contextAs(browser, request, distributor)).newPage();
    await openOrder(customer, myOrderPath(order.id));
    const comparison = customer.getByTestId('partial-comparison');
    await expect(comparison).toContainText('Only two left of the first product');
    await expect(comparison).toContainText(tr(lang, 'Removed'));
    await expect(comparison.locator('tr[data-change="reduced"]')).toHaveCount(1);
    await expect(comparison.locator('tr[data-change="removed"]')).toHaveCount(1);
    await expect(comparison.locator('[data-meets-threshold]')).toBeVisible();
    await step(customer, 'partial.accept', 'confirmed');
    await expect(comparison).toHaveCount(0);

    const final = await fetchOrder(request, distributor, order.id);
    expect(final.lines.map((line) => line.confirmedQuantity).sort()).toEqual([0, 2]);
    expect(final.history.map((entry) => entry.event).slice(-2)).toEqual(['CONFIRM_PARTIAL', 'ACCEPT']);
  });

  test('a partial confirmation rejected by the distributor with a reason', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const distributor = distributorFor('e2e', test.info().parallelIndex);
    const { order, lineIds } = await createOrder(request, distributor, {
      paymentMethod: 'card',
      deliveryType: 'pickup',
      quantities: [2],
      productOffset: 4,
    });
    const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
    await openOrder(staff, warehouseOrderPath(order.id));
    await step(staff, 'check.start', 'checking');
    await staff.locator('[data-action="order.confirmPartial"]').click();
    const editor = staff.locator('[data-form="partial"]');
    await editor.locator(`input[name="quantity-${lineIds[0]}"]`).fill('1');
    await editor.locator('textarea[name="note"]').fill('One unit is damaged');
    await editor.locator('button[type="submit"]').click();
    await expect(detail(staff)).toHaveAttribute('data-order-status', 'awaiting_distributor');

    const customer = await (await contextAs(browser, request, distributor)).newPage();
    await openOrder(customer, myOrderPath(order.id));
    await customer.locator('[data-action="partial.reject"]').click();
    await customer.locator('[data-form="reason"] textarea').fill('I need both units');
    await customer.locator('[data-form="reason"] button[type="submit"]').click();
    await expect(detail(customer)).toHaveAttribute('data-order-status', 'cancelled_by_distributor');

    await openOrder(staff, warehouseOrderPath(order.id));
    await expect(staff.locator('.order-fields').getByText('I need both units')).toBeVisible();
    await expect(staff.locator('[data-action]')).toHaveCount(0);
  });

  test('declining needs a comment, which the distributor then sees', async ({ browser, request }) => {
    test.setTimeout(90_000);
    const distributor = distributorFor('e2e', test.info().parallelIndex);
    const { order } = await createOrder(request, distributor, {
      paymentMethod: 'cash',
      deliveryType: 'pickup',
      quantities: [1],
      productOffset: 5,
    });
    const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
    await openOrder(staff, warehouseOrderPath(order.id));
    await staff.locator('[data-action="order.decline"]').click();
    const form = staff.locator('[data-form="reason"]');
    await expect(form.locator('textarea')).toBeFocused();
    await form.locator('button[type="submit"]').click();
    await expect(form.getByRole('alert')).toHaveText(
      tr('ru', 'Write the reason: the distributor will see it.'),
    );
    expect((await fetchOrder(request, distributor, order.id)).status).toBe('awaiting_warehouse');
    await form.locator('textarea').fill('The customer asked by phone to cancel');
    await form.locator('button[type="submit"]').click();
    await expect(detail(staff)).toHaveAttribute('data-order-status', 'cancelled_by_warehouse');

    const customer = await (await contextAs(browser, request, distributor)).newPage();
    await openOrder(customer, myOrderPath(order.id));
    await expect(customer.locator('.order-fields')).toContainText('The customer asked by phone to cancel');
    const final = await fetchOrder(request, distributor, order.id);
    expect(final.cancelReason).toBe('The customer asked by phone to cancel');
    expect(final.history.at(-1)?.event).toBe('DECLINE');
  });
});
