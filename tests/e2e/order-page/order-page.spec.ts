// The designed order page (docs/adr/0075-order-page.md) for the distributor and for
// staff — the header's next step, no warehouse internals for the customer, lines + delivery = total, Buy again,
// the receipt PDF, and the page at 390 px without sideways scroll, axe-clean.
import type { Page } from '@playwright/test';
import { pdfFileText } from '../../support/pdf-text';
import { tr } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  contextAs,
  createOrder,
  distributorFor,
  languageOf,
  myOrderPath,
  openOrder,
  warehouseOrderPath,
} from '../warehouse/order-support';

/** Minor units of a money text ("1 234,50 MDL" → 123450). */
const minor = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('the distributor’s order page: next step in the header, lines + delivery = total, no internals, Buy again, receipt', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(120_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'delivery',
    quantities: [2, 1],
    productOffset: 5,
  });
  for (const status of ['checking', 'confirmed', 'prepared', 'ready'])
    await apiStatus(request, WAREHOUSE_STAFF, order.id, status);
  const context = await contextAs(browser, request, distributor);
  const page = await context.newPage();
  await openOrder(page, myOrderPath(order.id));
  // The page speaks the distributor's stored language (seeded accounts have several; the second worker's is
  // Romanian). A fresh browser has none stored: the page may show the order in Russian first and switch once
  // /users/me has answered and that language's catalog has loaded, so wait for it rather than read it.
  const shownLang = await languageOf(request, distributor);
  await expect(page.locator('html')).toHaveAttribute('lang', shownLang);

  const header = page.getByRole('region', { name: tr(shownLang, 'Ready for pickup or delivery') });
  await expect(header.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(header.getByRole('button', { name: tr(shownLang, 'Request pickup') })).toBeVisible();
  await expect(page.getByText(tr(shownLang, 'Warehouse number'), { exact: true })).toHaveCount(0);
  await expect(page.getByText('—', { exact: true })).toHaveCount(0);

  const table = page.getByRole('table', {
    name: tr(shownLang, 'Products of order {0}').replace('{0}', order.number),
  });
  const lineAmounts = await table.locator('tbody tr[data-line-id] td:last-child').allTextContents();
  expect(lineAmounts).toHaveLength(2);
  const delivery = table.locator('tr[data-charge="delivery"]');
  await expect(delivery.getByRole('rowheader')).toHaveText(tr(shownLang, 'Delivery'));
  const deliveryMinor = minor(await delivery.locator('td').textContent());
  const total = minor(await table.locator('[data-total="final"]').textContent());
  expect(lineAmounts.reduce((sum, text) => sum + minor(text), 0) + deliveryMinor).toBe(total);
  expect(total).toBe(order.finalCost);

  await expectNoAxeViolations(page);

  // Buy again: the lines go into the bag, and the page says so.
  const token = await cachedToken(request, distributor);
  for (const line of order.lines)
    await request.post(`${API_PREFIX}/orders/cart/remove-from-cart`, {
      headers: bearer(token),
      data: { productId: line.productId },
    });
  await page.getByRole('button', { name: tr(shownLang, 'Buy again') }).click();
  const said = tr(shownLang, 'Products put into the bag: {added} of {0}.')
    .replace('{added}', '2')
    .replace('{0}', '2');
  await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
  const cart = (await (
    await request.get(`${API_PREFIX}/orders/cart`, { headers: bearer(token) })
  ).json()) as { items: Array<{ productId: number; quantity: number }> };
  for (const line of order.lines)
    expect(cart.items.find((item) => item.productId === line.productId)?.quantity).toBe(
      line.requestedQuantity,
    );

  // The receipt, in the distributor's language, read back with PDF.js.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: tr(shownLang, 'Download the receipt (PDF)') }).click();
  const download = await downloading;
  const path = test.info().outputPath('receipt.pdf');
  await download.saveAs(path);
  const text = await pdfFileText(path);
  expect(text).toContain(order.number);
  const receiptTitle = { ru: 'Квитанция', en: 'Receipt', ro: 'Chitanță', uk: 'Квитанція', it: 'Ricevuta' };
  expect(text).toContain(receiptTitle[shownLang]);

  // At 390 px the products are cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(table.locator('thead')).toHaveCSS('position', 'absolute');
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await context.close();
});

test('the staff order page at 390 px: no sideways scroll, thumb-sized next step, axe-clean', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'cash',
    deliveryType: 'pickup',
    quantities: [1, 2],
    productOffset: 6,
  });
  const context = await contextAs(browser, request, WAREHOUSE_STAFF);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await openOrder(page, warehouseOrderPath(order.id));
  const next = page
    .getByRole('region', { name: tr('ru', 'Waiting for warehouse confirmation') })
    .getByRole('button', { name: tr('ru', 'Start checking') });
  const box = await next.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await expect(page.getByRole('columnheader', { name: tr('ru', 'On hand') })).toBeAttached();
  await noSidewaysScroll(page);
  await page.setViewportSize({ width: 320, height: 700 });
  await noSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await context.close();
});
