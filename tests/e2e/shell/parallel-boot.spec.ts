// Issue 16, a parallel boot: the opened URL's screen chunk and its first data request do not wait for the session
// check. `GET /users/me` is held back until the screen's own request has been sent: if the boot were still a chain
// (me → warehouse → screen chunk → render → data), that request would never come and the test would fail.
import type { Page, Request } from '@playwright/test';
import { API_PREFIX, expect, startSession, test } from '../support/fixtures';

/** Holds `GET /users/me` until `release` resolves (or 10 s pass), answering it normally afterwards. */
async function holdSessionCheck(page: Page, release: Promise<unknown>): Promise<void> {
  await page.route(`**${API_PREFIX}/users/me`, async (route) => {
    await Promise.race([release, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
}

function firstRequest(page: Page, matches: (request: Request) => boolean) {
  return page.waitForRequest(matches, { timeout: 10_000 }).then(
    (request) => request,
    () => null,
  );
}

test('/new-order asks for its catalogue page while the session check is still pending', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  const goods = firstRequest(page, (r) => new URL(r.url()).pathname === `${API_PREFIX}/goods`);
  const screen = firstRequest(page, (r) => /\/assets\/new-order-page-[\w-]+\.js$/.test(r.url()));
  let goodsRequests = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `${API_PREFIX}/goods`) goodsRequests += 1;
  });
  await holdSessionCheck(page, goods);
  await page.goto('/new-order');
  const [goodsRequest, screenRequest] = await Promise.all([goods, screen]);
  expect(screenRequest, 'the screen chunk is requested at boot').not.toBeNull();
  expect(goodsRequest, 'GET /goods is sent before GET /users/me is answered').not.toBeNull();
  expect(new URL(goodsRequest?.url() ?? 'http://x/').searchParams.get('pageSize')).toBe('24');
  // The screen uses the prefetched page: the products show, with no second request for it.
  await expect(page.locator('.product-card__image').first()).toBeVisible();
  await page.waitForTimeout(500);
  expect(goodsRequests, 'the screen does not ask for the same page again').toBe(1);
});

test('/dashboard asks for the period figures while the session check is still pending', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  const info = firstRequest(page, (r) => new URL(r.url()).pathname === `${API_PREFIX}/users/my-info`);
  await holdSessionCheck(page, info);
  await page.goto('/dashboard');
  expect(await info, 'GET /users/my-info is sent before GET /users/me is answered').not.toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
