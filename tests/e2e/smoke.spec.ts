// The harness itself: the built SPA and the API are served on one origin by the reference server,
// with the security headers, and a real Chromium renders the app.
import { test, expect, API_PREFIX } from './support/fixtures';

const LANGUAGES = ['ru', 'en', 'ro', 'uk', 'it'];

function expectSecurityHeaders(headers: Record<string, string>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['content-security-policy']).toMatch(/frame-ancestors\s+'(none|self)'/);
}

test('index.html of the built app is served, also for a client-side route', async ({ request }) => {
  for (const path of ['/', '/login', '/some/client/route']) {
    // As a browser navigates (the server answers JSON 404s to clients that do not accept HTML).
    const response = await request.get(path, { headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain('text/html');
    const html = await response.text();
    // The app's entry: a module script, or (a page with its first screen rendered by the server, /login) the boot
    // script's list of entry scripts, which it adds once that screen has painted.
    expect(html, path).toMatch(
      /<script[^>]+type="module"[^>]+src="\/assets\/[^"]+\.js"|entryScripts:\[["'`]\/assets\/[^"'`]+\.js["'`]/,
    );
    expectSecurityHeaders(response.headers());
  }
});

test('the API answers 401 in the error shape without a token', async ({ request }) => {
  const response = await request.get(`${API_PREFIX}/users/me`);
  expect(response.status()).toBe(401);
  expect(response.headers()['content-type']).toContain('application/json');
  expectSecurityHeaders(response.headers());
  const body = await response.json();
  expect(body).toMatchObject({
    status: 401,
    code: expect.stringMatching(/^[A-Z_]+$/),
    message: expect.any(String),
  });
  expect(Object.keys(body.translations).sort()).toEqual([...LANGUAGES].sort());
  expect(JSON.stringify(body)).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
});

test('Chromium renders the app without a page error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/login');
  await expect(page.locator('body')).not.toBeEmpty();
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(errors).toEqual([]);
});
