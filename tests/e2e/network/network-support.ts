// Helpers of the network and client-base browser tests: typed reads of the API (the figures the screens must show),
// a small CSV reader for the network file, and the interface's own number formatting.
import type { APIRequestContext, Page } from '@playwright/test';
import type { components } from '#openapi/schema.d.ts';
import { API_PREFIX, bearer, expect } from '../support/fixtures';

export type NetworkView = components['schemas']['NetworkView'];
export type NetworkNodePage = components['schemas']['NetworkNodePage'];
export type ClientPage = components['schemas']['ClientPage'];
export type ClientDetail = components['schemas']['ClientDetail'];

export const PARTNER = 'partner@demo.test';

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${API_PREFIX}${path}`, { headers: bearer(token) });
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** RFC 4180 fields of a CSV text (quoted fields may hold separators, quotes and line breaks). */
export function parseCsv(text: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Points as the page formats them (its own `Intl`, its own language). */
export async function pagePoints(page: Page, values: number[]): Promise<string[]> {
  return page.evaluate(
    (list) =>
      list.map((value) =>
        new Intl.NumberFormat(document.documentElement.lang, {
          minimumFractionDigits: 0,
          maximumFractionDigits: 2,
        }).format(value),
      ),
    values,
  );
}

/** The focused tree row. */
export const focusedRow = (page: Page) => page.locator('[role="treeitem"]:focus');

/** The id in a row's card link (`/my-distributers/<id>`). */
export async function rowNodeId(page: Page): Promise<number> {
  const href = await focusedRow(page).locator('a[href^="/my-distributers/"]').getAttribute('href');
  const id = Number(href?.split('/').pop());
  expect(Number.isInteger(id) && id > 0, `a card link in the focused row (${String(href)})`).toBe(true);
  return id;
}

/**
 * The screen's content (`<main>`) fits the viewport: nothing in it scrolls the page sideways (wide tables and the
 * tree scroll inside their own regions). The header belongs to the shell and is checked by its tests.
 */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main === null
      ? null
      : { scroll: main.scrollWidth, client: main.clientWidth, right: main.getBoundingClientRect().right };
  });
  expect(overflow, 'a <main> element').not.toBeNull();
  expect(overflow?.scroll, `the screen's content is wider than its ${width}px viewport`).toBeLessThanOrEqual(
    overflow?.client ?? 0,
  );
  expect(overflow?.right ?? Infinity).toBeLessThanOrEqual(width);
}
