// First load (docs/first-load.md): the logged-out /login paints and takes input without the session chunk
// (xstate, the auth and language machines, the query cache), which then takes over what was typed and sent;
// and the page's text is drawn by the two self-hosted font files in every language (Cyrillic and the Romanian
// letters included). When the files arrive: web-fonts.spec.ts.
import { DEMO_PASSWORD, expect, test } from '../support/fixtures';
import { expectOnly, renderedFonts, webFontsOn } from './font-support';
import { tr, type Locale } from './shell-support';

// The session group of scripts/lib/chunk-groups.mjs.
const SESSION_CHUNK = /\/assets\/session-[\w-]+\.js$/;

test('/login paints and takes the sign-in while the session chunk is still loading; the machine then signs in', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(SESSION_CHUNK, async (route) => {
    held += 1;
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    await route.continue();
  });
  await page.goto('/login');
  const form = page.getByRole('form', { name: tr('ru', 'Sign in') });
  await form.getByLabel(tr('ru', 'E-mail')).fill('partner@demo.test');
  await form.getByLabel(tr('ru', 'Password')).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: tr('ru', 'Sign in') }).click();
  expect(held, 'the session chunk was asked for and is being held').toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(page, 'nothing signs in before the machine runs').toHaveURL(/\/login$/);
  const login = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/users/login'));
  release();
  expect((await login).postData()).toContain('email=partner%40demo.test');
  await expect(page).toHaveURL(/\/dashboard$/);
});

for (const locale of ['ru', 'uk', 'ro'] as Locale[]) {
  test(`/login in ${locale} at 390 px is drawn with the two web fonts only, for every letter of the language`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((code) => localStorage.setItem('lang', code), locale);
    await page.goto('/login');
    // A first visit puts the web fonts on at its next navigation (src/styles/web-fonts.ts); a later visit (the
    // browser has the files) before its first paint, which this reload is.
    await page.waitForFunction(() => localStorage.getItem('web-fonts') !== null);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Login and password'));
    // Letters of all five languages, in the body and the heading font, beside the page's own text.
    await page.evaluate(() => {
      const sample = 'șțăîâ ȘȚĂÎÂ àèéìòù ёЁ їЇ ґҐ єЄ іІ «»„“”–—…№€';
      const samples = [
        { id: 'sample-body', family: 'var(--font-body)', weight: '400' },
        { id: 'sample-heading', family: 'var(--font-heading)', weight: '700' },
      ];
      for (const { id, family, weight } of samples) {
        const node = document.createElement('p');
        node.id = id;
        node.style.fontFamily = family;
        node.style.fontWeight = weight;
        node.textContent = sample;
        document.body.append(node);
      }
    });
    await webFontsOn(page);
    await page.screenshot({ path: test.info().outputPath(`login-${locale}-390.png`) });
    expectOnly(await renderedFonts(page, 'h1'), 'Montserrat');
    expectOnly(await renderedFonts(page, 'label[for="login-email"]'), 'Open Sans');
    expectOnly(await renderedFonts(page, '#sample-body'), 'Open Sans');
    expectOnly(await renderedFonts(page, '#sample-heading'), 'Montserrat');
    const fontFiles = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.woff2')),
    );
    expect(fontFiles.length, fontFiles.join(', ')).toBeLessThanOrEqual(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
}
