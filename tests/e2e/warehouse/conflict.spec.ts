// Two warehouse staff act on one order from two browser contexts: the second, holding a stale version (no live
// stream), is refused;
// nothing of theirs is saved, the page says so in their language and shows the fresh order.
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  WAREHOUSE_STAFF_2,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  fetchOrder,
  languageOf,
  openOrder,
  warehouseOrderPath,
} from './order-support';

test('a stale version between two staff: refused, explained in their language, fresh order shown', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [2],
    productOffset: 6,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const lang = await languageOf(request, WAREHOUSE_STAFF_2);

  const victor = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  const natalia = await (await contextAs(browser, request, WAREHOUSE_STAFF_2)).newPage();
  // Her live event stream cannot connect (the app then falls back quietly to its refetch policy), so she still
  // holds the stale version when she acts: the case the server's version check exists for. With the stream,
  // tests/e2e/live shows the fresh order before any click.
  await natalia.route('**/api/v3/events?**', (route) => route.abort());
  await openOrder(victor, warehouseOrderPath(order.id));
  await openOrder(natalia, warehouseOrderPath(order.id));
  const seenVersion = await natalia.locator('.order-detail').getAttribute('data-order-version');

  // Victor confirms first.
  await victor.locator('[data-action="order.confirm"]').click();
  await expect(victor.locator('.order-detail')).toHaveAttribute('data-order-status', 'confirmed');

  // Natalia, still looking at the checking order, rejects it with a reason.
  await natalia.locator('[data-action="order.reject"]').click();
  await natalia.locator('[data-form="reason"] textarea').fill('Nothing on the shelf');
  await natalia.locator('[data-form="reason"] button[type="submit"]').click();
  const notice = natalia.locator('[role="alert"][data-notice="conflict"]');
  await expect(notice).toContainText(
    tr(
      lang,
      'Someone else changed this order a moment ago. Nothing you did was saved; the order below is up to date, please check it and try again.',
    ),
  );
  await expect(natalia.locator('.order-detail')).toHaveAttribute('data-order-status', 'confirmed');
  await expect(natalia.locator('.order-detail')).not.toHaveAttribute('data-order-version', seenVersion ?? '');
  await expect(natalia.locator('[data-action]')).toHaveCount(2);
  await expect(natalia.locator('[data-action="order.prepare"]')).toBeVisible();

  const stored = await fetchOrder(request, WAREHOUSE_STAFF, order.id);
  expect(stored.status).toBe('confirmed');
  expect(stored.history.map((entry) => entry.event)).not.toContain('REJECT');
  expect(stored.history.filter((entry) => entry.event === 'CONFIRM')).toHaveLength(1);

  // With the fresh order, Natalia's next step goes through.
  await natalia.getByRole('button', { name: tr(lang, 'Dismiss') }).click();
  await expect(notice).toHaveCount(0);
  await natalia.locator('[data-action="order.prepare"]').click();
  await expect(natalia.locator('.order-detail')).toHaveAttribute('data-order-status', 'prepared');
});
