// The last signed-in screens rendered on the server (docs/adr/0151-the-last-screens-rendered-by-the-server.md): My
// Network's tree, the 1C exchange, Personal data and the shopping bag come in the HTML with their data and paint with
// every script of the app held back; the app then takes the same DOM over (the element the server rendered is the
// one it runs), with no console error (a hydration that did not match reports one) and without asking for the
// screen's data again. Personal data keeps what was typed into its form meanwhile.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, bearer, expect, startSession, test } from '../support/fixtures';
import { fillBag } from '../checkout/checkout-support';
import { distributorFor, WAREHOUSE_STAFF } from '../warehouse/order-support';
import { tr } from './shell-support';
import { apiRequests, appStarted, collectErrors, holdAppCode, returningBrowser } from './prerender-support';

interface Screen {
  name: string;
  /** The visitor, by the test's parallel worker (a bag of their own is filled for the test). */
  email: (parallelIndex: number) => string;
  setUp?: (request: APIRequestContext, email: string) => Promise<unknown>;
  path: string;
  title: string;
  /** An element of the screen's data: it is in the HTML, and the app keeps it. */
  first: string;
  /** Reads the page brings with it: the app sends none of them before the live stream opens. */
  reads: string[];
}

const PARTNER = 'partner@demo.test';

/**
 * These screens are checked in Russian, the browser's choice (`returningBrowser`); a signed-in app shows the
 * account's language once it runs, and other tests of a shared member may have chosen another: the account is put
 * back to Russian first.
 */
