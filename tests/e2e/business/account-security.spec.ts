// Passwords, sessions and sign-in links as a person meets them (docs/adr/0122-sessions-that-end.md,
// docs/adr/0123-passwords-by-asvs.md): the strength meter under the new password says why in every language and
// fits a phone, and the server refuses what it warns of; "sign out on all devices" ends a second browser's session
// and a copied token; a sign-in link of another account asks before it replaces the session.
// Screens are written to `.tmp/screens/` when E2E_SCREENS=1 (to look at, not compared).
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { apiGet } from './business-support';
import { showInLanguage, widerThanViewport } from './layout-support';
import {
  API_PREFIX,
  apiLogin,
  baseURL,
  bearer,
  cachedToken,
  DEMO_PASSWORD,
  expect,
  test,
} from '../support/fixtures';
import { LOCALES, type Locale, storedUser, tr } from '../shell/shell-support';
import { appRuns } from '../shell/prerender-support';

type NetworkView = components['schemas']['NetworkView'];

const SCREENS = process.env.E2E_SCREENS === '1' ? '.tmp/screens' : null;

/**
 * A first-line member of pw@demo.test whom no other test signs in as: not the first one without a downline (the
 * password change of personal.spec.ts takes that one), `which` 1 or 2 of the others.
 */
async function member(request: APIRequestContext, which: 1 | 2): Promise<string> {
  const pwToken = await cachedToken(request, 'pw@demo.test');
  const network = await apiGet<NetworkView>(request, pwToken, '/users/my-network?pageSize=20');
  const taken = network.children.items.find((child) => child.childrenCount === 0);
  const email = network.children.items.filter((child) => child !== taken)[which - 1]?.email;
  expect(email, `pw@demo.test has ${which + 1} first-line members`).toBeTruthy();
  return email ?? '';
}

/** A browser signed in with `token` (the cookie the app writes), showing the app in `locale`. */
async function signedInPage(browser: Browser, token: string, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL() });
  await context.addCookies([{ name: 'token', value: token, url: baseURL(), sameSite: 'Lax' }]);
  const page = await context.newPage();
  await showInLanguage(page, locale);
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  if (SCREENS === null) return;
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** At 390 and 1280 px: nothing sticks out sideways; the screen is shot at both. */
async function expectFits(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => widerThanViewport(page), `${name} at ${width} px`)
      .toEqual({ scroll: 0, elements: [] });
    await shoot(page, `${name}-${width}`);
  }
}

test('the strength meter says why in five languages and fits a phone; the server refuses what it warns of', async ({
  browser,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(180_000);
  const email = await member(request, 1);
  const token = await apiLogin(request, email);
  for (const locale of LOCALES) {
    const page = await signedInPage(browser, token, locale);
    try {
      await page.goto('/personal');
      const field = page.locator('#password-new');
      await expect(field).toBeVisible({ timeout: 30_000 }); // a busy two-core runner
      // The meter as the app runs it (typing before it takes the server's page over: prerender-last-screens.spec).
      await appRuns(page);
      // Before anything is typed: what is asked, and that a phrase is a good idea.
      await expect(page.locator('#password-new-strength')).toContainText(
        tr(
          locale,
          'At least 8 characters; 12 or more is better. A phrase of a few unrelated words is easy to remember and hard to guess.',
        ),
      );
      await field.fill('password1');
      const meter = page.locator('#password-new-strength');
      await expect(meter).toContainText(tr(locale, 'This is a commonly used password: it will be refused.'));
      await expect(meter.getByRole('img')).toHaveAttribute(
        'aria-label',
        tr(locale, 'Password strength: {label}').replace('{label}', tr(locale, 'Very weak')),
      );
      await expect(field).toHaveAttribute('aria-describedby', /password-new-strength/);
      await page.locator('#password-new-strength').scrollIntoViewIfNeeded();
      await expectFits(page, `personal-password-weak-${locale}`);
      if (locale === 'ru') await expectNoAxeViolations(page);

      await field.fill('тихий вечер над старым Днестром');
      await expect(meter.getByRole('img')).toHaveAttribute(
        'aria-label',
        tr(locale, 'Password strength: {label}').replace('{label}', tr(locale, 'Very strong')),
      );
      await expect(meter).not.toContainText(
        tr(locale, 'This is a commonly used password: it will be refused.'),
      );
      await shoot(page, `personal-password-strong-${locale}-1280`);

      if (locale === 'en') {
        // Sent anyway: the server refuses it with the reason, and the session goes on.
        await field.fill('password1');
        await page.locator('#password-current').fill(DEMO_PASSWORD);
        await page.locator('#password-confirmation').fill('password1');
        await page.locator('#password-confirmation').press('Enter');
        await expect(
          page.getByRole('alert').filter({
            hasText: tr(
              locale,
              'This password is one of the most common ones, which are tried first. Choose another, such as a phrase of a few words.',
            ),
          }),
        ).toBeVisible();
        const me = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) });
        expect(me.status()).toBe(200);
      }
    } finally {
      await page.context().close();
    }
  }
  // The demo password still signs in: nothing was changed.
  expect(await apiLogin(request, email)).toBeTruthy();
});

