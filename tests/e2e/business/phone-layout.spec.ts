// The design pass (docs/adr/0051-one-design-system.md): on the business screens nothing is wider than a
// phone's viewport at 320 and 390 px (tables become cards, long names and e-mails truncate), and axe finds
// nothing, landmark-unique included.
import { expect, startSession, test } from '../support/fixtures';
import { expectNoAxeViolationsWithBestPractice, widerThanViewport } from './layout-support';

const SCREENS = [
  { path: '/dashboard', ready: '[data-table="closed-months"]' },
  { path: '/charts', ready: '[data-table="closed-stats"]' },
  { path: '/my-distributers', ready: 'main h1' },
  { path: '/my-distributers?view=tree', ready: '[role="tree"] [role="treeitem"]' },
  { path: '/client-base', ready: 'main h1' },
  { path: '/documents', ready: 'main h1' },
  { path: '/personal', ready: 'main h1' },
];

test('the business screens fit 320 and 390 px and pass axe', async ({ page, request }) => {
  test.setTimeout(120_000);
  await startSession(page, request, 'partner@demo.test');
  for (const screen of SCREENS) {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(screen.path);
    await expect(page.locator(screen.ready).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // E-mails keep one line: a long one ends in "…" with the whole address as its title.
    for (const email of await page.locator('.data-table__secondary[title], .truncate').all())
      expect(await email.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('nowrap');
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect
        .poll(() => widerThanViewport(page), `${screen.path} at ${width} px`)
        .toEqual({ scroll: 0, elements: [] });
    }
    await expectNoAxeViolationsWithBestPractice(page);
  }
});
