// More screens rendered on the server (docs/adr/0068-server-renders-first-screen.md): My Network's list, Charts,
// Client base, Documents and First steps come in the HTML with their data and paint with every script of the app held back; the app then takes the same DOM over (the element the server rendered is the one it runs), with no
// console error (a hydration that did not match reports one) and without asking for the screen's data again. My
// Network's tree comes with its first view too since ADR 0151 (prerender-last-screens.spec.ts).
import { startSession, expect, test } from '../support/fixtures';
import { tr } from './shell-support';
import { apiRequests, appStarted, collectErrors, holdAppCode, returningBrowser } from './prerender-support';

const SCREENS = [
  {
    path: '/my-distributers',
    title: 'My Network',
    // The downline list's first member (the demo partner has a downline).
    first: 'main table tbody tr a[href^="/my-distributers/"]',
    reads: ['/users/my-network/search'],
  },
  {
    path: '/charts',
    title: 'Charts',
    first: 'main table[data-table="closed-stats"] tbody tr[data-month]',
    reads: ['/users/reports/closed-stats'],
  },
  {
    path: '/client-base',
    title: 'Client base',
    first: 'main table tbody tr a[href^="/client-base/"]',
    reads: ['/users/clients'],
  },
  {
    path: '/documents',
    title: 'Documents',
    first: 'main li[data-document]',
    // The documents, and a distributor's bonus estimate and statements with the latest month's.
    reads: ['/documents', '/users/bonus/current', '/users/statements'],
  },
  {
    path: '/first-steps',
    title: 'First steps',
    first: 'main li[data-step="order"]',
    reads: ['/users/first-steps'],
  },
] as const;

for (const screen of SCREENS) {
  test(`${screen.path} paints from the HTML before any JavaScript, and the app takes the same screen over`, async ({
    page,
    request,
  }) => {
    await startSession(page, request, 'partner@demo.test');
    await returningBrowser(page.context());
    const errors = collectErrors(page);
    const sent = apiRequests(page);
    const release = await holdAppCode(page);
    await page.goto(screen.path, { waitUntil: 'commit' });
    // No JavaScript of the app has run: the screen and its data are the server's.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', screen.title));
    const first = page.locator(screen.first).first();
    await expect(first).toBeVisible();
    await page.evaluate((selector) => {
      (window as unknown as { __serverElement: Element | null }).__serverElement =
        document.querySelector(selector);
    }, screen.first);
    expect(sent, 'nothing is asked before the app runs').toEqual([]);
    release();
    await appStarted(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    expect(
      await page.evaluate(
        (selector) =>
          document.querySelector(selector) ===
          (window as unknown as { __serverElement: Element | null }).__serverElement,
        screen.first,
      ),
      'the server-rendered element is kept',
    ).toBe(true);
    // Until the live stream opens (a change made after it is rightly read again), the screen's reads came with
    // the page.
    const streamOpened = sent.findIndex((path) => path.startsWith('/events?'));
    const hydrating = streamOpened === -1 ? sent : sent.slice(0, streamOpened);
    for (const read of screen.reads)
      expect(
        hydrating.filter(
          (path) => path === read || path.startsWith(`${read}?`) || path.startsWith(`${read}/`),
        ),
        `${read} came with the page`,
      ).toEqual([]);
    expect(errors).toEqual([]);
    // And it is the app: a link of the menu navigates in place.
    await page
      .getByRole('link', { name: tr('ru', 'Main') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Main'));
  });
}

test('My Network’s tree paints its screen from the HTML and draws itself once the app has taken the screen over', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/my-distributers?view=tree', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'My Network'));
  const treeTab = page.getByRole('tab', { name: tr('ru', 'Tree') });
  await expect(treeTab).toHaveAttribute('aria-selected', 'true');
  await page.evaluate(() => {
    (window as unknown as { __serverTab: Element | null }).__serverTab = document.querySelector(
      '[role="tab"][aria-selected="true"]',
    );
  });
  release();
  await appStarted(page);
  // The tree draws its first view (which came with the page).
  const root = page
    .getByRole('tree', { name: tr('ru', 'Genealogy') })
    .getByRole('treeitem')
    .first();
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  expect(
    await page.evaluate(
      () =>
        document.querySelector('[role="tab"][aria-selected="true"]') ===
        (window as unknown as { __serverTab: Element | null }).__serverTab,
    ),
    'the server-rendered tab is kept',
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('text typed into the search of a server-rendered list before the app takes over is searched for', async ({
  page,
  request,
}) => {
  await startSession(page, request, 'partner@demo.test');
  await returningBrowser(page.context());
  const errors = collectErrors(page);
  const release = await holdAppCode(page);
  await page.goto('/my-distributers', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox');
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await search.fill('Ciob');
  release();
  await appStarted(page);
  // Hydration puts the field back at the search in effect (none); the field takes the typed text back and the
  // list searches for it, as if it had been typed now.
  await expect(page).toHaveURL(/[?&]q=Ciob(&|$)/);
  await expect(search).toHaveValue('Ciob');
  const names = page.locator('main table tbody tr a[href^="/my-distributers/"]');
  await expect(names.first()).toBeVisible();
  // The search's answer replaces the first page's rows: wait for it rather than read the rows it replaces.
  await expect
    .poll(async () => (await names.allTextContents()).filter((name) => !/ciob/i.test(name)))
    .toEqual([]);
  expect(errors).toEqual([]);
});
