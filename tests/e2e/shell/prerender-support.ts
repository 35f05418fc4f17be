// What the browser tests of server-rendered screens share: holding the app's code back, the cookies of a returning
// browser, the errors and API reads a page makes, the moment the app has taken the page over.
import type { BrowserContext, Page } from '@playwright/test';
import { API_PREFIX, baseURL } from '../support/fixtures';

/** Holds every JavaScript file of the app until the returned function is called. */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The cookies a browser that has run the app before has: its language and time zone (src/i18n/i18n.ts). */
export async function returningBrowser(context: BrowserContext, lang = 'ru'): Promise<void> {
  await context.addCookies([
    { name: 'lang', value: lang, url: baseURL() },
    { name: 'tz', value: 'Europe/Chisinau', url: baseURL() },
  ]);
}

/** Page errors and console errors (a hydration that did not match reports one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** The API requests the page sends, by path (with query). */
export function apiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(API_PREFIX))
      sent.push(`${url.pathname.slice(API_PREFIX.length)}${url.search}`);
  });
  return sent;
}

/**
 * The app runs the page: it took the server's page over and carried out what was held meanwhile, or the page was
 * never the server's (nothing was held). Tests of a form's own checks wait for it; typing before take-over is this
 * file's tests' subject.
 */
export const appRuns = (page: Page) =>
  page.waitForFunction(() => {
    const held = (window as unknown as { __portalHeldInput?: { released: boolean } }).__portalHeldInput;
    return held === undefined || held.released;
  });

/** The app has hydrated the page (or rendered over it) and carried out what was held meanwhile. */
export const appStarted = (page: Page) =>
  page.waitForFunction(
    () =>
      (window as unknown as { __portalHeldInput?: { released: boolean } }).__portalHeldInput?.released ===
      true,
  );
