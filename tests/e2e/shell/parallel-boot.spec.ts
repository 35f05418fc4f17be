// A parallel boot (docs/first-load.md), for a page the server sends as it is (its renderer off, failed or too
// slow: the browser renders the screen, see prerender.spec.ts for the rendered one): the opened URL's screen
// chunk and its first data request do not wait for the session check. `GET /users/me` is held back until the
// screen's own request has been sent: if the boot were still a chain (me → warehouse → screen chunk → render
// → data), that request would never come and the test would fail.
import type { Page, Request } from '@playwright/test';
import { BOOT_READS } from '#src/api/boot-reads.ts';
import { API_PREFIX, expect, startSession, test } from '../support/fixtures';

/** Holds `GET /users/me` until `release` resolves (or 10 s pass), answering it normally afterwards. */
async function holdSessionCheck(page: Page, release: Promise<unknown>): Promise<void> {
  await page.route(`**${API_PREFIX}/users/me`, async (route) => {
    await Promise.race([release, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await route.continue();
  });
}

/**
 * The server sends `path` as it is, as when its renderer is off or fails: the page is asked for without the
 * cookies (the server renders only for a token), while the browser keeps them for the app.
 */
async function sendPageAsItIs(page: Page, path: string): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      // A token the server cannot read: it neither renders nor redirects (a missing one is sent to /login), and the
      // context's own cookies are not sent.
      const response = await route.fetch({
        headers: { ...route.request().headers(), cookie: 'token=unreadable' },
      });
      const html = await response.text();
      expect(html, 'the page as it is').not.toContain('id="portal-prerendered"');
      await route.fulfill({ response, body: html });
    },
  );
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
  await sendPageAsItIs(page, '/new-order');
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
  await sendPageAsItIs(page, '/dashboard');
  await page.goto('/dashboard');
  expect(await info, 'GET /users/my-info is sent before GET /users/me is answered').not.toBeNull();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const { screen, email } of [
  { screen: '/dashboard', email: 'partner@demo.test' },
  { screen: '/new-order', email: 'partner@demo.test' },
  { screen: '/my-orders-warehouse', email: 'warehouse@demo.test' },
]) {
  test(`${screen}: the boot script sends the first reads before any JavaScript file has loaded, and nothing is asked twice`, async ({
    page,
    request,
  }) => {
    const reads = BOOT_READS.find((read) => read.screen === screen)?.paths ?? [];
    expect(reads.length).toBeGreaterThan(0);
    await startSession(page, request, email);
    // Every API request, by method, path with query and language (a language change may rightly read again),
    // until the live stream itself is asked for (`GET /events?ticket=…`): the stream's first `ready` then has the live
    // lists read once more (what changed between the first reads and the stream; machines/events/events.machine.ts),
    // counted apart. A read sent between the ticket and the stream (the bag's, once the first screen has painted)
    // counts as a first read: it too may miss a change made before the stream opens, so it is rightly read again.
    const sent = new Map<string, number>();
    const afterStream = new Map<string, number>();
    let streaming = false;
    let tickets = 0;
    let readsSent = 0;
    let imagesAsked = 0;
    const images = new Map<string, number>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/media/')) {
        imagesAsked += 1;
        images.set(url.pathname, (images.get(url.pathname) ?? 0) + 1);
      }
      if (!url.pathname.startsWith(API_PREFIX)) return;
      const key = `${r.method()} ${url.pathname.slice(API_PREFIX.length)}${url.search} ${r.headers()['accept-language'] ?? ''}`;
      if (key.startsWith('POST /events/ticket')) tickets += 1;
      if (key.startsWith('GET /events?')) streaming = true;
      const counts = streaming ? afterStream : sent;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (reads.includes(`${url.pathname.slice(API_PREFIX.length)}${url.search}`)) readsSent += 1;
    });
    // No script answers until the reads have gone out: they must not wait for any JavaScript of the app.
    let released: () => void = () => undefined;
    const release = new Promise<void>((resolve) => (released = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await Promise.race([release, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    await sendPageAsItIs(page, screen);
    await page.goto(screen, { waitUntil: 'commit' });
    await expect.poll(() => readsSent).toBe(reads.length);
    const firstImages = BOOT_READS.find((read) => read.screen === screen)?.preloadImages ?? 0;
    // The catalogue's first row (its largest paint) is asked for as soon as its page is here, still before any JS.
    if (firstImages > 0) await expect.poll(() => imagesAsked).toBeGreaterThanOrEqual(firstImages);
    released();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(500);
    for (const path of reads) {
      const times = [...sent].filter(([key]) => key.startsWith(`GET ${path} `));
      expect(times.length, `${path} was read`).toBeGreaterThan(0);
      for (const [key, count] of times) expect(count, `${key} sent once`).toBe(1);
    }
    const repeated = [...sent].filter(([key, count]) => key.startsWith('GET ') && count > 1);
    expect(repeated, 'no read is sent twice in the same language').toEqual([]);
    expect(
      [...images].filter(([, count]) => count > 1),
      'no image is downloaded twice',
    ).toEqual([]);
    expect(tickets, 'the live stream is opened once').toBeLessThanOrEqual(1);
    const readAgain = [...afterStream].filter(([key, count]) => key.startsWith('GET ') && count > 1);
    expect(readAgain, 'after the stream opens, a list is read again once at most').toEqual([]);
  });
}
