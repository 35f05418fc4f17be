// The guided checkout in Chromium against the reference server, as partner@demo.test (its bag is filled through
// the API at the start of every test). Serial: the tests share that one bag.
import { randomUUID } from 'node:crypto';
import { expect, startSession, test } from '../support/fixtures';
import {
  apiPlaceOrder,
  confirmByWarehouse,
  countOrders,
  expectStep,
  fillBag,
  newestOrders,
  PARTNER,
  placedOrderId,
  checkoutOutcome,
  readCart,
  readOrder,
  textsOf,
  UNCONFIRMED,
} from './checkout-support';
import { CheckoutUi } from './checkout-ui';

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page, request }) => {
  await fillBag(request);
  await startSession(page, request, PARTNER);
});

test('pickup + cash: the order is placed, the bag emptied and the header count follows', async ({
  page,
  request,
}) => {
  const before = await countOrders(request);
  const ui = await CheckoutUi.open(page, request);
  const comment = `pickup ${randomUUID()}`;
  await ui.toReview({ deliveryType: 'pickup', paymentMethod: 'cash', comment, pickupPoint: 0 });
  await ui.submit();
  await expectStep(page, 'placed');
  await expect(page.getByTestId('order-placed')).toContainText(
    ui.t('The warehouse checks the order and prepares it; you can follow it in your orders.'),
  );
  const id = await placedOrderId(page);
  const order = await readOrder(request, id);
  expect(order).toMatchObject({
    deliveryType: 'pickup',
    paymentMethod: 'cash',
    paymentState: 'not_required',
    comment,
  });
  expect(order.pickupPoint).not.toBeNull();
  expect(order.deliveryAddress).toBeNull();
  expect(await countOrders(request)).toBe(before + 1);
  expect((await readCart(request)).items).toEqual([]);
  await expect(page.locator('.bag-lines')).toHaveCount(0);
});

test('delivery + card: placed, confirmed by the warehouse, paid; the success page reads the paid state', async ({
  page,
  request,
}) => {
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({
    deliveryType: 'delivery',
    paymentMethod: 'card',
    courierComment: 'Call before',
    comment: 'Card order',
  });
  await ui.submit();
  await expectStep(page, 'placed');
  // The amount of a card order is due once the warehouse confirms it (docs/adr/0021-card-payment.md).
  await expect(page.getByTestId('order-placed')).toContainText(
    ui.t(
      'The warehouse checks the order first; once it confirms the amount you can pay by card from the order.',
    ),
  );
  const id = await placedOrderId(page);
  const placed = await readOrder(request, id);
  expect(placed).toMatchObject({
    deliveryType: 'delivery',
    paymentMethod: 'card',
    courierComment: 'Call before',
  });
  expect(placed.deliveryAddress).not.toBeNull();
  await confirmByWarehouse(request, id);

  await page.goto('/my-orders');
  const row = page.locator(`tr[data-order-id="${id}"]`);
  // The distributor's status (displayStatus need_pay), shown as the translated 'Need pay'.
  await expect(row.locator('[data-display-status="need_pay"]')).toBeVisible();
  await row.getByRole('button', { name: new RegExp(ui.t('Pay')) }).click();
  await checkoutOutcome(page, 'pay');
  await expect(page).toHaveURL(new RegExp(`/payment/success\\?payId=[0-9a-f-]{36}&orderId=${id}$`));
  // Back from the acquirer's page, the order turns Paid when the signed callback lands: no reload.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.t('Payment successful'), {
    timeout: 20_000,
  });
  const paid = await readOrder(request, id);
  expect(paid.paymentState).toBe('paid');
  expect(paid.displayStatus).toBe('paid');
});

