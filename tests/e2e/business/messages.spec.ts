import type { APIRequestContext } from '@playwright/test';
import { API_PREFIX, bearer, DEMO_PASSWORD, expect, test } from '../support/fixtures';

// pw@demo.test is a distributor and warehouse staff at once: every topic shows (account, orders, business, the PV
// reminder, the staff digest). Each test puts back what it changes.
const EMAIL = 'pw@demo.test';
const LANGS = ['ru', 'en', 'ro', 'uk', 'it'] as const;
async function storedLang(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get(`${API_PREFIX}/users/me`, { headers: bearer(token) });
  return ((await me.json()) as { lang: string }).lang;
}

const HEADING = {
  ru: 'Сообщения',
  en: 'Messages',
  ro: 'Mesaje',
  uk: 'Повідомлення',
  it: 'Messaggi',
} as const;

test.describe('Messages in Personal data (/personal#messages)', () => {
  test.slow();
  test('a topic is turned off and on by keyboard; account security stays locked on', async ({
    page,
    request,
    loginAs,
    apiLogin,
    expectNoAxeViolations,
  }) => {
    const token = await apiLogin(request, EMAIL);
    const original = await storedLang(request, token);
    await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(token), data: { lang: 'en' } });
    test.info().annotations.push({ type: 'restores', description: `lang ${original}` });
    await loginAs(page, EMAIL);
    await page.goto('/personal#messages');
    const section = page.locator('section#messages');
    await expect(section.getByRole('heading', { name: 'Messages' })).toBeVisible();
    await expect(section.locator('tr[data-topic]')).toHaveCount(5);
    const account = section.locator('tr[data-topic="account"] input[data-channel="email"]');
    await expect(account).toBeChecked();
    await expect(account).toBeDisabled();
    await expectNoAxeViolations(page);

    const orders = section.locator('tr[data-topic="orders"] input[data-channel="email"]');
    await expect(orders).toBeChecked();
    await orders.focus();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/users/notifications') && r.request().method() === 'POST',
    );
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect(orders).not.toBeChecked();
    await expect(orders).toBeEnabled();
    const stored = await request.get(`${API_PREFIX}/users/notifications`, { headers: bearer(token) });
    const body = (await stored.json()) as { topics: Array<{ topic: string; email: boolean }> };
    expect(body.topics.find((topic) => topic.topic === 'orders')?.email).toBe(false);

    await orders.focus();
    await page.keyboard.press('Space');
    await expect(orders).toBeChecked();
    await expect(orders).toBeEnabled();
    const back = await request.get(`${API_PREFIX}/users/notifications`, { headers: bearer(token) });
    expect(((await back.json()) as typeof body).topics.find((topic) => topic.topic === 'orders')?.email).toBe(
      true,
    );
  });

  for (const width of [390, 1280])
    test(`reads in five languages at ${width} px, nothing scrolls sideways`, async ({
      page,
      request,
      loginAs,
      apiLogin,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const token = await apiLogin(request, EMAIL);
      const original = await storedLang(request, token);
      await loginAs(page, EMAIL);
      try {
        for (const lang of LANGS) {
          await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(token), data: { lang } });
          await page.goto('/personal#messages');
          await page.locator('header select').first().selectOption(lang);
          await expect(page.locator('html')).toHaveAttribute('lang', lang);
          const section = page.locator('section#messages');
          await expect(section.getByRole('heading', { name: HEADING[lang] })).toBeVisible();
          await expect(section.locator('tr[data-topic]')).toHaveCount(5);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: `.tmp/shots/messages-${lang}-${width}.png` });
        }
      } finally {
        await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(token), data: { lang: original } });
      }
    });
});

test.describe('Without a mail server: the built-in mailbox (/dev/mailbox)', () => {
  test.slow();
  test('a forgotten password is reset in the browser through the link of the mail, in the user’s language', async ({
    page,
    request,
    apiLogin,
  }) => {
    // A member of the partner's downline nobody else signs in as.
    const partnerToken = await apiLogin(request, 'partner@demo.test');
    const network = await request.get(`${API_PREFIX}/users/my-network`, { headers: bearer(partnerToken) });
    const children = ((await network.json()) as { children: { items: Array<{ email: string }> } }).children
      .items;
    const email = children.find((child) => !child.email.startsWith('unconfirmed'))?.email;
    if (email === undefined) throw new Error('the demo partner has no downline');
    const token = await apiLogin(request, email);
    const original = await storedLang(request, token);
    await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(token), data: { lang: 'ro' } });
    const newPassword = `Reset-${Date.now().toString(36)}9`;
    try {
      await page.addInitScript(() => localStorage.setItem('lang', 'en'));
      await page.goto('/reset-pass');
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();

      // The worker delivers it to the mailbox; the list shows it with its Romanian subject.
      const row = page.locator('tr', { hasText: email }).filter({ hasText: 'Resetarea parolei' });
      await expect(async () => {
        await page.goto('/dev/mailbox');
        await expect(row.first()).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await row.first().getByRole('link').click();
      const link = /https?:\/\/[^\s"<>]+\/reset-pass\?token=[^\s"<>&]+/.exec(await page.content())?.[0];
      if (link === undefined) throw new Error('no reset link in the mail');

      await page.goto(new URL(link).pathname + new URL(link).search);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Repeat the new password' }).fill(newPassword);
      await page.getByRole('button', { name: 'Save the new password' }).click();
      await expect(
        page.getByText('Your password has been changed. Sign in with the new password.'),
      ).toBeVisible();
      const signedIn = await apiLogin(request, email, newPassword);
      const back = await request.post(`${API_PREFIX}/users/new-password`, {
        headers: bearer(signedIn),
        data: {
          currentPassword: newPassword,
          newPassword: DEMO_PASSWORD,
          newPasswordConfirmation: DEMO_PASSWORD,
        },
      });
      expect(back.status()).toBe(200);
    } finally {
      const again = await apiLogin(request, email);
      await request.post(`${API_PREFIX}/users/lang`, { headers: bearer(again), data: { lang: original } });
    }
  });
});
