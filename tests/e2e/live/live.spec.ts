// Live orders: changes made elsewhere reach open screens through the event stream, with no reload and no click.
import { baseURL, expect, expectNoAxeViolations, loginAs, test } from '../support/fixtures';
import { apiRequests } from '../shell/prerender-support';
import {
  WAREHOUSE_STAFF,
  WAREHOUSE_STAFF_2,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  myOrderPath,
  openOrder,
  streamOpen,
  warehouseOrderPath,
} from '../warehouse/order-support';

test('the distributor sees the warehouse confirm within 2 s, with the Pay button, on the order page and the list', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 9,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const page = await (await contextAs(browser, request, distributor)).newPage();
  const stream = streamOpen(page);
  await openOrder(page, myOrderPath(order.id));
  await stream;
  const detail = page.locator('.order-detail');
  await expect(detail).toHaveAttribute('data-order-status', 'checking');
  await expect(page.locator('[data-action="payment.pay"]')).toHaveCount(0);

  const confirmedAt = Date.now();
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'confirmed');
  await expect(detail).toHaveAttribute('data-order-status', 'confirmed', { timeout: 2000 });
  await expect(page.locator('[data-action="payment.pay"]')).toBeVisible({ timeout: 500 });
  expect(Date.now() - confirmedAt).toBeLessThan(2500);
  await expect(page.locator('[data-live-change]')).toContainText('Victor Munteanu');

  // Back to the list inside the app (no reload): it shows the order as it is now, payable. The list is read when
  // the screen opens, so this wait is the screen's load, not the live change (measured above): the usual timeout.
  await page.locator('a[href="/my-orders"]').first().click();
  const row = page.locator(`tr[data-order-id="${order.id}"]`);
  await expect(row.locator('[data-display-status="need_pay"]')).toBeVisible();
});

test('a new order arrives in the warehouse queue as a "new orders" pill that inserts it', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const page = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  const stream = streamOpen(page);
  await page.goto('/my-orders-warehouse');
  await expect(page.locator('tr[data-order-id]').first()).toBeVisible({ timeout: 15_000 });
  await stream;
  await expect(page.locator('.warehouse-list__pill')).toHaveCount(0);

  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 10,
  });
  const pill = page.locator('.warehouse-list__pill');
  await expect(pill).toBeVisible({ timeout: 2000 });
  await expect(pill).toHaveText(/^\d+ нов/);
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await pill.click();
  await expect(page.locator(`tr[data-order-id="${order.id}"]`)).toBeVisible();
  await expect(pill).toHaveCount(0);
});

test('presence: staff see a colleague on the same order, and see them leave', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 11,
  });
  const victor = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  const stream = streamOpen(victor);
  await openOrder(victor, warehouseOrderPath(order.id));
  await stream;
  const viewers = victor.locator('.order-viewers');
  await expect(viewers).toHaveAttribute('data-viewers', '0');

  const nataliaContext = await contextAs(browser, request, WAREHOUSE_STAFF_2);
  const natalia = await nataliaContext.newPage();
  await openOrder(natalia, warehouseOrderPath(order.id));
  await expect(viewers).toContainText('Natalia Lungu', { timeout: 5000 });
  await expect(viewers).toHaveAttribute('data-viewers', '1');
  await expect(natalia.locator('.order-viewers')).toContainText('Victor Munteanu');
  await expectNoAxeViolations(victor);

  // She goes back to the list (in the app): gone at once from his page.
  await natalia.locator('a[href="/my-orders-warehouse"]').first().click();
  await expect(natalia).toHaveURL(/\/my-orders-warehouse$/);
  await expect(viewers).toHaveAttribute('data-viewers', '0', { timeout: 5000 });
  await expect(viewers).not.toContainText('Natalia Lungu');
});

test('a stale order page shows "changed by …" and the fresh actions before any click', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 12,
  });
  const natalia = await (await contextAs(browser, request, WAREHOUSE_STAFF_2)).newPage();
  const stream = streamOpen(natalia);
  await openOrder(natalia, warehouseOrderPath(order.id));
  await stream;
  await expect(natalia.locator('[data-action="check.start"]')).toBeVisible();

  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const notice = natalia.locator('[data-live-change]');
  await expect(notice).toContainText('Victor Munteanu', { timeout: 2000 });
  await expect(natalia.locator('.order-detail')).toHaveAttribute('data-order-status', 'checking');
  await expect(natalia.locator('[data-action="check.start"]')).toHaveCount(0);
  await expect(natalia.locator('[data-action="order.confirm"]')).toBeVisible();
  await expectNoAxeViolations(natalia);
});

test('a change made between the first reads and the opening of the stream is not missed', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 11,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const page = await (await contextAs(browser, request, distributor)).newPage();
  // The stream's ticket is held: the page has read the order, and has no stream yet.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route('**/api/v3/events/ticket', async (route) => {
    asked = true;
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    await route.continue();
  });
  await openOrder(page, myOrderPath(order.id));
  const detail = page.locator('.order-detail');
  await expect(detail).toHaveAttribute('data-order-status', 'checking');
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(true);
  // The warehouse confirms meanwhile: no stream carries it to this page.
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'confirmed');
  const stream = streamOpen(page);
  release();
  await stream;
  // The stream resumes from where the page's answers were read (or, with none to vouch for, has it all read again):
  // the confirmation, made after, reaches the page.
  await expect(detail).toHaveAttribute('data-order-status', 'confirmed', { timeout: 3000 });
});

test('after signing in through the form, the stream resumes from where the session was read: nothing is read twice, and a later change still arrives live', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'ru-RU',
    timezoneId: 'Europe/Chisinau',
  });
  const page = await context.newPage();
  const sent = apiRequests(page);
  await loginAs(page, distributor);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The answers Main was read from said where the event log was (ADR 0159): the first stream resumes from there.
  await expect
    .poll(() => sent.find((path) => path.startsWith('/events?')) ?? '', { timeout: 15_000 })
    .toMatch(/[?&]lastEventId=\d+(&|$)/);
  // Main's reads, made before or after the stream opened, are each made once: the stream's first `ready` has none of
  // them made again (a reset would read the session's and the screen's data anew).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForTimeout(1500);
  for (const read of [
    '/users/me',
    '/users/my-warehouse',
    '/orders/cart',
    '/users/my-info',
    '/users/my-target',
  ])
    expect(sent.filter((path) => path === read).length, `${read} is read once`).toBe(1);
  // A card order the warehouse confirms waits for the distributor's payment: Main's "Action needed" shows it, live.
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 12,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'confirmed');
  await expect(page.locator(`li[data-order-id="${order.id}"]`)).toBeVisible({ timeout: 5000 });
  await context.close();
});
