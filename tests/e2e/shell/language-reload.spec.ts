// A reload right after choosing the language keeps it (the choice is stored locally first and marked unsaved, then
// reconciled with the server): the `POST /users/lang` of the choice is held so that the page reloads before the
// server has it; after the reload the interface is in the chosen language at once (never back to Russian) and the
// app saves it on the server itself. Each test uses its own account (no other test logs in as it) and puts the
// seed's language back at the end.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiLogin, bearer, DEMO_PASSWORD } from '../support/fixtures';
import { pathPattern, tokenCookie, tr, type Locale } from './shell-support';

const LANG_PATH = '/api/v3/users/lang';

/** Every value `<html lang>` takes after the page's own script starts (the static `ru` of index.html is not one). */
async function recordLangChanges(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __langChanges: seen });
    // The document has no <html> element yet when this runs: watch the whole tree, keep only the root's changes.
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.target === document.documentElement) seen.push(document.documentElement.lang);
      }
    }).observe(document, { attributes: true, attributeFilter: ['lang'], subtree: true });
  });
}

const langChanges = (page: Page) =>
  page.evaluate(() => (window as { __langChanges?: string[] }).__langChanges ?? []);

/**
 * Holds every `POST /users/lang` unanswered until the page next navigates (the reload), and resolves `body` once the
 * browser sent the first. The held requests stay held through the reload, which cancels them with their page:
 * unrouting them instead would let Chromium send them on to the server (the old page may then even get the answer
 * and drop its unsaved mark before it unloads), and the server would have the choice before the reload. The
 * reloaded page's own saves go through. The browser reports requests in the order it makes them, so every save of
 * the old page is held before the reload's navigation request ends the holding.
 */
async function holdLanguageSaves(page: Page): Promise<{ body: Promise<unknown> }> {
  let holding = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) holding = false;
  });
  let sent: (body: unknown) => void = () => {};
  const request = new Promise<unknown>((resolve) => {
    sent = resolve;
  });
  await page.route(`**${LANG_PATH}`, (route) => {
    if (route.request().method() !== 'POST' || !holding) return route.continue();
    sent(route.request().postDataJSON());
    return undefined;
  });
  return { body: request };
}

async function sessionToken(page: Page): Promise<string> {
  const token = await tokenCookie(page.context());
  if (token === null) throw new Error('no token cookie after logging in');
  return token;
}

async function serverLang(request: APIRequestContext, token: string): Promise<unknown> {
  const response = await request.get('/api/v3/users/me', { headers: bearer(token) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { lang?: unknown }).lang;
}

async function expectInterfaceIn(page: Page, locale: Locale): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Main'));
  await expect(page.getByRole('combobox', { name: tr(locale, 'Language') })).toHaveValue(locale);
}

/** Reloads with the held saves unanswered; after it the app must send the choice again and the server take it. */
async function reloadAndExpectKept(page: Page, request: APIRequestContext, token: string): Promise<void> {
  const resent = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === LANG_PATH,
  );
  await page.reload();
  await expectInterfaceIn(page, 'en');
  const response = await resent;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({ lang: 'en' });
  await expect.poll(() => serverLang(request, token)).toBe('en');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('lang-unsaved'))).toBeNull();
  // Never Russian, not even for a moment: every value `<html lang>` took is the choice (the save's own apply step
  // may set it once more, to the same language).
  const changes = await langChanges(page);
  expect(changes.length).toBeGreaterThan(0);
  expect(new Set(changes)).toEqual(new Set(['en']));
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
}

async function resetLanguage(request: APIRequestContext, email: string): Promise<void> {
  const token = await apiLogin(request, email);
  const reset = await request.post(LANG_PATH, { headers: bearer(token), data: { lang: 'ru' } });
  expect(reset.status()).toBe(200);
}

test('a reload right after switching the language keeps it and saves it on the server', async ({
  page,
  request,
  loginAs,
}) => {
  const email = 'oksana.kravcenko@demo.test';
  // From a known start, also when a first attempt timed out before its own reset.
  await resetLanguage(request, email);
  try {
    await recordLangChanges(page);
    await loginAs(page, email);
    await expect(page).toHaveURL(pathPattern('/dashboard'));
    await expectInterfaceIn(page, 'ru');
    const token = await sessionToken(page);
    expect(await serverLang(request, token)).toBe('ru');

    const held = await holdLanguageSaves(page);
    await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('en');
    expect(await held.body).toEqual({ lang: 'en' });
    expect(await serverLang(request, token)).toBe('ru');
    await reloadAndExpectKept(page, request, token);
  } finally {
    await resetLanguage(request, email);
  }
});

test('a reload right after signing in with a language chosen on the login page keeps it', async ({
  page,
  request,
}) => {
  const email = 'natalia.petrenko@demo.test';
  // From a known start, also when a first attempt timed out before its own reset.
  await resetLanguage(request, email);
  try {
    await recordLangChanges(page);
    await page.goto('/login');
    await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const held = await holdLanguageSaves(page);
    const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
    await form.locator('input[name="email"]').fill(email);
    await form.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await form.locator('button[type="submit"]').click();
    expect(await held.body).toEqual({ lang: 'en' });
    await expect(page).toHaveURL(pathPattern('/dashboard'));
    const token = await sessionToken(page);
    expect(await serverLang(request, token)).toBe('ru');
    await reloadAndExpectKept(page, request, token);
  } finally {
    await resetLanguage(request, email);
  }
});
