// The period close: refused for what cannot be closed, a dry run that changes nothing, the frozen run equal to the
// open month's estimate, one statement message per member written after the close in batches that resume after a
// cut, a second close that does nothing, and the job.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import type { Database } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import {
  DEFAULT_PERIOD_TIME_ZONE,
  dayBegins,
  monthStart,
  shiftMonth,
} from '#server/domain/network/period.ts';
import { closePeriod, dueAt, PeriodCloseError } from '#server/domain/volumes/close.ts';
import { PERIOD_CLOSE_JOB } from '#server/domain/volumes/close-job.ts';
import { tellClosedMonths } from '#server/domain/volumes/statement-messages.ts';
import { creditOrders } from '#server/domain/volumes/ledger.ts';
import { emptyDatabase } from '#tests/support/server/db.ts';
import { startTestApp, testConfig, type TestApp } from '#tests/support/server/app.ts';

type S = components['schemas'];
const zone = DEFAULT_PERIOD_TIME_ZONE;
const key = (month: string) => month.slice(0, 7);

async function counts(t: TestApp) {
  const { rows } = await sql<Record<string, number>>`
    select (select count(*)::int from bonus_lines) as lines, (select count(*)::int from messages) as messages,
      (select count(*)::int from period_closes) as closes, (select count(*)::int from qualifications) as qualifications,
      (select count(*)::int from monthly_volumes where closed) as closed_rows,
      (select count(*)::int from monthly_volumes) as rows`.execute(t.db);
  return rows[0];
}

describe('closing the month on the seeded data', () => {
  let t: TestApp;
  const current = monthStart(new Date(), 0, zone);
  const next = shiftMonth(current, 1);
  const later = dayBegins(`${next.slice(0, 8)}10`, zone);

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a bad month, an open or future month and a month with an earlier one open, changing nothing', async () => {
    const before = await counts(t);
    const refused = async (month: string, now: Date) => {
      const error = await closePeriod(t.db, { month, now, zone }).catch((caught: unknown) => caught);
      expect(error, month).toBeInstanceOf(PeriodCloseError);
      return error as PeriodCloseError;
    };
    for (const bad of ['2026-13', '2026-1', 'October', '2026-10-01', ''])
      expect((await refused(bad, new Date())).problem).toBe('BAD_MONTH');
    expect((await refused(key(current), new Date())).problem).toBe('NOT_OVER');
    expect((await refused(key(next), new Date())).message).toMatch(/not over yet/);
    const earlier = await refused(key(next), new Date('2100-01-01T00:00:00Z'));
    expect(earlier.problem).toBe('EARLIER_OPEN');
    expect(earlier.message).toContain(key(current));
    expect(await counts(t)).toEqual(before);
  });

  it('answers a closed month as closed already, with the totals it was closed with', async () => {
    const previous = shiftMonth(current, -1);
    const stored = await t.db
      .selectFrom('period_closes')
      .selectAll()
      .where('month', '=', previous)
      .executeTakeFirstOrThrow();
    const again = await closePeriod(t.db, { month: key(previous), now: new Date(), zone });
    expect(again.outcome).toBe('already_closed');
    expect(again.totals).toEqual(stored.totals);
  });

  it('closes the month once it is over: the dry run changes nothing, the close freezes the estimate and tells every member', async () => {
    const partner = await t.login('partner@demo.test');
    const estimate = await t.get<S['BonusEstimate']>('/users/bonus/current', { token: partner });
    const before = await counts(t);

    const dry = await closePeriod(t.db, { month: key(current), now: later, zone, dryRun: true });
    expect(dry.outcome).toBe('dry_run');
    expect(dry.totals.members).toBeGreaterThan(1900);
    expect(dry.totals.lines).toBeGreaterThan(100);
    expect(await counts(t)).toEqual(before);

    const closed = await closePeriod(t.db, { month: key(current), now: later, zone });
    expect(closed.outcome).toBe('closed');
    expect(closed.totals).toEqual(dry.totals);
    const after = await counts(t);
    expect(after?.lines).toBe((before?.lines ?? 0) + closed.totals.lines);
    expect(after?.closes).toBe((before?.closes ?? 0) + 1);
    expect(closed.totals.messages).toBe(closed.totals.members);
    // The close wrote no message: the members are told after it, a batch per transaction. A run cut short after
    // its first batch keeps its place; the next one goes on from there and writes nobody twice.
    expect(after?.messages).toBe(before?.messages);
    const cut = new AbortController();
    const firstBatch = tellClosedMonths(t.db, { batch: 500, signal: cut.signal });
    cut.abort();
    expect(await firstBatch).toBe(500);
    const telling = await t.db
      .selectFrom('period_closes')
      .select(['told_through', 'told_at'])
      .where('month', '=', current)
      .executeTakeFirstOrThrow();
    expect(telling.told_at).toBeNull();
    expect(telling.told_through).toBeGreaterThan(0);
    expect(await tellClosedMonths(t.db, { batch: 500 })).toBe(closed.totals.members - 500);
    expect(await tellClosedMonths(t.db)).toBe(0);
    const told = await t.db
      .selectFrom('period_closes')
      .select('told_at')
      .where('month', '=', current)
      .executeTakeFirstOrThrow();
    expect(told.told_at).toBeInstanceOf(Date);
    const messages = await t.db
      .selectFrom('messages')
      .select(['key', 'event', 'data'])
      .where('key', 'like', `statement:${key(current)}:%`)
      .execute();
    expect(messages).toHaveLength(closed.totals.members);
    expect(new Set(messages.map((message) => message.key)).size).toBe(closed.totals.members);
    const settled = await counts(t);
    expect(settled?.messages).toBe((before?.messages ?? 0) + closed.totals.members);
    expect(messages.every((message) => message.event === 'business.statement_ready')).toBe(true);
    expect(messages[0]?.data).toEqual({ month: key(current) });

    // The statement of the closed month is the estimate as it stood: the same lines, the same total.
    const statement = await t.get<S['Statement']>(`/users/statements/${key(current)}`, { token: partner });
    expect(statement.status).toBe(200);
    expect(statement.body.lines).toEqual(estimate.body.lines);
    expect(statement.body.total).toBe(estimate.body.total);
    expect(statement.body.volumes).toEqual(estimate.body.volumes);

    // A second close does nothing; the month's rows and lines stay as they are.
    const rowsBefore = await t.db
      .selectFrom('monthly_volumes')
      .selectAll()
      .where('month', '=', current)
      .orderBy('user_id')
      .execute();
    const second = await closePeriod(t.db, { month: key(current), now: later, zone });
    expect(second.outcome).toBe('already_closed');
    expect(second.totals).toEqual(closed.totals);
    expect(await counts(t)).toEqual(settled);
    expect(
      await t.db
        .selectFrom('monthly_volumes')
        .selectAll()
        .where('month', '=', current)
        .orderBy('user_id')
        .execute(),
    ).toEqual(rowsBefore);
  });
});

