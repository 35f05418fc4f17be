// A wrong password: the server's translated INVALID_CREDENTIALS text as a toast (spec section 8), in the stored
// language (Russian by default, English after the switcher on the login page), and the visitor stays on /login.
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { pathPattern, storedUser, tr, type Locale } from './shell-support';

// server/http/error-messages.ts, INVALID_CREDENTIALS.message (what the body's `translations` carry).
const INVALID_CREDENTIALS: Record<'ru' | 'en', string> = {
  ru: 'Неверный адрес электронной почты или пароль.',
  en: 'The e-mail address or password is incorrect.',
};

// Not a demo account other tests log in as: failed attempts count against the login rate limit per e-mail.
const EMAIL = 'sklad.balti@demo.test';

async function submitWrongPassword(page: Page, locale: Locale): Promise<void> {
  const form = page.getByRole('form', { name: tr(locale, 'Sign in') });
  await form.getByLabel(tr(locale, 'E-mail')).fill(EMAIL);
  await form.getByLabel(tr(locale, 'Password'), { exact: true }).fill('not-the-password-1');
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v3/users/login');
  await form.getByRole('button', { name: tr(locale, 'Sign in') }).click();
  const response = await answer;
  expect(response.status()).toBe(401);
  expect(await response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401 });
}

function toasts(page: Page, locale: Locale) {
  return page.getByRole('region', { name: tr(locale, 'Notifications (Alt+T)') }).getByRole('alert');
}

async function expectStillOnLogin(page: Page, locale: Locale): Promise<void> {
  // The form says it beside the fields too (for screen readers), and nothing is logged in.
  await expect(page.getByRole('form', { name: tr(locale, 'Sign in') }).getByRole('alert')).toHaveText(
    tr(locale, 'Wrong e-mail or password.'),
  );
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Login and password'));
  expect((await storedUser(page))?.isAuthenticated ?? false).toBe(false);
}

test('a wrong password shows the server’s Russian toast by default and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');

  await submitWrongPassword(page, 'ru');
  const toast = toasts(page, 'ru');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveText(INVALID_CREDENTIALS.ru);
  await expectStillOnLogin(page, 'ru');

  // The toast closes with its labelled button.
  await toast.getByRole('button', { name: tr('ru', 'Close notification') }).click();
  await expect(toast).toHaveCount(0);
});

test('after switching the login page to English, the toast is the server’s English text', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('en', 'Login and password'));

  await submitWrongPassword(page, 'en');
  const toast = toasts(page, 'en');
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(INVALID_CREDENTIALS.en);
  // The whole toast is in the chosen language: no Russian sentence under the English one. (The browser's own
  // language is Russian here; the app's choice must win.) Read once: a retrying assertion would outlive the toast.
  const lines = await toast.getByRole('paragraph').allInnerTexts();
  expect(lines, 'the toast should be in English only').toEqual([INVALID_CREDENTIALS.en]);
  await expectStillOnLogin(page, 'en');
});
