// The invitation card of Personal data (docs/adr/0142-the-invitation-card.md): a distributor sees the sign-up link
// under their PRN at once and copies it; then chooses an alias: a reserved word is refused as it is typed, one that
// reads as another distributor's is refused by the server, a good one is confirmed and saved, the link changes and
// the field is gone. Axe-clean, and nothing scrolls sideways at 320 and 390 px.
//
// An alias is chosen once per account and the database lives as long as the run (a retry meets what the first
// attempt left), so the test takes the first of its own distributors that has no alias yet, and the alias it
// chooses is that account's own: a retry starts clean on the next account. No other spec uses these accounts.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { widerThanViewport } from '../business/layout-support';
import { isLocale, tr, type Locale } from '../shell/shell-support';
import { API_PREFIX, bearer, cachedToken, expect, startSession, test } from '../support/fixtures';

type Me = components['schemas']['Me'];

/** Distributors of the demo downline no other spec signs in as: one per attempt (a retry takes the next). */
const CHOOSERS = ['ana.cebotari@demo.test', 'corina.plamadeala@demo.test', 'diana.balan@demo.test'] as const;
/** A distributor whose alias the choosers meet as taken. */
const HOLDER = 'oleg.smirnov@demo.test';
const HOLDER_ALIAS = 'invite-holder';

async function meOf(request: APIRequestContext, email: string): Promise<Me> {
  const response = await request.get(`${API_PREFIX}/users/me`, {
    headers: bearer(await cachedToken(request, email)),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Me;
}

/** The holder's alias, chosen through the API on the first attempt and found again on a retry. */
async function holderAlias(request: APIRequestContext): Promise<string> {
  const response = await request.put(`${API_PREFIX}/users/me/alias`, {
    headers: bearer(await cachedToken(request, HOLDER)),
    data: { alias: HOLDER_ALIAS },
  });
  if (response.status() === 200) return HOLDER_ALIAS;
  expect(((await response.json()) as { code?: string }).code).toBe('ALIAS_ALREADY_SET');
  const alias = (await meOf(request, HOLDER)).alias;
  if (alias === null) throw new Error(`${HOLDER} has no alias after ALIAS_ALREADY_SET`);
  return alias;
}

async function freshChooser(request: APIRequestContext): Promise<{ email: string; me: Me }> {
  for (const email of CHOOSERS) {
    const me = await meOf(request, email);
    if (me.alias === null) return { email, me };
  }
  throw new Error(`every invite chooser already has an alias (${CHOOSERS.join(', ')}): start a fresh run`);
}

async function pageLocale(page: Page): Promise<Locale> {
  const lang = await page.locator('html').getAttribute('lang');
  if (!isLocale(lang)) throw new Error(`<html lang="${String(lang)}">`);
  return lang;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => widerThanViewport(page), `/personal at ${width} px`)
      .toEqual({ scroll: 0, elements: [] });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a distributor copies the PRN link, then chooses an alias once and the link follows it', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const taken = await holderAlias(request);
  const { email, me } = await freshChooser(request);
  if (me.prn === null) throw new Error(`${email} has no PRN`);
  const alias = `invite-${email.split('@')[0]?.replaceAll('.', '-') ?? 'x'}`;

  await startSession(page, request, email);
  await page.goto('/personal');
  // The interface starts in the stored language and turns to the account's once /users/me answers.
  await expect(page.locator('html')).toHaveAttribute('lang', me.lang);
  const locale = await pageLocale(page);
  const origin = new URL(page.url()).origin;
  const card = page.getByRole('region', { name: tr(locale, 'Invitation link') });
  const link = card.getByRole('textbox', { name: tr(locale, 'Your invitation link'), exact: true });

  // The PRN link works before any alias exists.
  await expect(link).toHaveValue(`${origin}/join/${me.prn}`);
  await expect(card.getByRole('img', { name: tr(locale, 'QR code of your invitation link') })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await card.locator('[data-action="copy-link"]').click();
  const notifications = page.getByRole('region', { name: tr(locale, 'Notifications (Alt+T)') });
  await expect(notifications.getByText(tr(locale, 'Link copied'))).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/join/${me.prn}`);

  // The shop for clients, on the same card: its own link, copied by its own button, and a QR code.
  const shop = card.getByRole('region', { name: tr(locale, 'Your shop') });
  const shopLink = shop.getByRole('textbox', { name: tr(locale, 'Your shop link') });
  await expect(shopLink).toHaveValue(`${origin}/s/${me.prn}`);
  await expect(shop.getByRole('img', { name: tr(locale, 'QR code of your shop link') })).toBeVisible();
  await shop.getByRole('button', { name: tr(locale, 'Copy'), exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/s/${me.prn}`);

  // A reserved word is refused as it is typed; nothing is sent and no confirmation opens.
  const field = card.getByLabel(tr(locale, 'Alias'), { exact: true });
  const choose = card.getByRole('button', { name: tr(locale, 'Choose this alias') });
  await field.fill('Supp0rt');
  await expect(card.getByText(tr(locale, 'This word is reserved. Choose another.'))).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await choose.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // One that reads as the holder's (an l written as 1) passes the rules but the server says it is taken.
  const lookalike = taken.replace('l', '1');
  await field.fill(lookalike);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await choose.click();
  let dialog = page.getByRole('dialog', {
    name: tr(locale, 'Choose the alias “{alias}”?').replace('{alias}', lookalike),
  });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  const refused = page.waitForResponse((response) => response.url().endsWith(`${API_PREFIX}/users/me/alias`));
  await dialog.getByRole('button', { name: tr(locale, 'Yes, choose it') }).click();
  expect((await refused).status()).toBe(409);
  await expect(dialog).toHaveCount(0);
  await expect(
    card.getByText(tr(locale, 'This alias is taken, or reads too much like one that is. Choose another.')),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // Its own alias, typed in capitals with spaces around: previewed as stored, confirmed, saved.
  await field.fill(`  ${alias.toUpperCase()} `);
  await expect(card.getByText(`${origin}/join/${alias}`, { exact: true })).toBeVisible();
  await choose.click();
  dialog = page.getByRole('dialog', {
    name: tr(locale, 'Choose the alias “{alias}”?').replace('{alias}', alias),
  });
  await dialog.getByRole('button', { name: tr(locale, 'Yes, choose it') }).click();
  await expect(
    notifications.getByText(tr(locale, 'Your alias is saved: the link has changed.')),
  ).toBeVisible();
  await expect(link).toHaveValue(`${origin}/join/${alias}`);
  await expect(shopLink).toHaveValue(`${origin}/s/${alias}`);
  await expect(field).toHaveCount(0);
  await expect(card.locator('[data-field="alias"]')).toHaveText(alias);
  expect((await meOf(request, email)).alias).toBe(alias);
  await expectNoAxeViolations(page);

  // After a reload too: the alias link, no field.
  await page.reload();
  await expect(link).toHaveValue(`${origin}/join/${alias}`);
  await expect(field).toHaveCount(0);
  await expectNoSidewaysScroll(page);
});

test('a customer has no invitation card', async ({ page, request }) => {
  const customer = 'user@demo.test';
  await startSession(page, request, customer);
  await page.goto('/personal');
  await expect(page.locator('html')).toHaveAttribute('lang', (await meOf(request, customer)).lang);
  const locale = await pageLocale(page);
  await expect(page.getByRole('region', { name: tr(locale, 'Profile') })).toBeVisible();
  await expect(page.getByRole('region', { name: tr(locale, 'Invitation link') })).toHaveCount(0);
});
