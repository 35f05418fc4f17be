// The network file in Chromium: downloaded through the page (bearer token, blob), then read back: UTF-8 with a
// byte order mark, semicolons, the contract's header row, one row per distributor of the downline (the API's total), names in
// Cyrillic intact.
import { readFile } from 'node:fs/promises';
import { test, expect, startSession } from '../support/fixtures';
import { tr } from '../shell/shell-support';
import { apiGet, parseCsv, PARTNER, type NetworkNodePage } from './network-support';

/** The contract's header row (semicolon separated: Excel's list separator under our users' locales). */
const HEADER =
  'id;fullName;email;phone;signingDate;rank;prn;pv;gv;cgv;pgv;qualifications;recruits;childrenCount;level;sponsorId';

test('the network file downloads and opens: BOM, header, every distributor, Cyrillic intact', async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  test.setTimeout(60_000);
  const token = await startSession(page, request, PARTNER);
  await page.goto('/my-distributers');
  const button = page.getByRole('button', { name: tr('ru', 'Download network (CSV)') });
  await expect(button).toBeEnabled();

  const downloading = page.waitForEvent('download');
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-network-\d{4}-\d{2}-\d{2}\.csv$/);
  const path = await download.path();
  const bytes = await readFile(path);

  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).slice(1);
  const [header, ...records] = parseCsv(text);
  expect(header?.join(';')).toBe(HEADER);
  expect(text.endsWith('\r\n')).toBe(true);

  const all = await apiGet<NetworkNodePage>(request, token, '/users/my-network/search?pageSize=1');
  expect(records).toHaveLength(all.total);
  for (const record of records) expect(record).toHaveLength(16);

  // Distributors whose names are in Cyrillic, as the API spells them.
  const cyrillic = await apiGet<NetworkNodePage>(
    request,
    token,
    '/users/my-network/search?pageSize=100&sort=name&order=desc',
  );
  const named = cyrillic.items.filter((item) => /[А-Яа-яЁёІіЇїЄє]/.test(item.fullName));
  expect(named.length).toBeGreaterThan(0);
  const byId = new Map(records.map((record) => [record[0], record]));
  for (const item of named) {
    const record = byId.get(String(item.id));
    expect(record?.[1], `row of distributor ${item.id}`).toBe(item.fullName);
    expect(record?.[6]).toBe(item.prn);
  }

  // The page says what was saved.
  await expect(page.locator('.network-export__status')).toContainText(
    (await page.evaluate((n) => new Intl.NumberFormat('ru').format(n), all.total)).replace(/\s/g, '\u00a0'),
  );
  await expect(button).toBeEnabled();
  await expectNoAxeViolations(page);
});
