// First screens rendered on the server (docs/adr/0068-server-renders-first-screen.md): a signed-in visit's screen
// and /login come in the HTML and paint before any of the app's JavaScript has loaded; the app then takes the same
// DOM over (hydration) from the data that came with the page, asking for none of it again; what the user did in
// between is carried out once it has. A browser that would render the page differently renders its own.
import { DEMO_PASSWORD, expect, startSession, test } from '../support/fixtures';
import { apiRequests, appStarted, collectErrors, holdAppCode, returningBrowser } from './prerender-support';
import { tr } from './shell-support';

test('/dashboard paints from the HTML before any JavaScript, and the app takes the same screen over without asking for its data', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const sent = apiRequests(page);
  const release = await holdAppCode(page);
  await page.goto('/dashboard', { waitUntil: 'commit' });
  // No JavaScript of the app has run: the screen is the server's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  const firstOrder = page.locator('li[data-order-id]').first();
  await expect(firstOrder).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __serverOrder: Element | null }).__serverOrder =
      document.querySelector('li[data-order-id]');
  });
  expect(sent, 'nothing is asked before the app runs').toEqual([]);
  release();
  await appStarted(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // Hydrated: the element the server rendered is the one the app now runs.
  expect(
    await page.evaluate(
      () =>
        document.querySelector('li[data-order-id]') ===
        (window as unknown as { __serverOrder: Element | null }).__serverOrder,
    ),
    'the server-rendered element is kept',
  ).toBe(true);
  // Until the live stream opens: after it, a change made meanwhile (other tests complete orders in this
  // member's downline) is rightly read again.
  const streamOpened = sent.findIndex((path) => path.startsWith('/events?'));
  const hydrating = streamOpened === -1 ? sent : sent.slice(0, streamOpened);
  for (const read of ['/users/me', '/users/my-warehouse', '/users/my-info', '/users/my-target'])
    expect(hydrating, `${read} came with the page`).not.toContain(read);
  // The live stream resumes from the event log's position the page's reads were made at (the server sends what
  // changed since), instead of opening from nothing and having the screen read everything again.
  await expect
    .poll(() => sent.find((path) => path.startsWith('/events?')) ?? '')
    .toMatch(/[?&]lastEventId=\d+(&|$)/);
  expect(errors).toEqual([]);
  // And it is the app: a link navigates in place.
  await page
    .getByRole('link', { name: tr('ru', 'Personal data') })
    .first()
    .click();
  await expect(page).toHaveURL(/\/personal$/);
});

test('a tab chosen on the warehouse queue before the app has loaded is opened once it has', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'warehouse@demo.test');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/my-orders-warehouse', { waitUntil: 'commit' });
  const inProgress = page.getByRole('tab', { name: new RegExp(`^${tr('ru', 'In progress')}`) });
  await inProgress.click();
  await page.waitForTimeout(300);
  await expect(page).not.toHaveURL(/tab=/);
  release();
  await expect(inProgress).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/tab=in_?progress|tab=/);
  expect(errors).toEqual([]);
});

test('/login comes rendered; what is typed and sent before the app has loaded signs in once it has', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/login', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: tr('ru', 'Sign in') });
  await form.getByLabel(tr('ru', 'E-mail')).fill('partner@demo.test');
  await form.getByLabel(tr('ru', 'Password')).fill(DEMO_PASSWORD);
  await form.getByLabel(tr('ru', 'Password')).press('Enter');
  await page.waitForTimeout(300);
  // Held: not sent by the browser (which would put the form in a request of its own).
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  expect(errors).toEqual([]);
});

test('a browser in another language than the page was rendered in renders the page in its own', async ({
  page,
}) => {
  // The server renders Russian (the cookie); this browser has chosen English since (local storage).
  await returningBrowser(page.context(), 'ru');
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  const errors = collectErrors(page);
  const response = await page.goto('/login');
  expect(await response?.text()).toContain('id="portal-prerendered"');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'Login and password'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(errors).toEqual([]);
});

test('a signed-in browser opening /login is sent home by the server, and paints Main before any JavaScript', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  const response = await page.goto('/login', { waitUntil: 'commit' });
  // The redirect is the server's answer, not the app's: the browser followed a 302.
  const redirected = await response?.request().redirectedFrom()?.response();
  expect(redirected?.status()).toBe(302);
  expect(redirected?.headers().location).toBe('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  // No JavaScript of the app has run: Main is the server's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  await expect(page.locator('li[data-order-id]').first()).toBeVisible();
  release();
  await appStarted(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  expect(errors).toEqual([]);
});

test('a logged-out browser opening a signed-in screen is sent to /login by the server, and comes back after signing in', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  const response = await page.goto('/documents?year=2026', { waitUntil: 'commit' });
  const redirected = await response?.request().redirectedFrom()?.response();
  expect(redirected?.status()).toBe(302);
  expect(redirected?.headers().location).toBe(`/login?from=${encodeURIComponent('/documents?year=2026')}`);
  // The form is the server's, painted with the app's code held back.
  const form = page.getByRole('form', { name: tr('ru', 'Sign in') });
  await expect(form).toBeVisible();
  release();
  await appStarted(page);
  await form.getByLabel(tr('ru', 'E-mail')).fill('warehouse2@demo.test');
  await form.getByLabel(tr('ru', 'Password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: tr('ru', 'Sign in') }).click();
  await expect(page).toHaveURL(/\/documents\?year=2026$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Documents'));
  expect(errors).toEqual([]);
});
