// The bonus statement of a closed month on screen and as a downloaded PDF whose text has the
// month and the bonus total (read back with PDF.js).
import type { components } from '#openapi/schema.d.ts';
import { pdfFileText } from '../../support/pdf-text';
import { expect, startSession, test } from '../support/fixtures';
import { apiGet, expectText, money, plain } from './business-support';

type StatementSummary = components['schemas']['StatementSummary'];
type Statement = components['schemas']['Statement'];

test("a closed month's bonus statement is shown and downloads as a PDF with the month and the total", async ({
  page,
  request,
  expectNoAxeViolations,
}) => {
  const token = await startSession(page, request, 'partner@demo.test');
  const list = await apiGet<StatementSummary[]>(request, token, '/users/statements');
  const [newest, previous] = list;
  if (newest === undefined || previous === undefined) throw new Error('the partner has closed months');
  const statement = await apiGet<Statement>(request, token, `/users/statements/${previous.month}`);

  await page.goto('/documents');
  const section = page.locator('section[data-section="statements"]');
  await expect(section.locator(`[data-statement="${newest.month}"]`)).toBeVisible();
  await expectText(section.locator('[data-field="total"]'), money(newest.bonus, newest.currency));

  // Another month: its lines as the API computes them.
  await section.getByRole('combobox').selectOption(previous.month);
  await expect(section.locator(`[data-statement="${previous.month}"]`)).toBeVisible();
  await expectText(section.locator('[data-field="total"]'), money(previous.bonus, previous.currency));
  await expect(section.locator('[data-table="statement-lines"] tbody tr')).toHaveCount(
    statement.lines.length,
  );
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await section.locator('[data-action="statement-pdf"]').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statement-${previous.month}-ru.pdf`);
  const path = await download.path();
  const text = plain(await pdfFileText(path));
  const [year, month] = previous.month.split('-').map(Number);
  const monthName = plain(
    new Intl.DateTimeFormat('ru', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      Date.UTC(year ?? 2000, (month ?? 1) - 1, 1),
    ),
  );
  expect(text.toLowerCase()).toContain(monthName.toLowerCase());
  expect(text).toContain(money(previous.bonus, previous.currency));
  await expect(section.getByRole('status')).toContainText(/PDF/);
});
