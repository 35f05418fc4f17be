import type { APIRequestContext, Locator } from '@playwright/test';
import { API_PREFIX, bearer, expect } from '../support/fixtures';

/** Intl output with every kind of space made plain, so the page's and Node's formatting compare equal. */
export function plain(text: string | null): string {
  return (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();
}

export const points = (value: number, locale = 'ru') =>
  plain(new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(value));

export const money = (minor: number, currency: string, locale = 'ru') =>
  plain(new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100));

export async function expectText(locator: Locator, expected: string): Promise<void> {
  await expect.poll(async () => plain(await locator.textContent())).toBe(expected);
}

/** `GET` an API path with the token and return the parsed JSON (fails the test on a non-2xx answer). */
export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${API_PREFIX}${path}`, { headers: bearer(token) });
  expect(response.ok(), `${path}: HTTP ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}