test('delivery + card: a cancelled payment, then one the bank declines, then a retry that pays', async ({
  page,
  request,
}) => {
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({ deliveryType: 'delivery', paymentMethod: 'card' });
  await ui.submit();
  await expectStep(page, 'placed');
  const id = await placedOrderId(page);
  await confirmByWarehouse(request, id);

  await page.goto('/my-orders');
  await page
    .locator(`tr[data-order-id="${id}"]`)
    .getByRole('button', { name: new RegExp(ui.t('Pay')) })
    .click();
  await checkoutOutcome(page, 'cancel');
  await expect(page).toHaveURL(new RegExp(`/payment/cancel\\?payId=[0-9a-f-]{36}&orderId=${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.t('The order is not paid yet'));
  expect((await readOrder(request, id)).paymentState).toBe('need_pay');

  await ui.button('Pay now').click();
  await checkoutOutcome(page, 'decline');
  await expect(page).toHaveURL(/\/payment\/cancel\?/);
  // The bank's decline arrives by its signed callback: the page turns to Pay failed by itself.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.t('Payment failed'), {
    timeout: 20_000,
  });
  expect((await readOrder(request, id)).paymentState).toBe('pay_failed');

  await ui.button('Retry payment').click();
  await checkoutOutcome(page, 'pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui.t('Payment successful'), {
    timeout: 20_000,
  });
  expect((await readOrder(request, id)).paymentState).toBe('paid');
});

test('the payment pages trust the server, not the URL', async ({ page, request }) => {
  const cash = await apiPlaceOrder(request, 'cash');
  await page.goto(`/payment/success?orderId=${cash.id}`);
  const t = await textsOf(page, request);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('No payment is due now'));
  await expect(page.getByRole('button', { name: t('Pay now') })).toHaveCount(0);

  await fillBag(request);
  const card = await confirmByWarehouse(request, (await apiPlaceOrder(request, 'card')).id);
  await page.goto(`/payment/success?orderId=${card.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('The order is not paid yet'));
  await expect(page.getByRole('button', { name: t('Pay now') })).toBeVisible();
  await page.getByRole('link', { name: t('View the order') }).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders/${card.id}$`));
});

test('a new address added during checkout is saved, chosen and used by the order', async ({
  page,
  request,
}) => {
  const ui = await CheckoutUi.open(page, request);
  await ui.start();
  await ui.chooseDelivery('delivery');
  await ui.next();
  await expectStep(page, 'address');
  await ui.button('Add a new address').click();
  const street = `Test street ${randomUUID().slice(0, 8)}`;
  // Validation: an empty form is refused in place.
  await ui.button('Save the address').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await page.getByLabel(ui.t('Post index'), { exact: true }).fill('md-3900');
  await page.getByLabel(ui.t('City'), { exact: true }).fill('Cahul');
  await page.getByLabel(ui.t('Street'), { exact: true }).fill(street);
  await page.getByLabel(ui.t('House'), { exact: true }).fill('7A');
  await ui.button('Save the address').click();
  const chosen = page.getByRole('radio', { name: new RegExp(street) });
  await expect(chosen).toBeChecked();
  await ui.next();
  await expectStep(page, 'comments');
  await ui.next();
  await ui.choosePayment('cash');
  await ui.next();
  await expect(page.locator('.review')).toContainText(street);
  await ui.submit();
  await expectStep(page, 'placed');
  const order = await readOrder(request, await placedOrderId(page));
  expect(order.deliveryAddress).toMatchObject({ postIndex: 'MD-3900', city: 'Cahul', street, house: '7A' });
});

test('the review edits one part and returns to the review', async ({ page, request }) => {
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({ deliveryType: 'delivery', paymentMethod: 'cash' });
  await page.getByRole('button', { name: new RegExp(ui.t('the payment method')) }).click();
  await expectStep(page, 'payment');
  await ui.choosePayment('card');
  // Switching to card asks for the consent to the terms of sale before the review takes it.
  await expect(ui.button('Save and return to the review')).toBeDisabled();
  await page.locator('input[name="accept-terms"]').check();
  await ui.button('Save and return to the review').click();
  await expectStep(page, 'review');
  await expect(page.locator('.review')).toContainText(ui.t('Card online'));
  await page.getByRole('button', { name: new RegExp(ui.t('how to receive the order')) }).click();
  await ui.chooseDelivery('pickup');
  await ui.button('Save and return to the review').click();
  // Pickup needs a point before the review can come back.
  await expectStep(page, 'pickupPoint');
  await expect(ui.button('Save and return to the review')).toBeDisabled();
  await ui.choosePickupPoint(0);
  await ui.button('Save and return to the review').click();
  await expectStep(page, 'review');
});

test('ten rapid clicks on submit make one order', async ({ page, request }) => {
  const before = await countOrders(request);
  const comment = `rapid ${randomUUID()}`;
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({ deliveryType: 'pickup', paymentMethod: 'cash', comment });
  const creates: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/v3/orders/create')) creates.push(req.headers()['idempotency-key'] ?? '');
  });
  // Ten clicks dispatched in one task, before React can re-render the button away.
  await ui.button('Place the order').evaluate((button: HTMLButtonElement) => {
    for (let i = 0; i < 10; i += 1) button.click();
  });
  await expectStep(page, 'placed');
  expect(creates).toHaveLength(1);
  expect(await countOrders(request)).toBe(before + 1);
  const mine = [];
  for (const summary of await newestOrders(request, PARTNER, 5)) {
    const order = await readOrder(request, summary.id);
    if (order.comment === comment) mine.push(order.id);
  }
  expect(mine).toHaveLength(1);
});

test('a lost answer is retried with the same key: one order', async ({ page, request }) => {
  const before = await countOrders(request);
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({ deliveryType: 'pickup', paymentMethod: 'cash' });
  const keys: string[] = [];
  let firstOrderId = 0;
  await page.route('**/api/v3/orders/create', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // The server makes the order, the answer never reaches the browser.
      const response = await route.fetch();
      firstOrderId = ((await response.json()) as { id: number }).id;
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await ui.submit();
  await expectStep(page, 'failed');
  await expect(page.getByRole('alert')).toContainText(ui.t('An error occurred while submitting the order'));
  await expect(ui.button('Back to the review')).toHaveCount(0);
  await ui.button('Try again').click();
  await expectStep(page, 'placed');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await placedOrderId(page)).toBe(firstOrderId);
  expect(await countOrders(request)).toBe(before + 1);
});

test('a refresh after the request left resumes with the same key: one order', async ({ page, request }) => {
  const before = await countOrders(request);
  const ui = await CheckoutUi.open(page, request);
  await ui.toReview({ deliveryType: 'pickup', paymentMethod: 'cash' });
  const keys: string[] = [];
  let firstOrderId = 0;
  await page.route('**/api/v3/orders/create', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      const response = await route.fetch();
      firstOrderId = ((await response.json()) as { id: number }).id;
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await ui.submit();
  await expectStep(page, 'failed');
  await page.reload();
  await expectStep(page, 'placed');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await placedOrderId(page)).toBe(firstOrderId);
  expect(await countOrders(request)).toBe(before + 1);
});

test('an unconfirmed e-mail stops the checkout with a way to resend the link', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillBag(request, UNCONFIRMED, 1);
  await startSession(page, request, UNCONFIRMED);
  await page.goto('/shopping-bag');
  const t = await textsOf(page, request, UNCONFIRMED);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('Need to confirm your email'));
  await expect(page.getByRole('button', { name: t('Proceed to checkout') })).toHaveCount(0);
  await page.getByRole('button', { name: t('Send the link again') }).click();
  await expect(page.getByText(t('A new confirmation link is on its way.'))).toBeVisible();
  await context.close();
});

test('the bag: steppers change quantities, remove takes a line off, the totals follow', async ({
  page,
  request,
}) => {
  const ui = await CheckoutUi.open(page, request);
  const lines = page.locator('.bag-line');
  await expect(lines).toHaveCount(2);
  const first = lines.first();
  // The catalogue's stepper: a spin button named after the product, with − and +.
  const quantity = first.getByRole('spinbutton');
  await expect(quantity).toHaveValue('2');
  await first
    .getByRole('button', { name: new RegExp(`^${ui.t('Increase: {label}').split('{label}')[0]}`) })
    .click();
  await expect(quantity).toHaveValue('3');
  expect((await readCart(request)).items[0]?.quantity).toBe(3);
  await first
    .getByRole('button', { name: new RegExp(`^${ui.t('Decrease: {label}').split('{label}')[0]}`) })
    .click();
  await expect(quantity).toHaveValue('2');
  await lines
    .nth(1)
    .getByRole('button', { name: new RegExp(`^${ui.t('Remove')}`) })
    .click();
  await expect(lines).toHaveCount(1);
  const cart = await readCart(request);
  expect(cart.items).toHaveLength(1);
  const locale = (await page.locator('html').getAttribute('lang')) ?? 'ru';
  const expected = new Intl.NumberFormat(locale, { style: 'currency', currency: cart.currency }).format(
    cart.totals.finalCost / 100,
  );
  const spaces = (text: string) => text.replace(/\s/g, ' ');
  await expect
    .poll(async () => spaces((await page.getByTestId('bag-final-cost').textContent()) ?? ''))
    .toBe(spaces(expected));
  // The volume panel shows the bag's points on top of this period's PV.
  await expect(page.getByTestId('volume-effect')).toContainText(ui.t('PV greater than 0'));
});

test('/my-orders: tabs, newest first, server paging and links to the order', async ({ page, request }) => {
  const placed = await apiPlaceOrder(request, 'cash');
  await page.goto('/my-orders');
  const t = await textsOf(page, request);
  // Orders waiting for the distributor come first; the new cash order heads the rest.
  const first = page.locator('.orders-list__table tbody tr:not([data-attention])').first();
  await expect(first).toHaveAttribute('data-order-id', String(placed.id));
  await expect(first.locator('[data-display-status="new"]')).toBeVisible();
  // Paging by the server: page 2 shows other, older orders.
  await page.getByRole('button', { name: t('Next page'), exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.locator(`tr[data-order-id="${placed.id}"]`)).toHaveCount(0);
  await page.getByRole('tab', { name: t('Cancelled') }).click();
  await expect(page).toHaveURL(/tab=cancelled/);
  await expect(page.locator('[data-display-status="declined"]').first()).toBeVisible();
  await page.getByRole('tab', { name: t('Current') }).click();
  await page.locator(`tr[data-order-id="${placed.id}"] a`).click();
  await expect(page).toHaveURL(new RegExp(`/my-orders/${placed.id}$`));
});
