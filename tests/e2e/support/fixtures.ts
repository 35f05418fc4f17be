// The browser tests' `test` and `expect`. Import them from here, not from @playwright/test:
//
//   import { test, expect } from './support/fixtures';
//   test('...', async ({ page, loginAs, apiLogin, expectNoAxeViolations }) => {
//     await loginAs(page, 'partner@demo.test');            // through the login form, waits to leave /login
//     const token = await apiLogin(request, 'warehouse@demo.test'); // bare JWT from POST /api/v3/users/login
//     await expectNoAxeViolations(page);                    // WCAG 2.0/2.1 A and AA
//   });
//
// The helpers are also exported as plain functions for use outside a fixture.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

/** The password of every demo account. */
export const DEMO_PASSWORD = 'demo1234';
export const API_PREFIX = '/api/v3';
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

/** The base URL of the server under test (set by global-setup.ts, or by you). */
export function baseURL(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through `npm run test:e2e`');
  return url;
}

/**
 * Logs in through the UI: opens /login, fills the fields named `email` and `password`, submits, and waits
 * until the app has left /login (the landing page depends on the role).
 */
export async function loginAs(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(?:[/?#]|$)/, { timeout: 15_000 });
}

/** Logs in through the API (form data, as the contract says) and returns the bare JWT. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const response = await request.post(`${API_PREFIX}/users/login`, { form: { email, password } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok()) {
    throw new Error(`login as ${email} failed: HTTP ${response.status()} ${JSON.stringify(body)}`);
  }
  const token = (body as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string' || token === '') {
    throw new Error(`login as ${email}: no access_token in ${JSON.stringify(body)}`);
  }
  return token;
}

/** Headers for an authenticated API call. */
export function bearer(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. a third-party widget). */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
}

/** Runs axe-core with the WCAG 2.0/2.1 A+AA tags and fails with a readable list of the violations. */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([...AXE_TAGS]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const report = violations.map((violation) =>
    [
      `[${violation.impact ?? 'unknown'}] ${violation.id}: ${violation.help} (${violation.helpUrl})`,
      ...violation.nodes.map(
        (node) =>
          `    target ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').split('\n').join('\n      ')}`,
      ),
    ].join('\n'),
  );
  expect(
    violations.length,
    `axe found ${violations.length} violation(s) on ${page.url()}:\n${report.join('\n')}`,
  ).toBe(0);
}

interface Helpers {
  loginAs: typeof loginAs;
  apiLogin: typeof apiLogin;
  expectNoAxeViolations: typeof expectNoAxeViolations;
}

export const test = base.extend<Helpers>({
  loginAs: async ({}, use) => {
    await use(loginAs);
  },
  apiLogin: async ({}, use) => {
    await use(apiLogin);
  },
  expectNoAxeViolations: async ({}, use) => {
    await use(expectNoAxeViolations);
  },
});

const cachedTokens = new Map<string, string>();

/**
 * A token of `email`, fetched once per worker and account (`apiLogin`) and reused: POST /users/login is rate
 * limited per client address and e-mail (LOGIN_RATE_LIMIT_MAX, 10 a minute by default), and every test shares
 * 127.0.0.1. Do not use it for an account whose sessions a test ends (password change).
 */
export async function cachedToken(
  request: APIRequestContext,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const key = `${email.toLowerCase()}\n${password}`;
  const cached = cachedTokens.get(key);
  if (cached !== undefined) return cached;
  const token = await apiLogin(request, email, password);
  cachedTokens.set(key, token);
  return token;
}

/**
 * Starts a logged-in session in the page's browser context without the login form: the `token` cookie as the app
 * writes it (bare JWT, path /, SameSite=Lax). Then `page.goto(...)` any route. Answers the token.
 */
export async function startSession(page: Page, request: APIRequestContext, email: string): Promise<string> {
  const token = await cachedToken(request, email);
  await page.context().addCookies([{ name: 'token', value: token, url: baseURL(), sameSite: 'Lax' }]);
  return token;
}
