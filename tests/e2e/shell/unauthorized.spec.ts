// Spec section 8: a 401 from any call clears auth and goes to /login. The session is ended for real on the server:
// a password change bumps the user's session version, so the browser's token is refused from then on.
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { test, expect, apiLogin, bearer, DEMO_PASSWORD } from '../support/fixtures';
import { pathPattern, storedUser, tokenCookie, tr } from './shell-support';

// Only this file uses this account; its password is put back before any assertion.
const EMAIL = 'sklad.cahul@demo.test';
const TEMPORARY_PASSWORD = 'Shell-e2e-temporary-7';

async function changePassword(
  request: APIRequestContext,
  token: string,
  currentPassword: string,
  newPassword: string,
): Promise<string> {
  const response = await request.post('/api/v3/users/new-password', {
    headers: bearer(token),
    data: { currentPassword, newPassword, newPasswordConfirmation: newPassword },
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { access_token?: unknown };
  if (typeof body.access_token !== 'string') throw new Error('no access_token after the password change');
  return body.access_token;
}

/**
 * Ends every session of the account but a new one, as a password change from another device does: the password is
 * changed and changed back (the session version goes up twice; the password is the demo one again).
 */
async function endSessionsElsewhere(request: APIRequestContext): Promise<void> {
  const token = await apiLogin(request, EMAIL);
  const changed = await changePassword(request, token, DEMO_PASSWORD, TEMPORARY_PASSWORD);
  await changePassword(request, changed, TEMPORARY_PASSWORD, DEMO_PASSWORD);
}

async function logInAndCheck(
  page: Page,
  loginAs: (page: Page, email: string) => Promise<void>,
): Promise<string> {
  await loginAs(page, EMAIL);
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toBeVisible();
  await expect.poll(async () => (await storedUser(page))?.user?.email).toBe(EMAIL);
  const token = await tokenCookie(page.context());
  if (token === null) throw new Error('no token cookie after logging in');
  return token;
}

async function expectLoggedOutByServer(page: Page): Promise<void> {
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('status')).toHaveText(
    tr('ru', 'Your session has ended. Please sign in again.'),
  );
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toHaveCount(0);
  expect(await storedUser(page)).toEqual({ user: null, isAuthenticated: false });
  expect(await tokenCookie(page.context())).toBeNull();
}

test('a 401 from a call made by the open app logs out and clears the stored user', async ({
  page,
  request,
  loginAs,
}) => {
  // The live event stream ends at once on a password change and would log the page out on its own: this test is
  // about a call the open app makes, so the stream stays shut.
  await page.route('**/api/v3/events**', (route) => route.abort());
  const browserToken = await logInAndCheck(page, loginAs);
  // Let the screen's own first reads finish (a warehouse home's queues can still be on their way): a 401 on one of
  // them would log out before the call this test makes.
  await page.waitForLoadState('networkidle');
  // From here until the language switch, any other call the app makes in the background (a query read again, a
  // screen's idle prefetch) would meet the 401 first and log out on its own, as it should; it fails as if offline
  // instead, so the call that meets the 401 is the one this test makes.
  const quiet = (route: Route) =>
    new URL(route.request().url()).pathname === '/api/v3/users/lang' ? route.fallback() : route.abort();
  await page.route('**/api/v3/**', quiet);
  await endSessionsElsewhere(request);
  const refused = await request.get('/api/v3/users/me', { headers: bearer(browserToken) });
  expect(refused.status()).toBe(401);

  // The page still shows the logged-in layout until it makes a call; the language switch is one (POST /users/lang).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  const call = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v3/users/lang');
  await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('en');
  expect((await call).status()).toBe(401);
  await page.unroute('**/api/v3/**', quiet);

  await expectLoggedOutByServer(page);
  // Nothing changed: the failed switch left the language as it was.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  // The account itself is fine: logging in again works.
  await logInAndCheck(page, loginAs);
});

test('a 401 at start-up (a token that is no longer valid on the server) logs out', async ({
  page,
  request,
  loginAs,
}) => {
  // Without this, the live event stream (which ends at once on a password change) may log the page out before it
  // reloads; this test is about the check at start-up.
  await page.route('**/api/v3/events**', (route) => route.abort());
  await logInAndCheck(page, loginAs);
  // Leave the app while the session ends, so no background call (a refetch, a presence beat) logs it out first:
  // this test is about the check at start-up. The stored token stays.
  await page.goto('about:blank');
  await endSessionsElsewhere(request);

  // The first call to answer may be `/users/me` or the screen's own data, prefetched at boot beside it:
  // whichever it is, its 401 logs the page out.
  const firstAnswer = page.waitForResponse(
    (r) => r.request().method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/v3/'),
  );
  await page.goto('/my-orders-warehouse');
  expect((await firstAnswer).status()).toBe(401);
  await expectLoggedOutByServer(page);
});
