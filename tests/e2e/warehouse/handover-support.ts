// Handing a pickup order over in the browser: the code comes from the distributor's own answer (GET as the
// customer), and staff type it in the hand-over dialog, found by role and accessible name.
import type { APIRequestContext, Page } from '@playwright/test';
import { tr } from '../shell/shell-support';
import { expect } from '../support/fixtures';
import { fetchOrder } from './order-support';

/** The order's handover code as its customer sees it (only the customer's copy carries it). */
export async function handoverCodeOf(
  request: APIRequestContext,
  customer: string,
  id: number,
): Promise<string> {
  const order = await fetchOrder(request, customer, id);
  expect(order.handoverCode, 'the customer sees a handover code').toMatch(/^[0-9]{6}$/);
  return order.handoverCode ?? '';
}

/** Another 6-digit code than `code`. */
export const wrongCodeFor = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** The hand-over dialog of order `number` on the staff page (Russian interface). */
export const handoverDialog = (page: Page, number: string) =>
  page.getByRole('dialog', { name: tr('ru', 'Hand over order {number}').replace('{number}', number) });

/** Opens the dialog (unless open), types `code` into "Handover code (6 digits)" and submits. */
export async function typeHandoverCode(page: Page, number: string, code: string): Promise<void> {
  const dialog = handoverDialog(page, number);
  if (!(await dialog.isVisible())) await page.locator('[data-action="order.handOver"]').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: tr('ru', 'Handover code (6 digits)') }).fill(code);
  await dialog.getByRole('button', { name: tr('ru', 'Hand over'), exact: true }).click();
}
