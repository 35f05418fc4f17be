// The header's language switch (docs/adr/0045-languages.md): logged in, POST /users/lang first, then the
// interface changes without a reload; the choice survives a reload and the server stored it.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, baseURL, bearer } from '../support/fixtures';
import { pathPattern, tokenCookie, tr, type Locale } from './shell-support';

// Only this file logs in as this account, and it puts the language back (the seed's 'ru') at the end.
const EMAIL = 'sklad.balti@demo.test';

async function serverLang(request: APIRequestContext, token: string): Promise<unknown> {
  const response = await request.get('/api/v3/users/me', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { lang?: unknown }).lang;
}

async function switchLanguage(page: Page, from: Locale, to: Locale): Promise<void> {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v3/users/lang',
  );
  await page.getByRole('combobox', { name: tr(from, 'Language') }).selectOption(to);
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ lang: to });
}

async function expectInterfaceIn(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  const nav = page.getByRole('navigation', { name: tr(locale, 'Main navigation') });
  await expect(nav.getByRole('link')).toHaveText(
    ['Main', 'Warehouse orders', '1C exchange', 'Personal data'].map((label) => tr(locale, label)),
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Main'));
  await expect(page.getByRole('combobox', { name: tr(locale, 'Language') })).toHaveValue(locale);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang'))).toBe(locale);
}

test('the language switch applies without a reload, survives a reload and is stored on the server', async ({
  page,
  browser,
  request,
  loginAs,
}) => {
  await loginAs(page, EMAIL);
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  await expectInterfaceIn(page, 'ru');
  const token = await tokenCookie(page.context());
  if (token === null) throw new Error('no token cookie after logging in');

  // A marker on window tells a reload apart from an in-place update.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const sameDocument = () =>
    page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

  try {
    await switchLanguage(page, 'ru', 'en');
    await expectInterfaceIn(page, 'en');
    expect(await sameDocument()).toBe(true);
    expect(await serverLang(request, token)).toBe('en');

    await page.reload();
    expect(await sameDocument()).toBe(false);
    await expectInterfaceIn(page, 'en');
    await expect(page).toHaveURL(pathPattern('/dashboard'));
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await switchLanguage(page, 'en', 'it');
    await expectInterfaceIn(page, 'it');
    expect(await sameDocument()).toBe(true);
    expect(await serverLang(request, token)).toBe('it');

    // A fresh browser (no local storage) takes the language from the server's /users/me.
    const fresh = await browser.newContext({ baseURL: baseURL(), locale: 'ru-RU' });
    try {
      await fresh.addCookies(await page.context().cookies());
      const other = await fresh.newPage();
      await other.goto('/dashboard');
      await expectInterfaceIn(other, 'it');
    } finally {
      await fresh.close();
    }

    await switchLanguage(page, 'it', 'ru');
    await expectInterfaceIn(page, 'ru');
    expect(await sameDocument()).toBe(true);
  } finally {
    // Leave the account as the seed made it, whatever happened above.
    const reset = await request.post('/api/v3/users/lang', { headers: bearer(token), data: { lang: 'ru' } });
    expect(reset.status()).toBe(200);
  }
  expect(await serverLang(request, token)).toBe('ru');
});
