// Order by code (issue 32) in a real browser against the reference server: a paper order of 15 entries pasted on the
// Products screen, 13 real codes read with their products and the 2 bad entries (an unknown code, a junk line)
// explained, Ctrl+Enter puts the 13 into the bag at once, the toast thanks, the text keeps the 2 bad entries, axe finds
// nothing, and the panel fits a phone. tatiana.smirnov@demo.test (a Russian-speaking distributor of warehouse 1) is
// this spec's own account: its bag is emptied first and after.
import type { Page } from '@playwright/test';
import type { Locale } from '../shell/shell-support';
import { expect, startSession, test } from '../support/fixtures';
import { openScreen, ShopApi, texts, type Product } from './shopping-support';

const EMAIL = 'tatiana.smirnov@demo.test';

/** Formats an ICU message of the catalogs (plain `{name}` and `{name, plural, …}` with `#`), as the app shows it. */
function icu(message: string, values: Record<string, number | string>, locale: Locale): string {
  const rules = new Intl.PluralRules(locale);
  const plurals = /\{(\w+), plural, ((?:[=\w]+ \{[^{}]*(?:\{\w+\}[^{}]*)*\}\s*)+)\}/g;
  return message
    .replace(plurals, (_, name: string, branches: string) => {
      const value = Number(values[name]);
      const forms = new Map(
        [...branches.matchAll(/([=\w]+) \{((?:[^{}]|\{\w+\})*)\}/g)].map(([, key, text]) => [key, text]),
      );
      const form = forms.get(`=${value}`) ?? forms.get(rules.select(value)) ?? forms.get('other') ?? '';
      return form.replaceAll('#', new Intl.NumberFormat(locale).format(value));
    })
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** Nothing in `selector` sticks out of the viewport, and the page does not scroll sideways. */
async function fitsWidth(page: Page, selector: string): Promise<{ scroll: number; outside: string[] }> {
  return page.evaluate((root) => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll<HTMLElement>(`${root}, ${root} *`)]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.height > 0 && (rect.left < -1 || rect.right > width + 1);
      })
      .slice(0, 10)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    return { scroll: document.documentElement.scrollWidth - width, outside };
  }, selector);
}

