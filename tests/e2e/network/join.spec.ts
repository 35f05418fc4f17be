// Signing up under a sponsor at /join/{alias} in Chromium on a phone: the card, the form, the proof of work solved
// in the browser, the new distributor signed in, their address confirmed through the mail's link, then Main's
// "First steps" card and the first-steps page (docs/adr/0148-first-steps.md); an invitation link that names nobody; a taken e-mail refused on
// its field, after which a new proof is solved and the corrected form goes through.
//
// Each sign-up adds a recruit, so the sponsor is a distributor whose downline no other spec counts: a member of
// pw@demo.test's second line without a downline of their own (specs sign in as pw's first line, never the second).
// Once they have a recruit the next run takes another. E-mails and phones are unique per run, so a retry in the
// same database signs up again.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, apiLogin } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, type NetworkView } from './network-support';
import { appStarted, collectErrors, holdAppCode, returningBrowser } from '../shell/prerender-support';

const PHONE_WIDTH = 360;

/** The PRN of a second-line member of pw@demo.test without a downline. */
async function leafSponsor(request: APIRequestContext): Promise<{ prn: string; id: number; token: string }> {
  const token = await apiLogin(request, 'pw@demo.test');
  const first = await apiGet<NetworkView>(request, token, '/users/my-network?pageSize=100');
  for (const member of first.children.items.filter((child) => child.childrenCount > 0)) {
    const second = await apiGet<NetworkView>(request, token, `/users/my-network/${member.id}?pageSize=100`);
    const leaf = second.children.items.find((child) => child.childrenCount === 0);
    if (leaf !== undefined) return { prn: leaf.prn, id: leaf.id, token };
  }
  throw new Error('pw@demo.test has a second-line member without a downline');
}

/** An address and a phone nobody has: this run's time and a random part. */
function newcomer() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const digits = `${Date.now() % 1e7}`.padStart(7, '0');
  return {
    fullName: 'Elena Ciobanu',
    email: `join-${stamp}@example.test`,
    phone: `+373 6${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}${Math.floor(Math.random() * 10)}`,
    password: `Walnut orchard ${stamp} by the river`,
  };
}

async function fillForm(page: Page, person: ReturnType<typeof newcomer>) {
  await page.locator('#join-full-name').fill(person.fullName);
  await page.locator('#join-email').fill(person.email);
  await page.locator('#join-phone').fill(person.phone);
  await page.locator('#join-birth-date').fill('1991-04-12');
  await page.locator('#join-city').fill('Bălți');
  await page.locator('#join-warehouse').selectOption({ index: 1 });
  await page.locator('#join-password').fill(person.password);
  await page.locator('#join-password-confirmation').fill(person.password);
  await page.locator('#join-consent-marketing_plan').check();
  await page.locator('#join-consent-ethics_code').check();
}

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'nothing scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

test.use({ viewport: { width: PHONE_WIDTH, height: 780 } });

