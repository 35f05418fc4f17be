// Spec section 2: a token in the query string on `/` logs in, is stored, and leaves neither the address bar nor the
// history; an invalid one leads to /login (and ends a session that was there).
import { test, expect, cachedToken } from '../support/fixtures';
import { pathPattern, setTokenCookie, storedUser, tokenCookie, tr } from './shell-support';

const EMAIL = 'warehouse@demo.test';

test('a valid token in the query string logs in and leaves the URL and the history clean', async ({
  page,
  request,
}) => {
  const token = await cachedToken(request, EMAIL);
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url());
  });

  await page.goto('/login'); // an entry of this origin before the tokened one
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
  const lengthBefore = await page.evaluate(() => history.length);

  await page.goto(`/?token=${encodeURIComponent(token)}&utm_source=mail`);
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toBeVisible();
  expect(page.url()).not.toContain('token');
  expect(await page.evaluate(() => location.href)).not.toContain(token);

  // The token is stored where the app keeps it, and the user is stored as logged in.
  expect(await tokenCookie(page.context())).toBe(token);
  await expect.poll(async () => (await storedUser(page))?.user?.email).toBe(EMAIL);
  expect((await storedUser(page))?.isAuthenticated).toBe(true);

  // The tokened address replaced its history entry: one entry more than before, and going back skips it.
  expect(await page.evaluate(() => history.length)).toBe(lengthBefore + 1);
  await page.goBack();
  await expect(page).toHaveURL(/\/(login|dashboard)$/);
  expect(page.url()).not.toContain('token');
  // Back on /login while logged in: the app sends home again.
  await expect(page).toHaveURL(pathPattern('/dashboard'));

  // No call ever carried the token in its URL.
  expect(apiCalls.length).toBeGreaterThan(0);
  for (const url of apiCalls) expect(url).not.toContain(token);
});

test('an invalid token in the query string leads to /login and ends the current session', async ({
  page,
  request,
}) => {
  // Anonymous: straight to /login, with the reason.
  await page.goto('/?token=not-a-jwt');
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('status')).toHaveText(
    tr('ru', 'The sign-in link is invalid or has expired. Please sign in.'),
  );
  expect(page.url()).not.toContain('token');

  // With a valid session in the cookie, a bad link still wins: the session ends.
  const token = await cachedToken(request, EMAIL);
  await setTokenCookie(page.context(), token);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));

  await page.goto('/?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad-signature');
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
  expect(await tokenCookie(page.context())).toBeNull();
  expect(await storedUser(page)).toEqual({ user: null, isAuthenticated: false });
});
