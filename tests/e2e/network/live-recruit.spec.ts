// A distributor who signs up under a member appears in the open genealogy tree of everyone above, without a reload
// (the live `network` event, docs/adr/0140-sign-up-under-a-sponsor.md): pw@demo.test watches the tree from a member
// of their first line while someone signs up under that member through `POST /public/join`.
//
// The recruit lands in pw's second line, which no spec counts (tests/e2e/network/join.spec.ts signs up under its
// leaves and only needs one to exist); e-mails and phones are unique per attempt, so a retry signs up again.
import type { APIRequestContext } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { components } from '../../../openapi/schema.d.ts';
import { streamOpen } from '../warehouse/order-support';
import { API_PREFIX, apiLogin, expect, startSession, test } from '../support/fixtures';
import { apiGet, type NetworkView } from './network-support';

type SponsorCard = components['schemas']['SponsorCard'];

/** A sign-up under `sponsor` (its PRN), with a proof of work solved here as the browser solves it. */
async function signUpUnder(request: APIRequestContext, sponsor: string, fullName: string): Promise<void> {
  const challenge = (await (await request.get(`${API_PREFIX}/public/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error('the proof of work was not solved');
  const card = (await (await request.get(`${API_PREFIX}/public/sponsors/${sponsor}`)).json()) as SponsorCard;
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const digits = `${Date.now() % 1e7}`.padStart(7, '0');
  const response = await request.post(`${API_PREFIX}/public/join`, {
    data: {
      sponsor,
      fullName,
      email: `live-recruit-${stamp}@example.test`,
      phone: `+373 7${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}${Math.floor(Math.random() * 10)}`,
      city: 'Cahul',
      warehouseId: card.warehouses[0]?.id,
      password: `Linden avenue ${stamp} in June`,
      birthDate: '1990-03-14',
      consents: Object.fromEntries(card.documents.map((document) => [document.id, document.edition])),
      altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('someone who signs up under a member appears in the open tree above them, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, 'pw@demo.test');
  const mine = await apiGet<NetworkView>(request, token, '/users/my-network?pageSize=100');
  const member = mine.children.items.find((child) => child.childrenCount > 0 && child.childrenCount < 40);
  if (member === undefined) throw new Error('pw@demo.test has a first-line member with a small first line');

  await startSession(page, request, 'pw@demo.test');
  const stream = streamOpen(page);
  await page.goto(`/my-distributers?view=tree&root=${member.id}`);
  await stream;
  // pw@demo.test reads the portal in Romanian: the tree is found by its role alone (there is one).
  const tree = page.getByRole('tree');
  const root = tree.getByRole('treeitem').first();
  await expect(root).toHaveAttribute('data-node', String(member.id));
  const firstLine = tree.locator('[role="treeitem"][aria-level="2"]');
  await expect(firstLine.first()).toBeVisible();
  const setsize = Number(await firstLine.first().getAttribute('aria-setsize'));
  await page.evaluate(() => Reflect.set(window, '__notReloaded', true));

  const fullName = `Irina Live ${Date.now().toString(36).slice(-5)}`;
  await signUpUnder(request, member.prn, fullName);

  // The member's first line is read again: one more, the newcomer among them, the same page.
  await expect(firstLine.first()).toHaveAttribute('aria-setsize', String(setsize + 1), {
    timeout: 10_000,
  });
  await expect(tree.getByRole('link', { name: fullName })).toBeAttached();
  expect(await page.evaluate(() => Reflect.get(window, '__notReloaded'))).toBe(true);
});