describe('the period-close job', () => {
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    database = await emptyDatabase();
    await migrateToLatest(database.db);
    t = await startTestApp({ database, config: testConfig({ periodCloseGraceDays: 3 }) });
    await sql`
      insert into warehouses (id, code, name, city, address, phone, email)
      values (1, 'T', '{"ru":"T","en":"T","ro":"T","uk":"T","it":"T"}', 'Chișinău', 'a', '+373', 't@t.test')`.execute(
      t.db,
    );
    await sql`insert into pickup_points (id, warehouse_id, name, address, working_hours)
      values (1, 1, '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', 'a', '9-18')`.execute(t.db);
    await sql`insert into products (id, sku, name, description, price, points, category)
      values (1, 'P1', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', '{"ru":"P","en":"P","ro":"P","uk":"P","it":"P"}', 1000, 40, 'makeup')`.execute(
      t.db,
    );
    await sql`insert into users (id, email, password_hash, full_name, is_partner, warehouse_id, email_confirmed, path, depth, rank, signing_date)
      values (1, 'a@t.test', 'x', 'A', true, 1, true, '1.', 0, 'consultant', '2024-12-01'),
             (2, 'b@t.test', 'x', 'B', true, 1, true, '1.2.', 1, 'consultant', '2024-12-01')`.execute(t.db);
    await sql`update users set sponsor_id = 1 where id = 2`.execute(t.db);
    await sql`insert into orders (id, user_id, warehouse_id, status, payment_method, delivery_type, pickup_point_id, amount, final_cost, points)
      values (1, 2, 1, 'completed', 'cash', 'pickup', 1, 1000, 1000, 80)`.execute(t.db);
    await sql`insert into order_lines (order_id, product_id, sku, name, list_price, price, points, requested_quantity, confirmed_quantity)
      values (1, 1, 'P1', '{}', 1000, 1000, 40, 2, 2)`.execute(t.db);
    await t.db
      .transaction()
      .execute((trx) => creditOrders(trx, [{ orderId: 1, at: new Date('2025-01-15T10:00:00Z') }]));
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('closes every month whose grace days are over, oldest first, and then nothing', async () => {
    expect(dueAt('2025-01-01', zone, 3).toISOString()).toBe('2025-02-03T22:00:00.000Z');
    expect(await t.app.jobs.runNow(PERIOD_CLOSE_JOB)).toBe(true);
    const closes = await t.db.selectFrom('period_closes').select(['month', 'totals']).execute();
    expect(closes.map((row) => row.month)).toEqual(['2025-01-01']);
    expect(closes[0]?.totals).toMatchObject({ members: 2, active: 1, bonus: (80 * 3 * 30 * 100) / 100 });
    const rows = await t.db
      .selectFrom('monthly_volumes')
      .select(['user_id', 'pv', 'gv', 'bonus', 'closed'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: 1, pv: 0, gv: 80, bonus: 0, closed: true },
      { user_id: 2, pv: 80, gv: 80, bonus: 7200, closed: true },
    ]);
    // The job tells both members of the month it closed.
    expect(
      await t.db
        .selectFrom('messages')
        .select('user_id')
        .where('key', 'like', 'statement:2025-01:%')
        .execute(),
    ).toHaveLength(2);
    expect(await t.app.jobs.runNow(PERIOD_CLOSE_JOB)).toBe(true);
    expect(await t.db.selectFrom('period_closes').select('month').execute()).toHaveLength(1);
    // Operators see it: no month left open, and when the last close was.
    const metrics = await t.app.metrics.metrics();
    expect(metrics).toContain('mlm_period_open_months 0');
    expect(metrics).toMatch(/mlm_period_last_close_timestamp_seconds \d{10}/);
  });
});
