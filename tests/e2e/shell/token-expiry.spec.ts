// Spec section 5: an expired token is cleared and the user sent to /login, at load and by a timer while the app
// stays open. The tokens are real: signed with the test server's secret and the user's current session version.
import { test, expect, cachedToken } from '../support/fixtures';
import {
  claimsOf,
  nowSeconds,
  pathPattern,
  setTokenCookie,
  signToken,
  storedUser,
  tokenCookie,
  tr,
} from './shell-support';

const EMAIL = 'partner@demo.test';

test('a token cookie whose exp has passed sends to /login at load and is cleared', async ({
  page,
  request,
}) => {
  const claims = claimsOf(await cachedToken(request, EMAIL));
  const expired = await signToken(claims, nowSeconds() - 30);
  // The server agrees it is no longer good.
  const check = await request.get('/api/v3/users/me', { headers: { Authorization: `Bearer ${expired}` } });
  expect(check.status()).toBe(401);

  await setTokenCookie(page.context(), expired); // a session cookie: only the app can notice the exp
  await page.goto('/dashboard');
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('status')).toHaveText(
    tr('ru', 'Your session has expired. Please sign in again.'),
  );
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toHaveCount(0);
  expect(await tokenCookie(page.context())).toBeNull();
  expect(await storedUser(page)).toEqual({ user: null, isAuthenticated: false });
});

test('a token that expires while the app is open sends to /login by itself', async ({ page, request }) => {
  const claims = claimsOf(await cachedToken(request, EMAIL));
  const exp = nowSeconds() + 120;
  const shortLived = await signToken(claims, exp);
  // A real session: the server accepts it for now.
  const check = await request.get('/api/v3/users/me', { headers: { Authorization: `Bearer ${shortLived}` } });
  expect(check.status()).toBe(200);

  // The browser's clock runs naturally but can be moved on, so the test does not depend on how fast the page loads.
  await page.clock.install({ time: Date.now() });
  await setTokenCookie(page.context(), shortLived);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toBeVisible();
  await expect.poll(async () => (await storedUser(page))?.isAuthenticated).toBe(true);

  // Not before exp: a minute later the session is still there.
  await page.clock.fastForward(60_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  expect((await storedUser(page))?.isAuthenticated).toBe(true);

  // Past exp, with no navigation, reload or user action: the expiry timer ends the session.
  await page.clock.fastForward(61_000);
  await expect(page).toHaveURL(pathPattern('/login'));
  // The timer's reason (TOKEN_EXPIRED), not a 401 from a call.
  await expect(page.getByRole('status')).toHaveText(
    tr('ru', 'Your session has expired. Please sign in again.'),
  );
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toHaveCount(0);
  expect(await tokenCookie(page.context())).toBeNull();
  expect(await storedUser(page)).toEqual({ user: null, isAuthenticated: false });
});
