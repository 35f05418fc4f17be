// The genealogy tree (the drawn one) in Chromium against the demo downline of partner@demo.test: expanded three
// levels deep by keyboard only (each opened node lists the children the API lists), and a node opened into its
// card, which shows the API's figures.
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, focusedRow, pagePoints, PARTNER, rowNodeId, type NetworkView } from './network-support';

test('the tree expands three levels deep by keyboard, each level as the API lists it', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, PARTNER);
  await page.goto('/my-distributers?view=tree');
  const tree = page.getByRole('tree', { name: tr('ru', 'Genealogy') });
  const root = tree.getByRole('treeitem').first();
  await expect(root).toHaveAttribute('aria-level', '1');
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await expect(root).toHaveAttribute('tabindex', '0');

  // Into the tree with Tab, as a keyboard user (past the search, the view's buttons and the selected member's
  // links): the root holds the one tab stop.
  await page.getByRole('tab', { name: tr('ru', 'Tree') }).focus();
  for (let step = 0; !(await root.evaluate((element) => element === document.activeElement)); step++) {
    expect(step, 'Tab reaches the tree').toBeLessThan(16);
    await page.keyboard.press('Tab');
  }

  const mine = await apiGet<NetworkView>(request, token, '/users/my-network?pageSize=50');
  for (let depth = 2; depth <= 4; depth++) {
    await page.keyboard.press('ArrowRight'); // an open node: to its first child
    await expect(focusedRow(page)).toHaveAttribute('aria-level', String(depth));
    // Down the siblings to the first one with a first line of its own.
    for (let step = 0; (await focusedRow(page).getAttribute('aria-expanded')) !== 'false'; step++) {
      expect(step, `an openable distributor at level ${depth}`).toBeLessThan(50);
      await page.keyboard.press('ArrowDown');
      await expect(focusedRow(page)).toHaveAttribute('aria-level', String(depth));
    }
    const id = await rowNodeId(page);
    await page.keyboard.press('ArrowRight'); // a closed node: opens it
    await expect(focusedRow(page)).toHaveAttribute('aria-expanded', 'true');
    // Its first line is on its way (the card says so with aria-busy); Right moves into it once it is there.
    await expect(focusedRow(page)).not.toHaveAttribute('aria-busy', 'true');

    const view = await apiGet<NetworkView>(request, token, `/users/my-network/${id}?pageSize=50`);
    expect(view.children.total).toBeGreaterThan(0);
    // Only the cards in view are in the DOM: the first line is walked by keyboard, each child as the API lists it.
    await page.keyboard.press('ArrowRight');
    for (const [index, child] of view.children.items.entries()) {
      if (index > 0) await page.keyboard.press('ArrowDown');
      const row = focusedRow(page);
      await expect(row).toHaveAttribute('aria-level', String(depth + 1));
      await expect(row).toHaveAttribute('data-node', String(child.id));
      await expect(row.locator('a')).toHaveText(child.fullName);
      await expect(row).toHaveAttribute('aria-posinset', String(index + 1));
      await expect(row).toHaveAttribute('aria-setsize', String(view.children.total));
    }
    await page.keyboard.press('ArrowLeft'); // back to the node just opened
    await expect(focusedRow(page)).toHaveAttribute('data-node', String(id));
  }
  await page.keyboard.press('ArrowRight');
  await expect(focusedRow(page)).toHaveAttribute('aria-level', '5');
  await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Left walks back up: to the parent, then closes it.
  await page.keyboard.press('ArrowLeft');
  await expect(focusedRow(page)).toHaveAttribute('aria-level', '4');
  await page.keyboard.press('ArrowLeft');
  await expect(focusedRow(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.locator('[role="treeitem"][aria-level="5"]')).toHaveCount(0);

  // Home goes back to the caller, whose first line is the API's.
  await page.keyboard.press('Home');
  await expect(root).toBeFocused();
  await expect(root.locator('a')).toHaveText(mine.node.fullName);
});

test('Enter on a node opens its card with the API figures; the card leads back into the tree', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, PARTNER);
  await page.goto('/my-distributers?view=tree');
  const tree = page.getByRole('tree');
  const root = tree.getByRole('treeitem').first();
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await root.focus();
  await page.keyboard.press('ArrowRight');
  // The first distributor of the first line with a first line of their own (their card has the tree link).
  while ((await focusedRow(page).getAttribute('aria-expanded')) !== 'false')
    await page.keyboard.press('ArrowDown');
  const id = await rowNodeId(page);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/my-distributers/${id}$`));

  const { node } = await apiGet<NetworkView>(request, token, `/users/my-network/${id}?pageSize=1`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(node.fullName);
  await expect(page.getByRole('link', { name: node.email })).toHaveAttribute('href', `mailto:${node.email}`);
  if (node.phone !== null) await expect(page.getByRole('link', { name: node.phone })).toBeVisible();
  await expect(page.locator('.facts').first()).toContainText(node.prn);
  const [pv, gv, cgv, pgv] = await pagePoints(page, [
    node.volumes.pv,
    node.volumes.gv,
    node.volumes.cgv,
    node.volumes.pgv,
  ]);
  const tile = (label: string) =>
    page.locator('.volume-tile').filter({ has: page.locator('abbr', { hasText: new RegExp(`^${label}$`) }) });
  await expect(tile('PV').locator('dd')).toHaveText(pv ?? '');
  await expect(tile('GV').locator('dd')).toHaveText(gv ?? '');
  await expect(tile('CGV').locator('dd')).toHaveText(cgv ?? '');
  await expect(tile('PGV').locator('dd')).toHaveText(pgv ?? '');
  await expect(page.locator('.qualification-list__item')).toHaveCount(node.qualifications.length);
  const team = page.locator('section[aria-labelledby="distributor-team"] dd');
  await expect(team.nth(0)).toHaveText(String(node.recruits));
  await expect(team.nth(1)).toHaveText(String(node.childrenCount));
  // The card's volume history: the API's months, newest first.
  const history = await apiGet<Array<{ month: string }>>(request, token, `/users/my-network/${id}/volumes`);
  const months = page.locator('[data-table="volume-history"] tbody tr');
  await expect(months).toHaveCount(history.length);
  await expect(months.first()).toHaveAttribute('data-month', history.at(-1)?.month ?? '');
  // The card's first line: the API's first page of children, each leading to their own card.
  const firstLine = await apiGet<NetworkView>(request, token, `/users/my-network/${id}?page=1&pageSize=10`);
  const children = page.locator('[data-table="first-line"] tbody tr');
  await expect(children).toHaveCount(firstLine.children.items.length);
  await expect(children.locator('th a')).toHaveText(firstLine.children.items.map((child) => child.fullName));
  await expect(children.first().locator('th a')).toHaveAttribute(
    'href',
    `/my-distributers/${firstLine.children.items[0]?.id}`,
  );
  await expectNoAxeViolations(page);

  // "Show in the tree" starts the tree from this distributor, whose first line the API lists.
  await page.locator('section[aria-labelledby="distributor-team"] a.button').click();
  await expect(page).toHaveURL(new RegExp(`[?&]root=${id}`));
  const subtree = page.getByRole('tree').getByRole('treeitem');
  await expect(subtree.first().locator('a')).toHaveText(node.fullName);
  await expect(page.locator('[role="treeitem"][aria-level="2"]')).toHaveCount(
    Math.min(node.childrenCount, 50),
  );
  await expectNoAxeViolations(page);
});

test('a distributor outside the downline is Not Found', async ({ page, request }) => {
  await startSession(page, request, PARTNER);
  await page.goto('/my-distributers/999999');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('ru', 'Not Found'));
});