async function inRussian(request: APIRequestContext, token: string): Promise<void> {
  const saved = await request.post(`${API_PREFIX}/users/lang`, {
    headers: bearer(token),
    data: { lang: 'ru' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

const SCREENS: Screen[] = [
  {
    name: "My Network's tree",
    email: () => PARTNER,
    path: '/my-distributers?view=tree',
    title: tr('ru', 'My Network'),
    first: 'main [role="treeitem"][aria-level="1"]',
    reads: ['/users/my-network'],
  },
  {
    name: 'the 1C exchange',
    email: () => WAREHOUSE_STAFF,
    path: '/exchange-1c',
    title: tr('ru', '1C exchange'),
    first: 'main [data-field="queued"]',
    reads: ['/exchange/1c/runs'],
  },
  {
    name: 'Personal data',
    email: () => PARTNER,
    path: '/personal',
    title: tr('ru', 'Personal data'),
    first: 'main li[data-address]',
    reads: ['/users/addresses', '/users/notifications'],
  },
  {
    // A test distributor of the worker's own: the checkout tests fill the demo partner's bag.
    name: 'the shopping bag',
    email: (parallelIndex) => distributorFor('e2e', parallelIndex),
    setUp: (request, email) => fillBag(request, email, 2),
    path: '/shopping-bag',
    title: tr('ru', 'Shopping Bag'),
    first: 'main li.bag-line',
    reads: ['/orders/cart', '/users/addresses', '/users/warehouses/get-order-params', '/users/my-info'],
  },
];

for (const screen of SCREENS) {
  test(`${screen.name} paints from the HTML before any JavaScript, and the app takes the same screen over`, async ({
    page,
    request,
  }) => {
    const email = screen.email(test.info().parallelIndex);
    await screen.setUp?.(request, email);
    await inRussian(request, await startSession(page, request, email));
    await returningBrowser(page.context());
    const errors = collectErrors(page);
    const sent = apiRequests(page);
    const release = await holdAppCode(page);
    await page.goto(screen.path, { waitUntil: 'commit' });
    // No JavaScript of the app has run: the screen and its data are the server's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.title);
    const first = page.locator(screen.first).first();
    await expect(first).toBeVisible();
    await page.evaluate((selector) => {
      (window as unknown as { __serverElement: Element | null }).__serverElement =
        document.querySelector(selector);
    }, screen.first);
    expect(sent, 'nothing is asked before the app runs').toEqual([]);
    release();
    await appStarted(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(
      await page.evaluate(
        (selector) =>
          document.querySelector(selector) ===
          (window as unknown as { __serverElement: Element | null }).__serverElement,
        screen.first,
      ),
      'the server-rendered element is kept',
    ).toBe(true);
    const streamOpened = sent.findIndex((sentPath) => sentPath.startsWith('/events?'));
    const hydrating = streamOpened === -1 ? sent : sent.slice(0, streamOpened);
    for (const read of screen.reads)
      expect(
        hydrating.filter((sentPath) => sentPath === read || sentPath.startsWith(`${read}?`)),
        `${read} came with the page`,
      ).toEqual([]);
    expect(errors).toEqual([]);
    // And it is the app: a link of the menu navigates in place. By its address: the app may have moved to the
    // member's own language meanwhile (the account's, which other tests of this member may have chosen).
    await page.getByRole('navigation').locator('a[href="/dashboard"]').first().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

test("the tree's first line is drawn once the app has measured the canvas, from the first view the page carried", async ({
  page,
  request,
}) => {
  await startSession(page, request, PARTNER);
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const sent = apiRequests(page);
  await page.goto('/my-distributers?view=tree');
  const tree = page.getByRole('tree');
  await expect(tree.locator('[role="treeitem"][aria-level="2"]').first()).toBeVisible();
  expect(sent.filter((path) => path.startsWith('/users/my-network?'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('text typed into Personal data before the app takes it over is kept, and saved by the form', async ({
  page,
  request,
}) => {
  const email = distributorFor('e2e', test.info().parallelIndex);
  const token = await startSession(page, request, email);
  await inRussian(request, token);
  const me = async () =>
    (await (await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) })).json()) as {
      fullName: string;
      phone: string | null;
    };
  const before = await me();
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/personal', { waitUntil: 'commit' });
  const name = page.getByRole('textbox', { name: tr('ru', 'Full name') });
  await expect(name).toHaveValue(before.fullName);
  const typed = `${before.fullName} Test`;
  await name.fill(typed);
  // A form without values (the password's), and a field the invitation card's machine holds (the alias).
  const current = page.getByLabel(tr('ru', 'Current password'));
  await current.fill('typed-early');
  const alias = page.getByRole('textbox', { name: tr('ru', 'Alias') });
  await alias.fill('typed-early');
  release();
  await appStarted(page);
  // react-hook-form keeps a field edited before the form is ready (its value differs from the one the server
  // rendered); the alias's component takes the typed text into its machine.
  await expect(name).toHaveValue(typed);
  await expect(current).toHaveValue('typed-early');
  await expect(alias).toHaveValue('typed-early');
  await expect(page.locator('[data-field="invite-preview"]')).toHaveText(
    /^https?:\/\/.+\/join\/typed-early$/,
  );
  try {
    await page
      .locator('form[aria-labelledby="personal-profile"]')
      .getByRole('button', { name: tr('ru', 'Save') })
      .click();
    await expect(page.getByText(tr('ru', 'Your profile has been saved.'))).toBeVisible();
    expect((await me()).fullName).toBe(typed);
  } finally {
    await request.post(`${API_PREFIX}/users/update`, {
      headers: bearer(token),
      data: { fullName: before.fullName },
    });
  }
  expect(errors).toEqual([]);
});

test('a submission pending in the tab (a reload while placing the order) is resumed on the server-rendered bag', async ({
  page,
  request,
}) => {
  const email = distributorFor('e2e', test.info().parallelIndex);
  await fillBag(request, email, 1);
  const token = await startSession(page, request, email);
  const headers = bearer(token);
  const [me, params] = await Promise.all(
    ['/users/me', '/users/warehouses/get-order-params'].map(
      async (path) => (await (await request.get(`${API_PREFIX}${path}`, { headers })).json()) as unknown,
    ),
  );
  const userId = (me as { id: number }).id;
  const pointId = (params as { pickupPoints: Array<{ id: number }> }).pickupPoints[0]?.id;
  expect(pointId).toBeDefined();
  const pending = {
    key: `ssr-${randomUUID()}`,
    body: { deliveryType: 'pickup', pickupPointId: pointId, paymentMethod: 'cash' },
  };
  // What the checkout left in the tab's storage as the reload came (src/features/shop/bag/checkout.actors.ts).
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    `checkout-pending:${userId}`,
    JSON.stringify(pending),
  ] as const);
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/shopping-bag', { waitUntil: 'commit' });
  // The server cannot see the tab's storage: it renders the bag.
  await expect(page.locator('main li.bag-line').first()).toBeVisible();
  release();
  await appStarted(page);
  // The app takes the bag over as it came, then finds the submission and resumes it, with the same key.
  await expect(page.getByTestId('order-placed')).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), `checkout-pending:${userId}`)).toBeNull();
  expect(errors).toEqual([]);
});