test('a visitor signs up under a sponsor on a phone and lands signed in', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const sponsor = await leafSponsor(request);
  const person = newcomer();
  await page.goto(`/join/${sponsor.prn}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Sign up as a distributor'));
  await expect(page.locator(`[data-sponsor="${sponsor.prn}"]`)).toBeVisible();
  // The proof of work started with the page and finishes by itself.
  await expect(page.locator('[data-proof="ready"]')).toBeVisible({ timeout: 20_000 });
  // The narrowest and widest phones of the bar, then back to the test's own.
  for (const width of [320, 390, PHONE_WIDTH]) {
    await page.setViewportSize({ width, height: 780 });
    await expectNoSidewaysScroll(page);
  }
  await expectNoAxeViolations(page);

  await fillForm(page, person);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: tr('ru', 'Sign up'), exact: true }).click();

  await expect(page).toHaveURL(/\/first-steps$/, { timeout: 15_000 });
  // A new account's address is not confirmed yet: the signed-in area asks for it, and the toast says so too.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Need to confirm your email'));
  await expect(page.getByText(/MD\d+/).first()).toBeVisible();
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'token')?.value ?? '').not.toBe('');

  // The recruit is in the sponsor's first line at once.
  const below = await apiGet<NetworkView>(
    request,
    sponsor.token,
    `/users/my-network/${sponsor.id}?pageSize=100`,
  );
  expect(below.children.items.map((child) => child.email)).toContain(person.email);

  // The confirmation mail (the built-in mailbox: the e2e server has no SMTP_URL) and its link.
  const row = page.locator('tr', { hasText: person.email });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(row.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.first().getByRole('link').click();
  const link = /https?:\/\/[^\s"<>]+\/confirm-email\?token=[^\s"<>&]+/.exec(await page.content())?.[0];
  if (link === undefined) throw new Error('no confirmation link in the mail');
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('link', { name: tr('ru', 'Continue') }).click();

  // Main offers the first steps to a newcomer; the page has the sponsor and the steps, the address ticked off.
  const card = page.locator('[data-card="first-steps"]');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.locator('[data-field="progress"]')).toHaveText(
    tr('ru', 'Done: {done} of {total}').replace('{done}', '1').replace('{total}', '6'),
  );
  await card.getByRole('link', { name: tr('ru', 'Continue') }).click();
  await expect(page).toHaveURL(/\/first-steps$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'First steps'));
  await expect(page.locator('[data-field="sponsor"]')).not.toBeEmpty();
  await expect(page.locator('[data-step="email"] [data-field="state"]')).toHaveText(tr('ru', 'Done'));
  for (const step of ['order', 'active', 'alias', 'recruit', 'client']) {
    await expect(page.locator(`[data-step="${step}"] [data-field="state"]`)).toHaveText(tr('ru', 'To do'));
  }
  for (const width of [320, 390, PHONE_WIDTH]) {
    await page.setViewportSize({ width, height: 780 });
    await expectNoSidewaysScroll(page);
  }
  await expectNoAxeViolations(page);
  // Each open step leads where it is taken.
  await page.locator('[data-step="order"]').getByRole('link').click();
  await expect(page).toHaveURL(/\/new-order/);
});

test('an invitation link that names nobody says so and leads to the login page', async ({
  page,
  expectNoAxeViolations,
}) => {
  await page.goto('/join/nobody-by-this-name');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr('ru', 'This invitation link is not valid'),
  );
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: tr('ru', 'Already a distributor? Sign in') }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a taken e-mail is refused on its field; a new proof is solved and the corrected form goes through', async ({
  page,
  request,
}) => {
  const sponsor = await leafSponsor(request);
  const person = newcomer();
  await page.goto(`/join/${sponsor.prn}`);
  await expect(page.locator('[data-proof="ready"]')).toBeVisible({ timeout: 20_000 });
  await fillForm(page, { ...person, email: 'partner@demo.test' });
  await page.getByRole('button', { name: tr('ru', 'Sign up'), exact: true }).click();

  await expect(page.locator('#join-email-error')).toHaveText(
    tr('ru', 'An account with this e-mail already exists. Sign in, or use another address.'),
  );
  await expect(page.locator('#join-email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`/join/${sponsor.prn}$`));
  // The refused submit spent its proof: a new one is solved before the next try can go.
  await expect(page.locator('[data-proof="ready"]')).toBeVisible({ timeout: 20_000 });

  await page.locator('#join-email').fill(person.email);
  await page.getByRole('button', { name: tr('ru', 'Sign up'), exact: true }).click();
  await expect(page).toHaveURL(/\/first-steps$/, { timeout: 15_000 });
});

test('the join page paints from the server HTML with the app held back, then the app takes the same form over', async ({
  page,
  request,
}) => {
  const sponsor = await leafSponsor(request);
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto(`/join/${sponsor.prn}`, { waitUntil: 'commit' });
  // No JavaScript of the app has run: the sponsor's card and the form are the server's.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Sign up as a distributor'));
  await expect(page.locator(`[data-sponsor="${sponsor.prn}"]`)).toBeVisible();
  await expect(page.locator('#join-full-name')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __serverForm: Element | null }).__serverForm =
      document.querySelector('#join-email');
  });
  release();
  await appStarted(page);
  // Taken over without replacing the form, and the proof of work runs.
  await expect(page.locator('[data-proof="ready"]')).toBeVisible({ timeout: 20_000 });
  expect(
    await page.evaluate(
      () =>
        document.querySelector('#join-email') ===
        (window as unknown as { __serverForm: Element | null }).__serverForm,
    ),
    'the server-rendered field is kept',
  ).toBe(true);
  expect(errors).toEqual([]);
});
