// The drawn genealogy (docs/adr/0035-drawn-genealogy.md) in Chromium against the demo downline of
// partner@demo.test: a member several levels deep found by search is shown with their whole line opened,
// centred and focused; the list and the tree toggle in the URL; "show the tree from here" and the breadcrumb
// move the root (and back works); axe in both views; at 320 and 390 px on a touch screen the page never
// scrolls sideways, the keyboard hint is hidden, a drag pans and the buttons zoom.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, expectFitsWidth, focusedRow, PARTNER, type NetworkView } from './network-support';

type NetworkNode = NetworkView['node'];

/** Down the first line with a first line of its own, as deep as `levels` (or as the downline goes). */
async function deepMember(request: APIRequestContext, token: string, levels: number): Promise<NetworkNode[]> {
  const line: NetworkNode[] = [];
  let view = await apiGet<NetworkView>(request, token, '/users/my-network?pageSize=50');
  line.push(view.node);
  while (line.length <= levels) {
    const next =
      view.children.items.find((child) => child.childrenCount > 0) ??
      (line.length === levels ? view.children.items[0] : undefined);
    if (next === undefined) break;
    line.push(next);
    if (next.childrenCount === 0 || line.length > levels) break;
    view = await apiGet<NetworkView>(request, token, `/users/my-network/${next.id}?pageSize=50`);
  }
  return line;
}

const nodeOf = (page: Page, id: number) => page.locator(`[role="treeitem"][data-node="${id}"]`);

