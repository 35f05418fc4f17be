// The shop link in Chromium (docs/adr/0147-the-storefront-and-client-checkout.md): a visitor on a 390 px phone opens
// a distributor's storefront, sees retail prices, puts two products in a bag kept in the browser, signs up as the
// distributor's client, confirms the e-mail, finds the bag moved into the account and places a pickup order in cash;
// the distributor sees it on Main without a reload and the client in the client base. An unknown shop, axe and the
// phone widths, and the storefront painted from the server's HTML before any of the app's code.
import type { APIRequestContext } from '@playwright/test';
import {
  API_PREFIX,
  bearer,
  cachedToken,
  DEMO_PASSWORD,
  expect,
  startSession,
  test,
} from '../support/fixtures';
import { appStarted, collectErrors, holdAppCode, returningBrowser } from '../shell/prerender-support';
import { checkoutOutcome, confirmByWarehouse, readOrder, userLocale } from '../checkout/checkout-support';
import {
  confirmThroughMailbox,
  expectNoSidewaysScroll,
  OWNER,
  placePickupOrder,
  ru,
  say,
  SHOP,
  shopGoods,
  visitor,
} from './shop-support';

const PHONE = { width: 390, height: 844 };

/** The partner price of a product as the distributor's catalogue answers it (the shop's is the retail one). */
async function partnerPrice(request: APIRequestContext, productId: number): Promise<number> {
  const token = await cachedToken(request, OWNER);
  const answer = await request.get(`${API_PREFIX}/goods/${productId}`, { headers: bearer(token) });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { price: number }).price;
}

/** Takes a pickup order from placed to completed through the API, as the warehouse and the client each do. */
async function completePickupOrder(
  request: APIRequestContext,
  id: number,
  client: { email: string; password: string },
): Promise<{ points: number }> {
  const staff = await cachedToken(request, 'warehouse@demo.test');
  const customer = await cachedToken(request, client.email, client.password);
  const read = async (token: string) =>
    (await (await request.get(`${API_PREFIX}/orders/get/${id}`, { headers: bearer(token) })).json()) as {
      version: number;
      handoverCode?: string | null;
      points: number;
      status: string;
    };
  const status = async (token: string, next: string) => {
    const answer = await request.post(`${API_PREFIX}/orders/set/${id}/status`, {
      headers: bearer(token),
      params: { status: next, version: (await read(token)).version },
    });
    expect(answer.status(), `set ${next}`).toBe(200);
  };
  for (const next of ['checking', 'confirmed', 'prepared', 'ready']) await status(staff, next);
  await status(customer, 'pickup_requested');
  const mine = await read(customer);
  const handedOver = await request.post(`${API_PREFIX}/orders/set/${id}/hand-over`, {
    headers: bearer(staff),
    data: { version: (await read(staff)).version, code: mine.handoverCode ?? '' },
  });
  expect(handedOver.status(), 'hand over').toBe(200);
  await status(staff, 'completed');
  const done = await read(customer);
  expect(done.status).toBe('completed');
  return done;
}

