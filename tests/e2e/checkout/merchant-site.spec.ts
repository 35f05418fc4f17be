// What maib asks of a merchant's site, in the browser: the terms of sale with the return policy (public, five
// languages, phones, axe), the company's details in every footer, the acquirer's checkout page on a phone (axe,
// keyboard, five languages), a 3-D Secure failure told on the order, and a refund shown on the order page once the
// warehouse declines a paid order. As an e2e distributor of warehouse 1 (orders made through the API).
import type { Page } from '@playwright/test';
import { widerThanViewport } from '../business/layout-support';
import { isLocale, tr } from '../shell/shell-support';
import { API_PREFIX, bearer, expect, expectNoAxeViolations, startSession, test } from '../support/fixtures';
import {
  WAREHOUSE_STAFF,
  apiStatus,
  createOrder,
  distributorFor,
  fetchOrder,
  languageOf,
  myOrderPath,
  openOrder,
  submitCheckoutPage,
} from '../warehouse/order-support';

async function expectFitsPhones(page: Page, what: string): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => widerThanViewport(page), `${what} at ${width} px`)
      .toEqual({ scroll: 0, elements: [] });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the terms of sale: public, with the return policy, in the visitor’s language, on phones, axe clean', async ({
  page,
}) => {
  await page.goto('/terms');
  const title = tr('ru', 'Terms of sale and return policy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { level: 2, name: tr('ru', 'Returns and refunds') })).toBeVisible();
  await expect(page.getByText(tr('ru', 'We answer within two working days.'))).toBeVisible();
  await page.getByRole('link', { name: tr('ru', 'Returns and refunds') }).click();
  await expect(page).toHaveURL(/#terms-returns$/);
  await expectNoAxeViolations(page);
  await expectFitsPhones(page, '/terms');
  await page.screenshot({ path: '.tmp/terms-ru-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: '.tmp/terms-ru-390.png', fullPage: true });
});

test('every footer names the company, how to reach it, and links the terms', async ({ page, request }) => {
  for (const visit of [
    async () => {
      await page.goto('/login');
      return 'ru';
    },
    async () => {
      const token = await startSession(page, request, distributorFor('e2e', test.info().parallelIndex));
      const me = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) });
      await page.goto('/my-orders');
      return ((await me.json()) as { lang?: string }).lang ?? 'ru';
    },
  ]) {
    // The page speaks the visitor's language: Russian before signing in, the member's own (whichever the demo gave
    // them) once signed in, in the page's `lang` and in the footer alike.
    const lang = await visit();
    const shown = isLocale(lang) ? lang : 'ru';
    await expect(page.locator('html')).toHaveAttribute('lang', shown);
    const footer = page.locator('footer.site-footer');
    await expect(footer).toContainText('IDNO');
    await expect(footer.locator('address a[href^="tel:"]')).toBeVisible();
    await expect(footer.locator('address a[href^="mailto:"]')).toBeVisible();
    await expect(
      footer.getByRole('link', { name: tr(shown, 'Terms of sale and return policy') }),
    ).toHaveAttribute('href', '/terms');
  }
});

test('maib’s checkout page (sandbox) on a phone: axe clean, five languages, paid by keyboard', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000); // seven full axe scans
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    quantities: [1],
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'confirmed');
  // maib's page speaks ro, ru and en: a Ukrainian asks for Russian, an Italian for English.
  const lang = { ru: 'ru', ro: 'ro', en: 'en', uk: 'ru', it: 'en' }[await languageOf(request, distributor)];
  await startSession(page, request, distributor);
  await openOrder(page, myOrderPath(order.id));
  await page.locator('[data-action="payment.pay"]').click();
  await page.waitForURL(/\/maib-sandbox\/checkout\//);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expectNoAxeViolations(page);
  await expectFitsPhones(page, 'the checkout page');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: '.tmp/maib-sandbox-ru-390.png', fullPage: true });
  for (const other of ['ro', 'en', 'uk', 'it', 'ru']) {
    await page.locator(`a[hreflang="${other}"]`).click();
    await page.waitForURL(new RegExp(`[?&]lang=${other}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', other);
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: '.tmp/maib-sandbox-ru-1280.png', fullPage: true });
  // Keyboard only: the Pay button is reached by Tab and pressed with Enter.
  const pay = page.locator('button[value="pay"]');
  for (let i = 0; i < 20 && !(await pay.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(pay).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/payment\/success\?payId=/);
  await expect(page.locator('.payment-result')).toHaveAttribute('data-result', 'paid', { timeout: 20_000 });
});

test('3-D Secure fails: Pay failed on the order; paid again, then declined: the refund shows on the order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const distributor = distributorFor('e2e', test.info().parallelIndex);
  const { order } = await createOrder(request, distributor, {
    paymentMethod: 'card',
    deliveryType: 'pickup',
    quantities: [1],
  });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'checking');
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'confirmed');
  await startSession(page, request, distributor);
  await openOrder(page, myOrderPath(order.id));
  await page.locator('[data-action="payment.pay"]').click();
  await submitCheckoutPage(page, 'threeds');
  await expect(page.locator('.payment-result')).toHaveAttribute('data-result', 'failed', { timeout: 20_000 });
  await openOrder(page, myOrderPath(order.id));
  await expect(page.locator('.order-detail')).toHaveAttribute('data-payment-state', 'pay_failed');
  await expect(page.locator('.order-timeline [data-event="PAYMENT_FAILED"]')).toHaveCount(1);

  // Paid on a second try, then declined by the warehouse: the money goes back, and the page says so.
  await page.locator('[data-action="payment.retry"]').click();
  await submitCheckoutPage(page, 'pay');
  await expect(page.locator('.payment-result')).toHaveAttribute('data-result', 'paid', { timeout: 20_000 });
  await apiStatus(request, WAREHOUSE_STAFF, order.id, 'cancelled_by_warehouse', 'Damaged in the warehouse');
  await expect
    .poll(async () => (await fetchOrder(request, distributor, order.id)).paymentState, { timeout: 30_000 })
    .toBe('refunded');
  await openOrder(page, myOrderPath(order.id));
  await expect(page.locator('.order-refunds [data-refund-state="refunded"]')).toBeVisible();
  const own = await languageOf(request, distributor);
  await expect(page.locator('.order-timeline')).toContainText(
    own === 'en' ? 'Payment refunded to the card' : tr(own, 'Payment refunded to the card'),
  );
  await expectNoAxeViolations(page);
});
