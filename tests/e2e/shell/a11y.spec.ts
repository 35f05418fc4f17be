// axe-core (WCAG 2.0/2.1 A and AA) on the shell's pages, at a desktop width (desktop_md, 1280) and the narrowest
// supported one (iphone, 320): login, password recovery, 404, and the logged-in layout of a partner and a user.
// At 320 px the page must also fit without horizontal scrolling, with the navigation behind the menu button.
import type { Page } from '@playwright/test';
import { test, expect, startSession } from '../support/fixtures';
import { isLocale, tr, type Locale } from './shell-support';

const WIDTHS = [1280, 320] as const;
async function expectFitsWidth(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `the page is ${scrollWidth}px wide at a ${width}px viewport`).toBeLessThanOrEqual(
    width,
  );
}

/** The language the app settled on (a logged-in user's own language is applied after /users/me). */
async function activeLocale(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  if (!isLocale(lang)) throw new Error(`<html lang="${String(lang)}">`);
  return lang;
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 320 ? 640 : 800 } });

    test('login page', async ({ page, expectNoAxeViolations }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
      await expectNoAxeViolations(page);
      // With the form's own validation messages showing.
      await page.getByRole('button', { name: tr('ru', 'Sign in') }).click();
      await expect(page.getByText(tr('ru', 'Enter your e-mail address.'))).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsWidth(page, width);
    });

    test('password recovery page', async ({ page, expectNoAxeViolations }) => {
      await page.goto('/reset-pass');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await expectFitsWidth(page, width);
    });

    test('404 page', async ({ page, expectNoAxeViolations }) => {
      await page.goto('/this/does/not/exist');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Sorry, page not found!'));
      await expectNoAxeViolations(page);
      await expectFitsWidth(page, width);
    });

    for (const { email, path, heading } of [
      { email: 'partner@demo.test', path: '/dashboard', heading: 'Main' },
      { email: 'user@demo.test', path: '/personal', heading: 'Personal data' },
    ]) {
      test(`logged-in layout: ${path} as ${email}`, async ({ page, request, expectNoAxeViolations }) => {
        const token = await startSession(page, request, email);
        // The account's language, which the page follows (the server may have rendered it with the profile).
        const me = await request.get('/api/v3/users/me', { headers: { Authorization: `Bearer ${token}` } });
        await page.goto(path);
        const lang = ((await me.json()) as { lang?: unknown }).lang;
        await expect(page.locator('html')).toHaveAttribute('lang', String(lang));
        const locale = await activeLocale(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, heading));
        await expectNoAxeViolations(page);
        await expectFitsWidth(page, width);

        const menuButton = page.getByRole('button', { name: tr(locale, 'Menu'), exact: true });
        const nav = page.getByRole('navigation', { name: tr(locale, 'Main navigation') });
        if (width === 320) {
          // Phones: the navigation opens from the menu button.
          await expect(nav.getByRole('link').first()).toBeHidden();
          await menuButton.click();
          await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
          await expect(nav.getByRole('link', { name: tr(locale, 'Personal data') })).toBeVisible();
          await expectNoAxeViolations(page);
          await expectFitsWidth(page, width);
          await page.keyboard.press('Escape');
          await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
        } else {
          await expect(nav.getByRole('link', { name: tr(locale, 'Personal data') })).toBeVisible();
        }

        // The account menu open.
        const account = page.getByRole('button', { name: tr(locale, 'Account menu') });
        await account.click();
        await expect(page.getByRole('button', { name: tr(locale, 'Log out') })).toBeVisible();
        await expectNoAxeViolations(page);
        await expectFitsWidth(page, width);
      });
    }
  });
}
