// Spec section 2: unknown paths show 'Sorry, page not found!', a hint about mistyped URLs and a link home, in the
// active language; a detail path with a malformed id is a missing object ('Not Found', spec section 8).
import type { Page } from '@playwright/test';
import { test, expect, startSession } from '../support/fixtures';
import { pathPattern, tr, type Locale } from './shell-support';

const HINT =
  'The page you are looking for does not exist. Perhaps the address was mistyped: check the URL, or start again from the home page.';

async function expectNotFoundPage(page: Page, locale: Locale): Promise<void> {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Sorry, page not found!'));
  await expect(main.getByText(tr(locale, HINT))).toBeVisible();
  await expect(main.getByRole('link', { name: tr(locale, 'Go to the home page') })).toHaveAttribute(
    'href',
    '/',
  );
  await expect(page).toHaveTitle(tr(locale, 'Sorry, page not found!'));
}

test('an unknown path shows the not-found page in Russian, and its link home works', async ({ page }) => {
  await page.goto('/no/such/page?x=1');
  await expect(page).toHaveURL(pathPattern('/no/such/page')); // no redirect: the address stays
  await expectNotFoundPage(page, 'ru');

  await page
    .getByRole('main')
    .getByRole('link', { name: tr('ru', 'Go to the home page') })
    .click();
  // Home for an anonymous visitor is /login.
  await expect(page).toHaveURL(pathPattern('/login'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
});

test('the not-found page follows the chosen language', async ({ page }) => {
  await page.goto('/missing-page');
  await expectNotFoundPage(page, 'ru');
  await page.getByRole('combobox', { name: tr('ru', 'Language') }).selectOption('it');
  await expectNotFoundPage(page, 'it');
  await page.getByRole('combobox', { name: tr('it', 'Language') }).selectOption('en');
  await expectNotFoundPage(page, 'en');
  await page.reload();
  await expectNotFoundPage(page, 'en');
});

test('logged in: the not-found page keeps the navigation, its link goes home; a bad id is Not Found', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'warehouse2@demo.test');
  await page.goto('/my-orders-warehouse/12/extra');
  await expectNotFoundPage(page, 'ru');
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toBeVisible();
  await page
    .getByRole('main')
    .getByRole('link', { name: tr('ru', 'Go to the home page') })
    .click();
  await expect(page).toHaveURL(pathPattern('/dashboard'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));

  // A detail route with an id that cannot exist: the route's error boundary, inside the layout.
  await page.goto('/my-orders-warehouse/not-a-number');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Not Found'));
  await expect(page.getByRole('navigation', { name: tr('ru', 'Main navigation') })).toBeVisible();
});
