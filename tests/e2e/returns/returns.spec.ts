// A return from request to refund, in the browser, end to end on the reference server: the distributor asks to
// return part of a completed cash order from its page (keyboard, axe, phones), the warehouse finds it under the
// queue's Returns tab, enters what came and accepts it, the refund is a credit noted on the order and the buyer's
// PV on Main goes down by the returned units' points. As an e2e distributor of warehouse 1 (orders made through the
// API); every selector is a data attribute, as the pages speak each account's own language.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { widerThanViewport } from '../business/layout-support';
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, expectNoAxeViolations, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  myOrderPath,
  openOrder,
  streamOpen,
} from '../warehouse/order-support';

type MyInfo = components['schemas']['MyInfo'];
type ReturnList = components['schemas']['ReturnList'];

async function get<T>(request: APIRequestContext, email: string, path: string): Promise<T> {
  const response = await request.get(`${API_PREFIX}${path}`, {
    headers: bearer(await cachedToken(request, email)),
  });
  expect(response.ok(), `${path}: HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function expectFitsPhones(page: Page, what: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => widerThanViewport(page), `${what} at ${width} px`)
      .toEqual({ scroll: 0, elements: [] });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const pv = (info: MyInfo) => info.volumes.pv;

test('a return from request to refund: the warehouse receives and accepts it, the buyer’s PV goes down', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, buyer, {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    quantities: [2, 1],
    productOffset: 40,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready'])
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  await apiStatus(request, buyer, order.id, 'delivery_requested');
  for (const status of ['delivery_processing', 'sent', 'in_delivery'])
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  await apiStatus(request, buyer, order.id, 'received');
  const completed = await apiStatus(request, WAREHOUSE_STAFF, order.id, 'completed');
  expect(completed.status).toBe('completed');
  const [first] = completed.lines;
  if (first === undefined) throw new Error('no line');
  const before = pv(await get<MyInfo>(request, buyer, '/users/my-info'));

  // The distributor: "Return goods" on the order's page, by keyboard, one unit of the first line, unopened.
  const mine = await (await contextAs(browser, request, buyer)).newPage();
  await openOrder(mine, myOrderPath(order.id));
  const open = mine.locator('[data-action="return.request"]');
  await expect(open).toBeVisible({ timeout: 15_000 });
  await open.focus();
  await mine.keyboard.press('Enter');
  const form = mine.locator('form[data-form="return-request"]');
  await expect(form).toBeVisible();
  // Focus starts on the first line's quantity; Arrow Up takes one unit.
  const quantity = form.locator(`input[name="return-${first.productId}"]`);
  await expect(quantity).toBeFocused();
  await mine.keyboard.press('ArrowUp');
  await expect(quantity).toHaveAttribute('aria-valuenow', '1');
  await form.locator('input[name="return-reason"][value="unopened"]').check();
  await expect(form.locator('[data-total="points"]')).not.toHaveText('0');
  await expectNoAxeViolations(mine);
  await expectFitsPhones(mine, 'the return request form');
  // The warehouse has its Returns tab open, its event stream too, before the return exists.
  const staff = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  const staffStream = streamOpen(staff);
  await staff.goto('/my-orders-warehouse?tab=returns');
  await staffStream;
  await form.locator('button[type="submit"]').click();
  const requested = mine.locator('.return-details[data-return-status="requested"]');
  await expect(requested).toBeVisible({ timeout: 15_000 });
  const list = await get<ReturnList>(request, buyer, `/orders/${order.id}/returns`);
  const ret = list.items.at(-1);
  if (ret === undefined) throw new Error('no return');
  expect(ret.lines).toEqual([expect.objectContaining({ productId: first.productId, requested: 1 })]);
  await expectNoAxeViolations(mine);
  await expectFitsPhones(mine, 'the order page with its return');

  // The warehouse: the open Returns tab shows it with no reload (the live stream), opens it; receive all, accept.
  const row = staff.locator(`tr[data-return-id="${ret.id}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  // The orders' filters and page size are not the returns': hidden on the Returns tab.
  await expect(staff.getByRole('group', { name: tr('ru', 'Filters') })).toBeHidden();
  await expect(staff.getByLabel(tr('ru', 'Orders per page'))).toHaveCount(2);
  await expect(staff.getByLabel(tr('ru', 'Orders per page')).first()).toBeHidden();
  await expect(staff.getByLabel(tr('ru', 'Orders per page')).last()).toBeHidden();
  await expectNoAxeViolations(staff);
  await expectFitsPhones(staff, 'the Returns tab');
  await row.locator('a').click();
  await expect(staff).toHaveURL(new RegExp(`/my-orders-warehouse/returns/${ret.id}$`));
  await staff.locator('[data-action="return.receive"]').click();
  const receipt = staff.locator('form[data-form="return-receipt"]');
  await expect(receipt).toBeVisible();
  await expectNoAxeViolations(staff);
  await receipt.locator('button[type="submit"]').click();
  await expect(staff.locator('.order-detail[data-return-status="received"]')).toBeVisible({
    timeout: 15_000,
  });
  await staff.locator('[data-action="return.accept"]').click();
  await expect(staff.locator('.order-detail[data-return-status="accepted"]')).toBeVisible({
    timeout: 15_000,
  });
  await expect(staff.locator('[data-refund-state="credited"]')).toBeVisible();
  await expectFitsPhones(staff, 'an accepted return');

  // The buyer: the open order page says accepted and credited with no reload; Main's PV is down by the unit's points.
  await expect(mine.locator('.return-details[data-return-status="accepted"]')).toBeVisible({
    timeout: 15_000,
  });
  await expect(mine.locator('.return-details [data-refund-state="credited"]')).toBeVisible();
  const expected = Math.round((before - first.points) * 100) / 100;
  expect(pv(await get<MyInfo>(request, buyer, '/users/my-info'))).toBe(expected);
  await mine.goto('/dashboard');
  const lang = await mine.evaluate(() => document.documentElement.lang);
  const format = new Intl.NumberFormat(lang || 'ru', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
  await expect(mine.locator('[data-field="pv"]').first()).toHaveText(format.format(expected), {
    timeout: 15_000,
  });
});