test('"sign out on all devices" ends a second browser\'s session and a copied token, and says so', async ({
  page,
  browser,
  request,
  loginAs,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const email = await member(request, 2);
  const copied = await apiLogin(request, email);
  const other = await signedInPage(browser, copied, 'ru');
  try {
    await other.goto('/personal');
    await expect(other.locator('#password-new')).toBeVisible({ timeout: 30_000 });

    // The member's own language is whatever the demo gave them: this browser shows Russian, as the other one does.
    await showInLanguage(page, 'ru');
    await loginAs(page, email);
    await page.goto('/personal');
    await expect(page.locator('#password-new')).toBeVisible({ timeout: 30_000 });
    const section = page.locator('section[aria-labelledby="personal-sessions"]');
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(tr('ru', 'Devices'));
    await section.getByRole('button', { name: tr('ru', 'Sign out on all devices') }).click();
    const confirm = section.getByRole('group');
    await expect(confirm).toContainText(tr('ru', 'Sign out on all devices, this one included?'));
    await section.scrollIntoViewIfNeeded();
    await expectFits(page, 'personal-sessions-confirm-ru');
    await expectNoAxeViolations(page);
    // Cancel keeps everything as it was; asked again, "yes" signs out.
    await confirm.getByRole('button', { name: tr('ru', 'Cancel') }).click();
    await expect(section.getByRole('group')).toHaveCount(0);
    await section.getByRole('button', { name: tr('ru', 'Sign out on all devices') }).click();
    await section.getByRole('button', { name: tr('ru', 'Yes, sign out everywhere') }).click();

    await expect(page).toHaveURL(/\/login(?:[?#]|$)/);
    await expect(page.getByRole('status')).toHaveText(
      tr('ru', 'You have been signed out on all devices. Sign in again here whenever you like.'),
    );
    await expectFits(page, 'login-signed-out-everywhere-ru');

    // The copied token is over on the server, and the other browser is sent to /login at its next call.
    const me = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(copied) });
    expect(me.status()).toBe(401);
    await other.reload();
    await expect(other).toHaveURL(/\/login(?:[?#]|$)/);
  } finally {
    await other.context().close();
  }
});

test('a sign-in link of another account asks first: staying keeps the session, switching takes the link', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(90_000);
  const email = await member(request, 1);
  const mine = await apiLogin(request, email);
  const link = await cachedToken(request, 'warehouse2@demo.test');
  await page.context().addCookies([{ name: 'token', value: mine, url: baseURL(), sameSite: 'Lax' }]);
  await page.goto('/personal');
  await expect(page.locator('#password-new')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await storedUser(page))?.user?.email).toBe(email);

  await page.goto(`/?token=${encodeURIComponent(link)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Switch accounts?'));
  await expect(page.getByRole('main')).toContainText(
    tr('ru', 'This link signs in to another account than {email}, which is signed in here.').replace(
      '{email}',
      email,
    ),
  );
  await expectFits(page, 'switch-account-ru');
  await expectNoAxeViolations(page);
  const stay = page.getByRole('button', {
    name: tr('ru', 'Stay signed in as {email}').replace('{email}', email),
  });
  // By keyboard: staying is a focusable button that Enter presses.
  await stay.focus();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/token=/);
  await expect(page).not.toHaveURL(/\/login/);
  expect(await storedUser(page)).toMatchObject({ isAuthenticated: true, user: { email } });
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value).toBe(mine);

  await page.goto(`/?token=${encodeURIComponent(link)}`);
  await page.getByRole('button', { name: tr('ru', "Switch to the link's account") }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect.poll(async () => (await storedUser(page))?.user?.email).toBe('warehouse2@demo.test');
  expect(page.url()).not.toContain('token');
});
