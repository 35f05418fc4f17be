// What the browser really draws text with, and when the web fonts (src/styles/web-fonts.ts) are on.
import type { Page } from '@playwright/test';
import { expect } from '../support/fixtures';

const WEB_FAMILIES = ['Open Sans', 'Montserrat'];

/**
 * The fonts Chromium really drew a node's text with (DevTools' "Rendered fonts"): each as its family, marked `web`
 * when it is a downloaded font (not a font of the system).
 */
export async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web)' : ''}`);
}

/** Every font used is the downloaded file of `family` (its name table may add the instance, "Montserrat SemiBold"). */
export function expectOnly(fonts: string[], family: string): void {
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font).toMatch(new RegExp(`^${family}( \\w+)? \\(web\\)$`));
}

/** No font used is a downloaded one: the page is drawn in the local stand-ins. */
export function expectNoWebFont(fonts: string[]): void {
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font).not.toMatch(/\(web\)$/);
}

/** Waits until both web fonts are on the page (in `document.fonts`) and loaded. */
export async function webFontsOn(page: Page): Promise<void> {
  await page.waitForFunction(
    (families) =>
      [...document.fonts].filter(
        (font) => families.includes(font.family.replace(/["']/g, '')) && font.status === 'loaded',
      ).length === families.length,
    WEB_FAMILIES,
    { timeout: 10_000 },
  );
  await page.evaluate(() => document.fonts.ready);
}

/** Whether any web font is on the page (added to `document.fonts`). */
export function anyWebFontOn(page: Page): Promise<boolean> {
  return page.evaluate(
    (families) => [...document.fonts].some((font) => families.includes(font.family.replace(/["']/g, ''))),
    WEB_FAMILIES,
  );
}

/** When each font file was asked for on this page, in ms from its start (once it is being downloaded). */
export async function fontFileStarts(page: Page, count = 2): Promise<number[]> {
  await page.waitForFunction(
    (expected) =>
      performance.getEntriesByType('resource').filter((e) => e.name.endsWith('.woff2')).length >= expected,
    count,
    { timeout: 10_000 },
  );
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => entry.startTime),
  );
}
