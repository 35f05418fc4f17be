// What the shop's browser tests share: the shop's own goods from the public API, texts with their values filled in,
// a visitor's identity nobody has, the e-mail confirmation through the built-in mailbox, the pickup-and-cash checkout.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '../../../openapi/schema.d';
import { API_PREFIX, expect } from '../support/fixtures';
import { type Locale, tr } from '../shell/shell-support';

export const SHOP = 'elena-ciobanu';
export const OWNER = 'partner@demo.test';

export type ShopGood = components['schemas']['ShopGood'];

/** A text in `locale` (the English source for `en`) with its `{name}` values filled in. */
export function say(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  return (locale === 'en' ? id : tr(locale, id)).replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** A Russian text (the product's default language) with its values filled in. */
export const ru = (id: string, values: Record<string, string | number> = {}): string => say('ru', id, values);

/** The first page of the shop's window, as the public API answers it. */
export async function shopGoods(request: APIRequestContext, alias = SHOP): Promise<ShopGood[]> {
  const answer = await request.get(`${API_PREFIX}/public/shops/${alias}/goods?page=1&pageSize=12`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { items: ShopGood[] }).items;
}

/** A visitor's name, phone and e-mail nobody has: this run's time and a random part. */
export function visitor() {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const digits = `${Date.now() % 1e7}`.padStart(7, '0');
  return {
    fullName: `Ana Shop ${stamp.slice(-5)}`,
    email: `shop-${stamp}@example.test`,
    phone: `+373 7${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}${Math.floor(Math.random() * 10)}`,
    password: `Apricot garden ${stamp} in May`,
  };
}

export async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll, 'nothing scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

/** Opens the confirmation link the built-in mailbox (/dev/mailbox) holds for `email`. */
export async function confirmThroughMailbox(page: Page, email: string) {
  const row = page.locator('tr', { hasText: email });
  await expect(async () => {
    await page.goto('/dev/mailbox');
    await expect(row.first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.first().getByRole('link').first().click();
  const link = /https?:\/\/[^\s"<>]+\/confirm-email\?token=[^\s"<>&]+/.exec(await page.content())?.[0];
  if (link === undefined) throw new Error('no confirmation link in the mail');
  await page.goto(link);
  // The page confirms the address as it opens: wait for its answer before going on.
  await expect(page.getByText(ru('Your e-mail address is confirmed.'))).toBeVisible({ timeout: 15_000 });
}

/** On /shopping-bag in `locale`: pickup at the first point, cash (or card, the terms accepted), placed. */
export async function placePickupOrder(page: Page, payment: 'cash' | 'card' = 'cash', locale: Locale = 'ru') {
  const text = (id: string) => say(locale, id);
  const button = (name: string) => page.getByRole('button', { name: text(name), exact: true });
  const step = (name: string) => expect(page.locator('section.checkout')).toHaveAttribute('data-step', name);
  await button('Proceed to checkout').click();
  await step('delivery');
  await page.getByRole('radio', { name: new RegExp(escape(text('Pickup at a pickup point'))) }).check();
  await button('Continue').click();
  await step('pickupPoint');
  await page.locator('input[name="pickup-point"]').first().check();
  await button('Continue').click();
  await step('comments');
  await button('Continue').click();
  await step('payment');
  const method = payment === 'cash' ? 'Cash on receipt' : 'Card online';
  await page.getByRole('radio', { name: new RegExp(escape(text(method))) }).check();
  if (payment === 'card') await page.locator('input[name="accept-terms"]').check();
  await button('Continue').click();
  await step('review');
  await button('Place the order').click();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