test.describe('a visitor of the shop on a phone', () => {
  test.use({ viewport: PHONE });
  test.slow();

  test('buys two products as a new client, picks them up with cash, and the distributor sees it live', async ({
    page,
    browser,
    request,
  }) => {
    const goods = (await shopGoods(request)).filter((good) => good.inStock).slice(0, 2);
    expect(goods).toHaveLength(2);
    const [first, second] = goods as [(typeof goods)[number], (typeof goods)[number]];
    // The shop's price is the retail one, above the distributor's own.
    expect(first.price).toBeGreaterThan(await partnerPrice(request, first.id));

    // The distributor keeps Main open in a browser of their own.
    const owner = await browser.newContext();
    const main = await owner.newPage();
    await startSession(main, request, OWNER);
    await main.goto('/dashboard');
    await expect(main.getByRole('heading', { name: ru('Client orders') })).toBeVisible({ timeout: 15_000 });

    const person = visitor();
    await page.goto(`/s/${SHOP}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      ru("{name}'s shop", { name: 'Elena Ciobanu' }),
    );
    await expect(page.locator('[data-shop-owner]')).toContainText(ru('Your consultant'));
    const firstCard = page.locator(`article[data-product-id="${first.id}"]`);
    await expect(firstCard.locator('[data-price]')).toHaveAttribute('data-price', String(first.price));

    for (const good of [first, second]) {
      const card = page.locator(`article[data-product-id="${good.id}"]`);
      const add = card.getByRole('button', { name: ru('Add to bag: {name}', { name: good.name.ru }) });
      await expect(add).toBeEnabled({ timeout: 15_000 });
      await add.click();
      await expect(card.locator('[data-in-bag]')).toHaveAttribute('data-in-bag', '1');
    }
    await expect(page.locator('[data-shop-bag]')).toHaveAttribute('data-shop-bag', '2');

    // The bag outlives a reload (local storage, per shop).
    await page.reload();
    await expect(page.locator('[data-shop-bag]')).toHaveAttribute('data-shop-bag', '2', { timeout: 15_000 });
    await page.getByRole('link', { name: ru('Checkout') }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${SHOP}/checkout$`));
    await expect(page.locator('[data-line]')).toHaveCount(2);

    await page.locator('#shop-full-name').fill(person.fullName);
    await page.locator('#shop-phone').fill(person.phone);
    await page.locator('#shop-email').fill(person.email);
    await page.locator('#shop-password').fill(person.password);
    await page.locator('#shop-password-confirmation').fill(person.password);
    await page.getByRole('button', { name: ru('Create an account and continue') }).click();

    // Signed in as the shop's client, the bag moved into the account's; an unconfirmed address asks first.
    await expect(page).toHaveURL(/\/shopping-bag$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru('Need to confirm your email'));
    await confirmThroughMailbox(page, person.email);
    // The distributor was told of their new client by e-mail, once (server/domain/shop/new-client.ts).
    const told = page.locator('tr', { hasText: OWNER }).filter({ hasText: person.fullName });
    await expect(async () => {
      await page.goto('/dev/mailbox');
      await expect(told).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await page.goto('/shopping-bag');
    const lines = page.locator('.bag-lines [data-product-id], .bag-lines li');
    await expect(page.locator('.bag-lines')).toBeVisible({ timeout: 15_000 });
    for (const good of [first, second]) await expect(page.locator('.bag-lines')).toContainText(good.name.ru);
    expect(await lines.count()).toBeGreaterThanOrEqual(2);
    // The navigation leads back to the shop (behind the menu button on a phone).
    await page.locator('.menu-button').click();
    await expect(
      page.getByRole('link', { name: ru("{name}'s shop", { name: 'Elena Ciobanu' }) }),
    ).toHaveAttribute('href', `/s/${SHOP}`);
    await page.locator('.menu-button').click();

    await placePickupOrder(page, 'cash');
    const placed = page.locator('section.checkout a[href^="/my-orders/"]').first();
    await expect(placed).toBeVisible({ timeout: 15_000 });
    const orderId = Number(((await placed.getAttribute('href')) ?? '').split('/').pop());
    expect(orderId).toBeGreaterThan(0);

    // The distributor's Main shows the order without a reload, leading to the client in their client base.
    const row = main.locator(`.client-orders li[data-order-id="${orderId}"]`);
    await expect(row).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(person.fullName);
    await row.getByRole('link').click();
    await expect(main).toHaveURL(/\/client-base\/\d+$/);
    await expect(main.getByText(person.fullName).first()).toBeVisible();
    await main.goto(`/client-base?q=${encodeURIComponent(person.email)}`);
    await expect(main.getByRole('link', { name: person.fullName })).toBeVisible({ timeout: 15_000 });
    await owner.close();

    // The order goes through: the warehouse prepares it, the client asks for it and shows the handover code, the
    // warehouse hands it over and completes it. Its points then count in the distributor's own volume: the order
    // is a source of their personal line of this month, with its points.
    const order = await completePickupOrder(request, orderId, {
      email: person.email,
      password: person.password,
    });
    const ownerToken = await cachedToken(request, OWNER);
    // The month the completion fell in, on the company's calendar (the plan's periods, Europe/Chisinau).
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Chisinau',
      year: 'numeric',
      month: '2-digit',
    }).format(new Date());
    await expect
      .poll(async () => {
        const answer = await request.get(`${API_PREFIX}/users/bonus/${month}/sources?pageSize=100`, {
          headers: bearer(ownerToken),
        });
        const body = (await answer.json()) as {
          items: Array<{ kind: string; order: { id: number }; points: number }>;
        };
        return body.items.filter((item) => item.order.id === orderId).map((item) => [item.kind, item.points]);
      })
      .toEqual([['credit', order.points]]);
    expect(order.points).toBeGreaterThan(0);
  });

  test('a returning client signs in at checkout, the bag joins their own, and pays by card at the sandbox', async ({
    page,
    request,
  }) => {
    const client = 'client@demo.test';
    const token = await cachedToken(request, client);
    const cartOf = async () =>
      (await (await request.get(`${API_PREFIX}/orders/cart`, { headers: bearer(token) })).json()) as {
        items: Array<{ productId: number; quantity: number }>;
      };
    const goods = (await shopGoods(request)).filter((good) => good.inStock);
    const good = goods[2] ?? goods[0];
    if (good === undefined) throw new Error('the shop has a product in stock');
    const before = (await cartOf()).items.find((item) => item.productId === good.id)?.quantity ?? 0;

    await page.goto(`/s/${SHOP}/p/${good.id}`);
    const add = page.getByRole('button', { name: ru('Add to bag: {name}', { name: good.name.ru }) });
    await expect(add).toBeEnabled({ timeout: 15_000 });
    await add.click();
    await page.getByRole('link', { name: ru('Checkout') }).click();
    await page.getByRole('button', { name: ru('I already have an account') }).click();
    await page.locator('#shop-sign-in-email').fill(client);
    await page.locator('#shop-sign-in-password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: ru('Sign in and continue') }).click();

    // The visitor's unit joined what the account's bag held; the app now speaks the account's language.
    await expect(page).toHaveURL(/\/shopping-bag$/, { timeout: 30_000 });
    const locale = await userLocale(request, client);
    await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 15_000 });
    await expect(page.locator('.bag-lines')).toContainText(good.name[locale], { timeout: 15_000 });
    expect((await cartOf()).items.find((item) => item.productId === good.id)?.quantity).toBe(before + 1);

    await placePickupOrder(page, 'card', locale);
    const placed = page.locator('section.checkout a[href^="/my-orders/"]').first();
    await expect(placed).toBeVisible({ timeout: 15_000 });
    const orderId = Number(((await placed.getAttribute('href')) ?? '').split('/').pop());
    // The warehouse confirms it; then the client pays at the acquirer's sandbox.
    await confirmByWarehouse(request, orderId);
    await page.goto('/my-orders');
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    await row.getByRole('button', { name: new RegExp(say(locale, 'Pay')) }).click();
    await checkoutOutcome(page, 'pay');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(say(locale, 'Payment successful'), {
      timeout: 20_000,
    });
    expect((await readOrder(request, orderId, client)).paymentState).toBe('paid');

    // Their Personal data leads back to the shop.
    await page.goto('/personal');
    await expect(page.locator('[data-shop-banner]')).toBeVisible({ timeout: 15_000 });
    await page
      .locator('[data-shop-banner]')
      .getByRole('link', { name: say(locale, "Go to {owner}'s shop", { owner: 'Elena Ciobanu' }) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/s/${SHOP}$`));
  });

  test("the visitor's language: switched on the storefront, its texts and product names follow", async ({
    page,
    request,
  }) => {
    const [good] = (await shopGoods(request)).filter((item) => item.inStock);
    if (good === undefined) throw new Error('the shop has a product in stock');
    await page.goto(`/s/${SHOP}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      ru("{name}'s shop", { name: 'Elena Ciobanu' }),
    );
    await page.locator('.language-switcher__select').selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Elena Ciobanu's shop");
    await expect(page.locator(`article[data-product-id="${good.id}"] h2`)).toHaveText(good.name.en);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('an address that names no shop says so, with a way on', async ({ page, expectNoAxeViolations }) => {
    await page.goto('/s/nobody-has-this-shop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ru('Shop not found'));
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: ru('Sign in'), exact: true })
      .last()
      .click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the storefront, a product page and the sign-up form pass axe and fit 320 and 390 px', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    const [good] = (await shopGoods(request)).filter((item) => item.inStock);
    if (good === undefined) throw new Error('the shop has a product in stock');
    const check = async () => {
      for (const width of [320, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await expectNoSidewaysScroll(page);
      }
      await expectNoAxeViolations(page);
    };
    await page.goto(`/s/${SHOP}`);
    await expect(page.locator('.shop-grid li').first()).toBeVisible();
    await check();

    await page.goto(`/s/${SHOP}/p/${good.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(good.name.ru);
    await expect(page.locator('.shop-product [data-price]')).toHaveAttribute(
      'data-price',
      String(good.price),
    );
    const add = page.getByRole('button', { name: ru('Add to bag: {name}', { name: good.name.ru }) });
    await expect(add).toBeEnabled({ timeout: 15_000 });
    await add.click();
    await check();

    await page.getByRole('link', { name: ru('Checkout') }).click();
    await expect(page.locator('#shop-full-name')).toBeVisible();
    await check();
    await page.getByRole('button', { name: ru('I already have an account') }).click();
    await expect(page.locator('#shop-sign-in-email')).toBeVisible();
    await check();
  });
});

test('the storefront paints from the server HTML with the app held back, then the app takes it over', async ({
  page,
  request,
}) => {
  const [good] = (await shopGoods(request)).filter((item) => item.inStock);
  if (good === undefined) throw new Error('the shop has a product in stock');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto(`/s/${SHOP}`, { waitUntil: 'commit' });
  // No JavaScript of the app has run: the card, the heading and the products are the server's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    ru("{name}'s shop", { name: 'Elena Ciobanu' }),
  );
  await expect(page.locator(`article[data-product-id="${good.id}"] [data-price]`)).toHaveAttribute(
    'data-price',
    String(good.price),
  );
  const html = await (
    await request.get(`/s/${SHOP}`, { headers: { cookie: 'lang=ru; tz=Europe/Chisinau' } })
  ).text();
  expect(html).toContain('id="portal-prerendered"');
  expect(html).toContain('property="og:title"');
  release();
  await appStarted(page);
  // Taken over: "Add to bag" works.
  await expect(
    page.getByRole('button', { name: ru('Add to bag: {name}', { name: good.name.ru }) }),
  ).toBeEnabled();
  expect(errors).toEqual([]);
});
