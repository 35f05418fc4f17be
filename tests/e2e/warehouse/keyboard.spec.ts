// Keyboard only: confirm, and confirm partially, without touching the mouse.
import { expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  fetchOrder,
  openOrder,
  tabTo,
  warehouseOrderPath,
} from './order-support';

test('keyboard only: Tab to Confirm and press Enter', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1],
    productOffset: 7,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const page = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await openOrder(page, warehouseOrderPath(order.id));
  await tabTo(page, '[data-action="order.confirm"]');
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement as Element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(outline, 'the focused button shows a focus ring').not.toMatch(/^none|0px$/);
  await page.keyboard.press('Enter');
  await expect(page.locator('.order-detail')).toHaveAttribute('data-order-status', 'confirmed');
  expect((await fetchOrder(request, WAREHOUSE_STAFF, order.id)).status).toBe('confirmed');
});

test('keyboard only: open the partial editor, set quantities, write the note and send', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order, lineIds } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [3, 2],
    productOffset: 8,
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const page = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await openOrder(page, warehouseOrderPath(order.id));
  await tabTo(page, '[data-action="order.confirmPartial"]');
  await page.keyboard.press('Enter');

  const [first, second] = lineIds;
  const firstInput = page.locator(`input[name="quantity-${first}"]`);
  await expect(firstInput).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(firstInput).toHaveValue('2');
  // Each line is a stepper: −, the field, +. From the first field: its +, the second line's −, its field.
  const firstRow = page.locator(`tr[data-line-id="${first}"]`);
  const secondRow = page.locator(`tr[data-line-id="${second}"]`);
  await page.keyboard.press('Tab');
  await expect(firstRow.locator('.quantity-stepper__button').last()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(secondRow.locator('.quantity-stepper__button').first()).toBeFocused();
  await page.keyboard.press('Tab');
  const secondInput = page.locator(`input[name="quantity-${second}"]`);
  await expect(secondInput).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('0');
  // The second line's + is disabled (it still stood at the requested 2), so Tab goes on to the note; leaving the
  // field applies what was typed.
  await expect(secondRow.locator('.quantity-stepper__button').last()).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(page.locator('textarea[name="note"]')).toBeFocused();
  await expect(secondInput).toHaveValue('0');
  await expect(secondRow.locator('.quantity-stepper__button').last()).toBeEnabled();
  await page.keyboard.type('Second product is out of stock');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-form="partial"] button[type="submit"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.order-detail')).toHaveAttribute('data-order-status', 'awaiting_distributor');

  const stored = await fetchOrder(request, WAREHOUSE_STAFF, order.id);
  expect(stored.partialNote).toBe('Second product is out of stock');
  expect(stored.lines.find((line) => line.id === first)?.confirmedQuantity).toBe(2);
  expect(stored.lines.find((line) => line.id === second)?.confirmedQuantity).toBe(0);
});
