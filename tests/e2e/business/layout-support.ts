import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { API_PREFIX, AXE_TAGS, baseURL, expect } from '../support/fixtures';

/**
 * Shows the app in `lang` without changing the account on the server (other tests read its language): the
 * answers of `GET /users/me` say `lang`, as if the person had chosen it.
 */
export async function showInLanguage(page: Page, lang: string): Promise<void> {
  await page.route(`**${API_PREFIX}/users/me`, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    return route.fulfill({ response, json: { ...body, lang } });
  });
  await page.addInitScript((code) => localStorage.setItem('lang', code), lang);
  // As the app keeps a choice: in local storage and in the `lang` cookie, so the server renders the page in it.
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  // A page the server rendered carries the account's read (which answers the app's own, so the interception above
  // never sees it): its copy says `lang` too.
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    return route.fulfill({
      response,
      body: html.replace(
        /(<script type="application\/json" id="portal-prerendered">)([\s\S]*?)(<\/script>)/,
        (_all, open: string, state: string, close: string) =>
          `${open}${state.replace(/(\\?"lang\\?":\\?")[a-z]{2}(\\?")/g, `$1${lang}$2`)}${close}`,
      ),
    });
  });
}

export interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The page-coordinate boxes of the visible elements of a locator. */
export async function visibleBoxes(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const rect = element.getBoundingClientRect();
        return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom };
      }),
  );
}

export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Elements of the page (outside `ignore`) whose box sticks out of the viewport sideways, as short descriptions,
 * and the page's own sideways scroll.
 */
export async function widerThanViewport(page: Page): Promise<{ scroll: number; elements: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const elements = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        if (getComputedStyle(element).visibility === 'hidden') return false;
        return rect.left < -1 || rect.right > width + 1;
      })
      .slice(0, 10)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} (${element.textContent?.slice(0, 40)})`,
      );
    return { scroll: document.documentElement.scrollWidth - width, elements };
  });
}

/**
 * axe with the WCAG tags of `expectNoAxeViolations` plus its best practices (landmark-unique among them, which the
 * business screens failed).
 */
export async function expectNoAxeViolationsWithBestPractice(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags([...AXE_TAGS, 'best-practice']).analyze();
  const report = violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
  expect(violations.length, `axe on ${page.url()}:\n${report.join('\n')}`).toBe(0);
}
