// Fonts off the first screen's critical path (docs/adr/0065-web-fonts.md, src/styles/web-fonts.ts): a first
// visit paints in local fonts scaled to the web fonts (src/styles/fallback-fonts.css), downloads the two
// files only once its largest paint has settled, and puts them on at the user's next navigation, not under a
// reading user's eyes (no layout shift); a later visit, whose browser has the files, asks for them before its
// first paint and paints in them.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, startSession, test } from '../support/fixtures';
import {
  anyWebFontOn,
  expectNoWebFont,
  expectOnly,
  fontFileStarts,
  renderedFonts,
  webFontsOn,
} from './font-support';
import { tr } from './shell-support';

/** Records the page's largest-paint candidates and layout shifts from its very start. */
async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { lcp: [] as number[], shifts: [] as number[] };
    (window as unknown as { __paints: typeof record }).__paints = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) record.lcp.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) record.shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

function paints(page: Page): Promise<{ lcp: number[]; shifts: number[] }> {
  return page.evaluate(
    () => (window as unknown as { __paints: { lcp: number[]; shifts: number[] } }).__paints,
  );
}

for (const { path, email } of [
  { path: '/dashboard', email: 'partner@demo.test' },
  { path: '/my-orders-warehouse', email: 'warehouse@demo.test' },
]) {
  test(`a first visit to ${path} downloads the font files after its largest paint and puts them on at the next navigation`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await startSession(page, request, email);
    await recordPaints(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const starts = await fontFileStarts(page);
    const { lcp } = await paints(page);
    expect(lcp.length, 'the page had a largest paint').toBeGreaterThan(0);
    expect(starts, 'the two font files, once each').toHaveLength(2);
    for (const start of starts)
      expect(start, 'asked for after the largest paint').toBeGreaterThan(Math.max(...lcp));
    // Downloaded, and not put on under the reader's eyes.
    await page.waitForFunction(() => localStorage.getItem('web-fonts') !== null);
    await page.waitForTimeout(300);
    expect(await anyWebFontOn(page)).toBe(false);
    expectNoWebFont(await renderedFonts(page, 'h1'));
    const { shifts } = await paints(page);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      `layout shifts: ${shifts.join(', ')}`,
    ).toBeLessThan(0.01);
    // The user moves to another screen (the browser's Back to the same app): the fonts go on.
    await page.evaluate(() => {
      history.pushState(null, '', '/personal');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await webFontsOn(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expectOnly(await renderedFonts(page, 'h1'), 'Montserrat');
  });
}

test('a first visit to /login paints without the web fonts and signs in to a screen drawn in them', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await recordPaints(page);
  await page.goto('/login');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(tr('ru', 'Login and password'));
  const starts = await fontFileStarts(page);
  const { lcp } = await paints(page);
  for (const start of starts)
    expect(start, 'asked for after the largest paint').toBeGreaterThan(Math.max(...lcp));
  await page.waitForFunction(() => localStorage.getItem('web-fonts') !== null);
  expectNoWebFont(await renderedFonts(page, 'h1'));
  const form = page.getByRole('form', { name: tr('ru', 'Sign in') });
  await form.getByLabel(tr('ru', 'E-mail')).fill('partner@demo.test');
  await form.getByLabel(tr('ru', 'Password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: tr('ru', 'Sign in') }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(heading).toBeVisible();
  await webFontsOn(page);
  expectOnly(await renderedFonts(page, 'h1'), 'Montserrat');
});

test('a later visit asks for the font files before its first paint and paints in them', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await page.waitForFunction(() => localStorage.getItem('web-fonts') !== null);
  await recordPaints(page);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Login and password'));
  const starts = await fontFileStarts(page);
  const { lcp } = await paints(page);
  for (const start of starts)
    expect(start, 'asked for before the first paint').toBeLessThan(Math.min(...lcp));
  await webFontsOn(page);
  expectOnly(await renderedFonts(page, 'h1'), 'Montserrat');
});
