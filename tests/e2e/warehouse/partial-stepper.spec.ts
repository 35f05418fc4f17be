// The partial-confirm editor's quantities are the shared stepper (src/ui/quantity-stepper.tsx): each line's field and
// buttons are named after its product, the bounds are 0..requested, typing and the buttons both reach the machine,
// and the editor fits a 320–390 px phone without sideways scroll; axe finds nothing; the server stores the result.
import type { Page } from '@playwright/test';
import { tr } from '../shell/shell-support';
import { expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  fetchOrder,
  languageOf,
  openOrder,
  warehouseOrderPath,
} from './order-support';

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);

/** How far the page, or the editor's table box, scrolls sideways (0 or less: it fits). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('[data-form="partial"] .order-table-wrap');
    const inBox = box === null ? Number.POSITIVE_INFINITY : box.scrollWidth - box.clientWidth;
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, inBox);
  });

test('the partial editor: a labelled stepper per line, buttons and typing within 0..requested, phone widths', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order, lineIds } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [3, 2],
    productOffset: 13,
  });
  const [first, second] = lineIds;
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  const lang = await languageOf(request, WAREHOUSE_STAFF);
  const current = await fetchOrder(request, WAREHOUSE_STAFF, order.id);
  const nameOf = (lineId: number | undefined) =>
    current.lines.find((line) => line.id === lineId)?.name[lang] ?? String(lineId);

  const page = await (await contextAs(browser, request, WAREHOUSE_STAFF)).newPage();
  await page.setViewportSize({ width: 320, height: 800 });
  await openOrder(page, warehouseOrderPath(order.id));
  await page.locator('[data-action="order.confirmPartial"]').click();
  const editor = page.locator('[data-form="partial"]');
  await expect(editor).toBeVisible();

  // Every line's field and buttons carry the product's name (translated), the bounds are 0..requested.
  const field = (lineId: number | undefined) =>
    editor.getByRole('spinbutton', {
      name: fill(tr(lang, 'New quantity of {name}'), { name: nameOf(lineId) }),
      exact: true,
    });
  const button = (kind: 'Decrease: {label}' | 'Increase: {label}', lineId: number | undefined) =>
    editor.getByRole('button', {
      name: fill(tr(lang, kind), {
        label: fill(tr(lang, 'New quantity of {name}'), { name: nameOf(lineId) }),
      }),
      exact: true,
    });
  await expect(field(first)).toBeFocused();
  await expect(field(first)).toHaveValue('3');
  await expect(field(first)).toHaveAttribute('aria-valuemin', '0');
  await expect(field(first)).toHaveAttribute('aria-valuemax', '3');
  await expect(field(second)).toHaveAttribute('aria-valuemax', '2');
  await expect(button('Increase: {label}', first)).toBeDisabled();

  expect(await sidewaysOverflow(page), 'no sideways scroll at 320 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  // Buttons: 3 → 1 on the first line; the totals follow the machine.
  await button('Decrease: {label}', first).click();
  await button('Decrease: {label}', first).click();
  await expect(field(first)).toHaveValue('1');
  await expect(editor.locator('[data-total="items"]')).toHaveText('3');

  // Typing: more than ordered is held at the requested quantity, then 0 removes the line.
  await field(second).fill('9');
  await field(second).press('Enter');
  await expect(field(second)).toHaveValue('2');
  await field(second).fill('0');
  await field(second).press('Enter');
  await expect(field(second)).toHaveValue('0');
  await expect(button('Decrease: {label}', second)).toBeDisabled();
  await expect(editor.locator('[data-total="items"]')).toHaveText('1');

  await page.setViewportSize({ width: 390, height: 800 });
  expect(await sidewaysOverflow(page), 'no sideways scroll at 390 px').toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);

  await editor.locator('textarea[name="note"]').fill('One unit of the first product, none of the second');
  await editor.locator('button[type="submit"]').click();
  await expect(page.locator('.order-detail')).toHaveAttribute('data-order-status', 'awaiting_distributor');

  const stored = await fetchOrder(request, WAREHOUSE_STAFF, order.id);
  expect(stored.partialNote).toBe('One unit of the first product, none of the second');
  expect(stored.lines.find((line) => line.id === first)?.confirmedQuantity).toBe(1);
  expect(stored.lines.find((line) => line.id === second)?.confirmedQuantity).toBe(0);
});
