// A bonus statement for every closed month (docs/adr/0033-bonus-statements.md), on screen (JSON) and as a PDF
// in five languages, derived from stored closed-month figures so that a new period never erases it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#server/db/reference.ts';
import { formatStatementMoney, monthTitle } from '#server/documents/statements/statement-pdf.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError } from '../account/support.ts';
import { monthStart, startNetworkApp, userIdOf, type S } from './support.ts';

let t: TestApp;
let partner: string;
let partnerId: number;

beforeAll(async () => {
  t = await startNetworkApp();
  partner = await t.login('partner@demo.test');
  partnerId = await userIdOf(t, 'partner@demo.test');
});
afterAll(async () => {
  await t.close();
});

const plainPdfText = async (bytes: Buffer): Promise<string> =>
  (await pdfText(bytes)).replace(/[\s\u00a0\u202f]+/g, ' ');

describe('GET /users/statements', () => {
  it('lists every closed month of the caller, newest first, with the stored rank and bonus', async () => {
    const response = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    expect(response.status).toBe(200);
    const rows = await t.db
      .selectFrom('monthly_volumes')
      .where('user_id', '=', partnerId)
      .where('closed', '=', true)
      .select(['month', 'bonus', 'rank'])
      .orderBy('month', 'desc')
      .execute();
    expect(rows.length).toBeGreaterThan(6);
    expect(response.body.map((s) => [s.month, s.bonus, s.rank])).toEqual(
      rows.map((row) => [row.month.slice(0, 7), row.bonus, row.rank]),
    );
    expect(response.body.every((s) => s.month < monthStart().slice(0, 7))).toBe(true);
  });

  it('is for distributors only', async () => {
    expectError(
      await t.get('/users/statements', { token: await t.login('warehouse@demo.test') }),
      403,
      'FORBIDDEN',
    );
    expectError(await t.get('/users/statements'), 401, 'UNAUTHORIZED');
  });
});

describe('GET /users/statements/{month}', () => {
  it("explains every closed month's stored bonus line by line from the marketing plan", async () => {
    const list = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    for (const summary of list.body) {
      const response = await t.get<S['Statement']>(`/users/statements/${summary.month}`, { token: partner });
      expect(response.status).toBe(200);
      const statement = response.body;
      expect(statement.total).toBe(summary.bonus);
      expect(statement.rank).toBe(summary.rank);
      if (!statement.active) {
        expect(statement.lines).toEqual([]);
        expect(statement.total).toBe(0);
        continue;
      }
      for (const line of statement.lines) {
        expect(Math.abs(line.points - (line.base * line.percent) / 100)).toBeLessThanOrEqual(0.0051);
        expect(Math.abs(line.amount - line.points * statement.pointValue)).toBeLessThanOrEqual(
          statement.pointValue / 100,
        );
      }
      expect(statement.lines[0]).toMatchObject({
        kind: 'personal',
        member: null,
        base: statement.volumes.pv,
      });
      // The lines add up to the bonus stored when the month closed (each line rounded to a ban).
      const sum = statement.lines.reduce((total, line) => total + line.amount, 0);
      expect(Math.abs(sum - statement.total)).toBeLessThanOrEqual(statement.lines.length);
    }
  });

  it('is 404 for the open month and 400 for a malformed one', async () => {
    expectError(
      await t.get(`/users/statements/${monthStart().slice(0, 7)}`, { token: partner }),
      404,
      'NOT_FOUND',
    );
    expectError(await t.get('/users/statements/2026-13', { token: partner }), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /users/statements/{month}/{lang}', () => {
  it('downloads the PDF in each of the five languages with the month and the bonus total in it', async () => {
    const list = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    const summary = list.body[0];
    if (summary === undefined) throw new Error('no closed month');
    const texts = new Set<string>();
    for (const lang of LANGS) {
      const response = await t.app.inject({
        url: `/api/v3/users/statements/${summary.month}/${lang}`,
        headers: { authorization: `Bearer ${partner}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="statement-${summary.month}-${lang}\\.pdf"`),
      );
      const text = await plainPdfText(response.rawPayload);
      const plain = (value: string) => value.replace(/[\s\u00a0\u202f]+/g, ' ');
      expect(text.toLowerCase()).toContain(plain(monthTitle(summary.month, lang)).toLowerCase());
      expect(text).toContain(plain(formatStatementMoney(summary.bonus, summary.currency, lang)));
      texts.add(text.slice(0, 80));
    }
    expect(texts.size).toBe(LANGS.length);
  });

  it('keeps a statement when a new period closes (nothing erases a closed month)', async () => {
    const list = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    const oldest = list.body[list.body.length - 1];
    if (oldest === undefined) throw new Error('no closed month');
    const before = await t.get<S['Statement']>(`/users/statements/${oldest.month}`, { token: partner });
    // The current month closes and the next one opens.
    await t.db
      .updateTable('monthly_volumes')
      .set({ closed: true })
      .where('month', '=', monthStart())
      .execute();
    await t.db
      .insertInto('monthly_volumes')
      .values({ user_id: partnerId, month: monthStart(1), pv: 0, gv: 0, cgv: 0, pgv: 0, rank: null })
      .execute();
    const after = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    expect(after.body.length).toBe(list.body.length + 1);
    expect(after.body[0]?.month).toBe(monthStart().slice(0, 7));
    const again = await t.get<S['Statement']>(`/users/statements/${oldest.month}`, { token: partner });
    expect(again.body).toEqual(before.body);
  });
});