test.describe('order by code', () => {
  let shop: ShopApi;

  test.beforeEach(async ({ page, request }) => {
    shop = await ShopApi.for(request, EMAIL);
    await shop.setCart([]);
    await startSession(page, request, EMAIL);
  });

  test.afterEach(async () => {
    await shop.setCart([]);
  });

  test('a pasted paper order of 15 entries: 13 go into the bag with Ctrl+Enter, the 2 bad ones stay to be fixed', async ({
    page,
    request,
    expectNoAxeViolations,
  }) => {
    test.setTimeout(90_000);
    // 13 real codes with stock at the distributor's warehouse, each asked for 1 to 3 units.
    const picked = (await shop.goods({ page: 1, pageSize: 100, sort: 'newest' })).items
      .filter((product) => product.isActive && product.stock >= 3)
      .slice(0, 13);
    expect(picked).toHaveLength(13);
    const wanted = new Map<number, number>(picked.map((product, index) => [product.id, (index % 3) + 1]));
    const entry = (product: Product) => `${product.sku} ${wanted.get(product.id) ?? 1}`;
    const unknown = 'ZZ-404404 2';
    const junk = 'две коробки помады';
    // As from a paper form: mostly one a line, two lines with several entries after commas, a bad entry in between.
    const text = [
      ...picked.slice(0, 4).map(entry),
      unknown,
      `${entry(picked[4] as Product)}, ${entry(picked[5] as Product)}, ${entry(picked[6] as Product)}`,
      ...picked.slice(7, 10).map(entry),
      junk,
      `${entry(picked[10] as Product)}; ${entry(picked[11] as Product)}`,
      entry(picked[12] as Product),
    ].join('\n');

    const locale = await openScreen(page, request, EMAIL, '/new-order');
    expect(locale).toBe('ru');
    const t = await texts(page);
    const main = page.getByRole('main');

    // The panel is a disclosure above the grid: open it from the keyboard.
    const toggle = main.getByRole('button', { name: t('Order by code') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = main.getByRole('region', { name: t('Order by code') });
    const box = panel.getByRole('textbox', { name: t('Product codes and quantities') });
    // The form loads with the first opening; focus is still on the button, the text box is next.
    await expect(box).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(box).toBeFocused();

    // Pasted: every entry read, the count announced politely.
    await box.fill(text);
    const summary = panel.getByRole('status');
    await expect(summary).toHaveAttribute('aria-live', 'polite');
    const counted = (addable: number, entries: number) =>
      icu(
        t('{addable} of {entries, plural, one {# entry} other {# entries}} can be added'),
        { addable, entries },
        locale,
      );
    await expect(summary).toHaveText(counted(13, 15));
    const entries = panel.getByRole('list', { name: t('Entries read') });
    const cards = entries.getByRole('listitem');
    await expect(cards).toHaveCount(15);
    await expect(entries.locator('[data-status="ok"]')).toHaveCount(13);
    for (const product of picked) {
      const written = new RegExp(`^${entry(product).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
      const card = entries
        .locator('[data-status="ok"]')
        .filter({ has: page.locator('code', { hasText: written }) });
      await expect(card).toContainText(product.name[locale]);
      await expect(card).toContainText(
        icu(
          t('{toAdd, plural, one {Will be added: # pc} other {Will be added: # pcs}}'),
          { toAdd: wanted.get(product.id) ?? 0 },
          locale,
        ),
      );
    }
    await expect(cards.nth(4)).toHaveAttribute('data-status', 'unknown');
    await expect(cards.nth(4)).toContainText(
      icu(t('Unknown code: no product has the code {code}.'), { code: 'ZZ-404404' }, locale),
    );
    await expect(cards.nth(11)).toHaveAttribute('data-status', 'unreadable');
    await expect(cards.nth(11)).toContainText(t('Not a code and a quantity. Write, for example: PF-1024 2'));
    await expectNoAxeViolations(page);

    // Ctrl+Enter adds every entry that can be added, in one go.
    await box.focus();
    await page.keyboard.press('Control+Enter');
    const units = [...wanted.values()].reduce((sum, quantity) => sum + quantity, 0);
    await expect(
      page.getByText(
        icu(
          t('{products, plural, one {# product added to the bag} other {# products added to the bag}}'),
          { products: 13 },
          locale,
        ),
      ),
    ).toBeVisible();
    await expect(page.getByTestId('bag-count')).toHaveText(String(units));
    // The text keeps the two bad entries, read again, for the distributor to fix.
    await expect(box).toHaveValue(`${unknown}\n${junk}`);
    await expect(summary).toHaveText(counted(0, 2));
    await expect(cards).toHaveCount(2);
    await expectNoAxeViolations(page);

    // The bag holds the 13 products with their quantities.
    const cart = await shop.cart();
    expect(new Map(cart.items.map((item) => [item.productId, item.quantity]))).toEqual(wanted);

    // A phone: the panel and its entries fit 390 and 320 px, nothing scrolls sideways.
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() => fitsWidth(page, '.quick-order'), `order by code at ${width} px`)
        .toEqual({ scroll: 0, outside: [] });
    }

    // The bag page lists them (the cached bag was replaced by the answer's), and offers the panel too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('bag-link').click();
    await expect(page).toHaveURL(/\/shopping-bag/);
    const lines = main.getByRole('region', { name: t('Products in the bag') }).getByRole('listitem');
    await expect(lines).toHaveCount(13);
    for (const product of picked) {
      await expect(
        main.getByRole('spinbutton', {
          name: icu(t('Quantity of {name}'), { name: product.name[locale] }, locale),
        }),
      ).toHaveValue(String(wanted.get(product.id)));
    }
    await expect(main.getByRole('button', { name: t('Order by code') })).toBeVisible();
    await page.setViewportSize({ width: 320, height: 800 });
    await expect
      .poll(() => fitsWidth(page, '.bag-page'), 'the bag at 320 px')
      .toEqual({ scroll: 0, outside: [] });
  });
});
