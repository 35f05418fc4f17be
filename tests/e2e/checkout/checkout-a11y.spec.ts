// Keyboard-only checkout and axe (WCAG 2.0/2.1 A and AA) on the bag, every checkout step, the payment pages and
// /my-orders, as valentina.ursu@demo.test, a distributor of warehouse 1 no other test uses (checkout.spec.ts uses
// partner@demo.test's bag at the same time in another worker). Serial: the tests share this account's bag.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, startSession, test } from '../support/fixtures';
import {
  apiPlaceOrder,
  confirmByWarehouse,
  expectStep,
  fillBag,
  placedOrderId,
  checkoutOutcome,
  readOrder,
  textsOf,
} from './checkout-support';
import { CheckoutUi } from './checkout-ui';

test.describe.configure({ mode: 'serial' });

const ACCOUNT = 'valentina.ursu@demo.test';

test.beforeEach(async ({ page, request }) => {
  await fillBag(request, ACCOUNT);
  await startSession(page, request, ACCOUNT);
});

/** Presses Tab until `target` has the focus (or fails after `max` presses). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a whole checkout with the keyboard only', async ({ page, request }) => {
  const ui = await CheckoutUi.open(page, request, ACCOUNT);
  await tabTo(page, ui.button('Proceed to checkout'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'delivery');
  await expect(page.locator('#checkout-title')).toBeFocused();

  // Radios: Tab into the group, Space chooses, arrows move the choice.
  const delivery = page.locator('input[name="delivery-type"][value="delivery"]');
  const pickup = page.locator('input[name="delivery-type"][value="pickup"]');
  await tabTo(page, page.locator('input[name="delivery-type"]').first());
  await page.keyboard.press('Space');
  await expect(page.locator('input[name="delivery-type"]:checked')).toHaveCount(1);
  const firstIsPickup = await pickup.isChecked();
  await page.keyboard.press('ArrowDown');
  await expect(firstIsPickup ? delivery : pickup).toBeChecked();
  if (!(await pickup.isChecked())) await page.keyboard.press('ArrowUp');
  await expect(pickup).toBeChecked();
  await tabTo(page, ui.button('Continue'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'pickupPoint');

  await tabTo(page, page.locator('input[name="pickup-point"]').first());
  await page.keyboard.press('Space');
  await expect(page.locator('input[name="pickup-point"]').first()).toBeChecked();
  await tabTo(page, ui.button('Continue'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'comments');

  await tabTo(page, page.getByLabel(ui.t('Order comment (optional)')));
  await page.keyboard.type('Typed with the keyboard');
  await tabTo(page, ui.button('Continue'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'payment');

  await tabTo(page, page.locator('input[name="payment-method"]').first());
  await page.keyboard.press('Space');
  await expect(page.locator('input[name="payment-method"][value="cash"]')).toBeChecked();
  await tabTo(page, ui.button('Continue'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'review');

  await tabTo(page, ui.button('Place the order'));
  await page.keyboard.press('Enter');
  await expectStep(page, 'placed');
  const order = await readOrder(request, await placedOrderId(page), ACCOUNT);
  expect(order).toMatchObject({
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    comment: 'Typed with the keyboard',
  });
});

test('axe: the bag and every checkout step', async ({ page, request }) => {
  test.setTimeout(180_000); // a dozen full axe scans
  const ui = await CheckoutUi.open(page, request, ACCOUNT);
  await expect(page.getByTestId('volume-effect')).toBeVisible();
  await expectNoAxeViolations(page);

  await ui.start();
  await expectNoAxeViolations(page);
  await ui.chooseDelivery('delivery');
  await ui.next();
  await expectStep(page, 'address');
  await expectNoAxeViolations(page);
  await ui.button('Add a new address').click();
  await ui.button('Save the address').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await ui.button('Cancel').click();
  await ui.button('Back').click();
  await ui.chooseDelivery('pickup');
  await ui.next();
  await expectStep(page, 'pickupPoint');
  await expectNoAxeViolations(page);
  await ui.choosePickupPoint(0);
  await ui.next();
  await expectStep(page, 'comments');
  await expectNoAxeViolations(page);
  await ui.next();
  await expectStep(page, 'payment');
  await expectNoAxeViolations(page);
  // Card: the consent to the terms of sale, with its hint while it is not given.
  await ui.choosePayment('card');
  await expect(page.locator('input[name="accept-terms"]')).toBeVisible();
  await expectNoAxeViolations(page);
  await ui.choosePayment('cash');
  await ui.next();
  await expectStep(page, 'review');
  await expectNoAxeViolations(page);

  // The failure notice (the request never reaches the server here).
  await page.route('**/api/v3/orders/create', (route) => route.abort('connectionreset'));
  await ui.submit();
  await expectStep(page, 'failed');
  await expectNoAxeViolations(page);
  await page.unroute('**/api/v3/orders/create');
  await ui.button('Try again').click();
  await expectStep(page, 'placed');
  await expectNoAxeViolations(page);
});

test('axe: the payment pages and /my-orders', async ({ page, request }) => {
  const card = await confirmByWarehouse(request, (await apiPlaceOrder(request, 'card', ACCOUNT)).id);
  await page.goto(`/payment/cancel?orderId=${card.id}`);
  const t = await textsOf(page, request, ACCOUNT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('The order is not paid yet'));
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('Pay now') }).click();
  // The acquirer's checkout page (the local maib sandbox) passes axe too.
  await expect(page).toHaveURL(/\/maib-sandbox\/checkout\//);
  await expectNoAxeViolations(page);
  await checkoutOutcome(page, 'pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Payment successful'), {
    timeout: 20_000,
  });
  await expectNoAxeViolations(page);

  await page.goto('/my-orders');
  await expect(page.locator('.orders-list__table')).toBeVisible();
  await expectNoAxeViolations(page);
  for (const tab of ['Cancelled', 'Closed']) {
    await page.getByRole('tab', { name: t(tab) }).click();
    await expect(page.getByRole('tab', { name: t(tab) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.orders-list, .empty-state').first()).toBeVisible();
    await expectNoAxeViolations(page);
  }
});