test('search shows a deep member with their line opened and focused; list ↔ tree; root from here and back', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, PARTNER);
  const line = await deepMember(request, token, 4);
  expect(line.length, 'a member at least three levels below the partner').toBeGreaterThanOrEqual(4);
  const member = line.at(-1);
  if (member === undefined) throw new Error('no member');
  // The contract's answer for the same member is the same line.
  const answer = await apiGet<{ items: NetworkNode[] }>(
    request,
    token,
    `/users/my-network/${member.id}/path`,
  );
  expect(answer.items.map((node) => node.id)).toEqual(line.map((node) => node.id));

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/my-distributers?view=tree');
  const tree = page.getByRole('tree', { name: tr('ru', 'Genealogy') });
  // The first visit hydrates the server's page before the tree's first call: on a CI machine shared by several
  // browsers that took up to 9 s, so this first wait is longer than the default.
  await expect(nodeOf(page, line[0]?.id ?? 0)).toHaveAttribute('aria-expanded', 'true', { timeout: 20_000 });

  // The wheel zooms at the pointer, the buttons pan and reset: once the app runs the tree, which it shows by drawing
  // the cards the server leaves to it (they need the canvas's size, ADR 0151); a wheel before that is the browser's.
  await expect(page.locator('[role="treeitem"]').nth(1)).toBeVisible();
  const canvas = page.locator('.gchart__canvas');
  const world = page.locator('.gchart__world');
  await expect(canvas).toHaveAttribute('data-scale', '1.00');
  const area = await canvas.boundingBox();
  await page.mouse.move((area?.x ?? 0) + 200, (area?.y ?? 0) + 100);
  await page.mouse.wheel(0, 300);
  await expect.poll(async () => Number(await canvas.getAttribute('data-scale'))).toBeLessThan(1);
  const before = await world.getAttribute('style');
  await page.getByRole('button', { name: tr('ru', 'Move left') }).click();
  await expect(world).not.toHaveAttribute('style', before ?? '');
  await page.getByRole('button', { name: tr('ru', 'Reset') }).click();
  await expect(canvas).toHaveAttribute('data-scale', '1.00');

  await page.getByLabel(tr('ru', 'Find a distributor in the tree')).fill(member.prn);
  await page.getByRole('button', { name: member.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]reveal=${member.id}(&|$)`));
  const found = nodeOf(page, member.id);
  await expect(found).toBeFocused();
  await expect(found).toHaveClass(/gcard--found/);
  await expect(found).toHaveAttribute('aria-level', String(line.length));
  // Centred in the canvas.
  const box = await canvas.boundingBox();
  const card = await found.boundingBox();
  if (box === null || card === null) throw new Error('no canvas or card box');
  expect(Math.abs(card.x + card.width / 2 - (box.x + box.width / 2))).toBeLessThan(4);
  expect(Math.abs(card.y + card.height / 2 - (box.y + box.height / 2))).toBeLessThan(4);
  await expectNoAxeViolations(page);

  // Up the tree by keyboard: every node of the line is there, opened, one level above the last.
  for (let level = line.length - 1; level >= 1; level--) {
    for (let step = 0; (await focusedRow(page).getAttribute('aria-level')) !== String(level); step++) {
      expect(step, `the level-${level} node of the line above`).toBeLessThan(60);
      await page.keyboard.press('ArrowUp');
    }
    await expect(focusedRow(page)).toHaveAttribute('data-node', String(line[level - 1]?.id));
    await expect(focusedRow(page)).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);

  // The list, and back to the tree (the view is in the URL).
  await page.getByRole('tab', { name: tr('ru', 'List') }).click();
  await expect(page).not.toHaveURL(/view=tree/);
  await expect(page.locator('table.data-table')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: tr('ru', 'Tree') }).click();
  await expect(page).toHaveURL(/view=tree/);
  await expect(tree).toBeVisible();

  // The tree from the member's sponsor: the breadcrumb runs from "My network" down to them.
  const sponsor = line.at(-2);
  const middle = line[1];
  if (sponsor === undefined || middle === undefined) throw new Error('a short line');
  await page.goto(`/my-distributers?view=tree&reveal=${sponsor.id}`);
  // Reloaded with the member in the URL: shown and selected (the page's focus stays where the shell puts it).
  await expect(nodeOf(page, sponsor.id)).toHaveAttribute('aria-selected', 'true');
  await expect(nodeOf(page, sponsor.id)).toHaveClass(/gcard--found/);
  await page.getByRole('link', { name: tr('ru', 'Show the tree from here') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]root=${sponsor.id}(&|$)`));
  await expect(tree.getByRole('treeitem').first()).toHaveAttribute('data-node', String(sponsor.id));
  const crumbs = page.getByRole('navigation', { name: tr('ru', "From me to the tree's start") });
  await expect(crumbs.getByRole('listitem')).toHaveCount(line.length - 1);
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(sponsor.fullName);
  await expectNoAxeViolations(page);
  // Someone above the current root, found by search: the tree starts from the viewer again to show them.
  await page.getByLabel(tr('ru', 'Find a distributor in the tree')).fill(middle.prn);
  await page.getByRole('button', { name: middle.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`view=tree&reveal=${middle.id}$`));
  await expect(nodeOf(page, middle.id)).toHaveClass(/gcard--found/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]root=${sponsor.id}(&|$)`));
  await crumbs.getByRole('link', { name: middle.fullName }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]root=${middle.id}(&|$)`));
  await expect(tree.getByRole('treeitem').first()).toHaveAttribute('data-node', String(middle.id));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]root=${sponsor.id}(&|$)`));
  await expect(tree.getByRole('treeitem').first()).toHaveAttribute('data-node', String(sponsor.id));
  await crumbs.getByRole('link', { name: tr('ru', 'My network') }).click();
  await expect(page).not.toHaveURL(/root=/);
  await expect(tree.getByRole('treeitem').first()).toHaveAttribute('data-node', String(line[0]?.id));
});

for (const width of [320, 390]) {
  test(`at ${width} px on a touch screen: no sideways scroll, no keyboard hint, drag pans, pinch and buttons zoom`, async ({
    browser,
    request,
    expectNoAxeViolations,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: 740 },
      hasTouch: true,
      isMobile: true,
      locale: 'ru-RU',
    });
    const page = await context.newPage();
    await startSession(page, request, PARTNER);
    await page.goto('/my-distributers?view=tree');
    const root = page.getByRole('tree').getByRole('treeitem').first();
    await expect(root).toHaveAttribute('aria-expanded', 'true');
    const canvas = page.locator('.gchart__canvas');
    // The indented layout on a phone; the canvas fills the screen below the header.
    await expect(canvas).toHaveClass(/gchart__canvas--right/);
    const box = await canvas.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(740 * 0.6);
    await expectFitsWidth(page, width);
    await expect(page.locator('.gchart__hint')).toBeHidden();

    const world = page.locator('.gchart__world');
    const before = await world.getAttribute('style');
    const start = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) - 40 };
    await canvas.scrollIntoViewIfNeeded();
    const moved = await canvas.boundingBox();
    const from = { x: start.x, y: (moved?.y ?? 0) + (moved?.height ?? 0) - 40 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x - 60, from.y - 120, { steps: 6 });
    await page.mouse.up();
    await expect(world).not.toHaveAttribute('style', before ?? '');
    const scale = Number(await canvas.getAttribute('data-scale'));
    await page.getByRole('button', { name: tr('ru', 'Zoom out') }).click();
    await expect.poll(async () => Number(await canvas.getAttribute('data-scale'))).toBeLessThan(scale);
    // Two fingers spread apart: zoom in.
    const pinched = Number(await canvas.getAttribute('data-scale'));
    const touch = await context.newCDPSession(page);
    await canvas.scrollIntoViewIfNeeded();
    const now = await canvas.boundingBox();
    const mid = { x: (now?.x ?? 0) + (now?.width ?? 0) / 2, y: (now?.y ?? 0) + (now?.height ?? 0) / 2 };
    const fingers = (gap: number) => [
      { x: mid.x - gap, y: mid.y, id: 1 },
      { x: mid.x + gap, y: mid.y, id: 2 },
    ];
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
    for (const gap of [30, 45, 60, 80])
      await touch.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap) });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(async () => Number(await canvas.getAttribute('data-scale'))).toBeGreaterThan(pinched);
    await expectFitsWidth(page, width);
    if (width === 390) await expectNoAxeViolations(page);
    await context.close();
  });
}
