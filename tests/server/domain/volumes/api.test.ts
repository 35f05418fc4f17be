// Volumes follow orders through the API: a completion credits the buyer and every sponsor once, a declined order
// changes nothing, a reversal after the close lands in the open month, and the bonus is explained line by line.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '#openapi/schema.d.ts';
import { DEFAULT_PERIOD_TIME_ZONE, monthStart, shiftMonth } from '#server/domain/network/period.ts';
import { creditOrder, followOrderStatus, reverseOrderCredit } from '#server/domain/volumes/ledger.ts';
import { parseHundredths } from '#server/domain/volumes/points.ts';
import { pathIds } from '#server/domain/volumes/rollup.ts';
import { startTestApp, type TestApp } from '#tests/support/server/app.ts';

type S = components['schemas'];

let t: TestApp;
let warehouse: string;
const current = () => monthStart(new Date(), 0, DEFAULT_PERIOD_TIME_ZONE);

beforeAll(async () => {
  t = await startTestApp();
  warehouse = await t.login('warehouse@demo.test');
});
afterAll(async () => {
  await t.close();
});

/** PV and GV (hundredths) of the given members in a month; absent members have zeros. */
async function figures(
  ids: readonly number[],
  month: string,
): Promise<Map<number, { pv: number; gv: number }>> {
  const { rows } = await sql<{ user_id: number; pv: string; gv: string }>`
    select user_id, pv::text, gv::text from monthly_volumes where month = ${month}::date and user_id = any(${[...ids]}::int[])`.execute(
    t.db,
  );
  const out = new Map(ids.map((id) => [id, { pv: 0, gv: 0 }]));
  for (const row of rows) out.set(row.user_id, { pv: parseHundredths(row.pv), gv: parseHundredths(row.gv) });
  return out;
}

/** A demo order of a deep member in `status` at warehouse 1, with its points (hundredths) and the buyer's path. */
async function orderIn(status: string) {
  const { rows } = await sql<{ id: number; version: number; user_id: number; path: string; points: string }>`
    select o.id, o.version, o.user_id, u.path,
      (select sum(l.points * coalesce(l.confirmed_quantity, l.requested_quantity)) from order_lines l where l.order_id = o.id)::text as points
    from orders o join users u on u.id = o.user_id
    where o.status = ${status} and o.warehouse_id = 1 and u.is_partner
    order by u.depth desc, o.id limit 1`.execute(t.db);
  const order = rows[0];
  if (order === undefined) throw new Error(`no ${status} order at warehouse 1`);
  return { ...order, points: parseHundredths(order.points) };
}

describe('a completed order moves its buyer and every sponsor', () => {
  it("adds exactly its points to the buyer's PV and to every sponsor's GV, once", async () => {
    const order = await orderIn('received');
    const path = pathIds(order.path);
    expect(path.length).toBeGreaterThanOrEqual(3);
    const sibling = await t.db
      .selectFrom('users')
      .select('id')
      .where('sponsor_id', '=', path[path.length - 2] ?? 0)
      .where('id', '<>', order.user_id)
      .executeTakeFirst();
    const watched = sibling === undefined ? path : [...path, sibling.id];
    const before = await figures(watched, current());
    const eventsBefore = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();

    const done = await t.post<S['Order']>(`/orders/set/${order.id}/status`, {
      token: warehouse,
      query: { status: 'completed', version: order.version },
    });
    expect(done.status).toBe(200);
    const after = await figures(watched, current());
    for (const id of path) {
      const was = before.get(id);
      const now = after.get(id);
      expect(now?.gv, `GV of ${id}`).toBe((was?.gv ?? 0) + order.points);
      expect(now?.pv, `PV of ${id}`).toBe((was?.pv ?? 0) + (id === order.user_id ? order.points : 0));
    }
    if (sibling !== undefined) expect(after.get(sibling.id)).toEqual(before.get(sibling.id));
    const credit = await t.db
      .selectFrom('volume_credits')
      .selectAll()
      .where('order_id', '=', order.id)
      .execute();
    expect(credit.map((row) => [row.key, row.kind, row.period, row.path])).toEqual([
      [`order:${order.id}`, 'credit', current(), order.path],
    ]);
    // One live `volumes` event for the buyer and for every sponsor, in the same transaction.
    const events = await t.db
      .selectFrom('events')
      .select(['user_id', 'payload'])
      .where('kind', '=', 'volumes')
      .where('id', '>', Number(eventsBefore?.id ?? 0))
      .execute();
    expect(events.map((event) => event.user_id).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      [...path].sort((a, b) => a - b),
    );
    expect(events[0]?.payload).toEqual({ period: current().slice(0, 7) });

    // Replayed (a retried completion, a second caller), and sent on to 1C: nothing moves again.
    await t.db.transaction().execute(async (trx) => {
      expect(await creditOrder(trx, order.id, new Date())).toBeNull();
      await followOrderStatus(trx, {
        orderId: order.id,
        from: 'completed',
        to: 'sent_to_1c',
        at: new Date(),
      });
    });
    const sent = await t.post<S['Order']>(`/orders/set/${order.id}/status`, {
      token: warehouse,
      query: { status: 'sent_to_1c', version: done.body.version },
    });
    expect(sent.status).toBe(200);
    expect(await figures(watched, current())).toEqual(after);
  });

  it('a declined order changes nothing', async () => {
    const order = await orderIn('checking');
    const path = pathIds(order.path);
    const before = await figures(path, current());
    const declined = await t.post<S['Order']>(`/orders/set/${order.id}/status`, {
      token: warehouse,
      query: { status: 'cancelled_by_warehouse', version: order.version, comment: 'Нет в наличии' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('cancelled_by_warehouse');
    expect(await figures(path, current())).toEqual(before);
    expect(
      await t.db.selectFrom('volume_credits').select('id').where('order_id', '=', order.id).execute(),
    ).toEqual([]);
  });
});

describe('reversals', () => {
  it('after the close, land in the open month as a clawback that the statement shows; the closed month stays', async () => {
    const previous = shiftMonth(current(), -1);
    const { rows } = await sql<{ order_id: number; user_id: number; path: string; points: string }>`
      select c.order_id, c.user_id, c.path, c.points::text from volume_credits c
      where c.period = ${previous}::date and c.kind = 'credit'
        and not exists (select 1 from volume_credits r where r.reverses = c.id)
      order by length(c.path) desc, c.id limit 1`.execute(t.db);
    const credit = rows[0];
    if (credit === undefined) throw new Error('the closed month has credits');
    const points = parseHundredths(credit.points);
    const path = pathIds(credit.path);
    const closedBefore = await t.db
      .selectFrom('monthly_volumes')
      .selectAll()
      .where('month', '=', previous)
      .where('user_id', 'in', path)
      .execute();
    const before = await figures(path, current());

    const entry = await t.db
      .transaction()
      .execute((trx) => reverseOrderCredit(trx, { orderId: credit.order_id, at: new Date() }));
    expect(entry).toMatchObject({ kind: 'clawback', period: current(), points: -points });
    const after = await figures(path, current());
    for (const id of path) {
      expect(after.get(id)?.gv, `GV of ${id}`).toBe((before.get(id)?.gv ?? 0) - points);
      expect(after.get(id)?.pv).toBe((before.get(id)?.pv ?? 0) - (id === credit.user_id ? points : 0));
    }
    const closedAfter = await t.db
      .selectFrom('monthly_volumes')
      .selectAll()
      .where('month', '=', previous)
      .where('user_id', 'in', path)
      .execute();
    expect(closedAfter).toEqual(closedBefore);
    // Once: the same reversal again takes nothing.
    expect(
      await t.db
        .transaction()
        .execute((trx) => reverseOrderCredit(trx, { orderId: credit.order_id, at: new Date() })),
    ).toBeNull();

    // The buyer's estimate and every sponsor's list the adjustment; the personal line's sources hold it.
    const buyer = await t.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', credit.user_id)
      .executeTakeFirstOrThrow();
    const token = await t.login(buyer.email);
    const estimate = await t.get<S['BonusEstimate']>('/users/bonus/current', { token });
    expect(estimate.status).toBe(200);
    expect(estimate.body.adjustments).toContainEqual(
      expect.objectContaining({
        order: expect.objectContaining({ id: credit.order_id }),
        level: 0,
        points: -points / 100,
        creditedMonth: previous.slice(0, 7),
      }),
    );
    const partner = await t.login('partner@demo.test');
    const root = await t.get<S['BonusEstimate']>('/users/bonus/current', { token: partner });
    expect(root.body.adjustments.map((row) => row.order.id)).toContain(credit.order_id);
    const sources = await t.get<S['BonusSourcePage']>(`/users/bonus/${current().slice(0, 7)}/sources`, {
      token,
      query: { pageSize: 100 },
    });
    expect(sources.status).toBe(200);
    expect(sources.body.items).toContainEqual(
      expect.objectContaining({ kind: 'clawback', points: -points / 100 }),
    );
    expect(sources.body.points).toBe(estimate.body.volumes.pv);
  });

  it('in the same open month, a reversal of its own', async () => {
    const order = await orderIn('received');
    const done = await t.post<S['Order']>(`/orders/set/${order.id}/status`, {
      token: warehouse,
      query: { status: 'completed', version: order.version },
    });
    expect(done.status).toBe(200);
    const path = pathIds(order.path);
    const before = await figures(path, current());
    const entry = await t.db.transaction().execute((trx) =>
      reverseOrderCredit(trx, {
        orderId: order.id,
        at: new Date(),
        key: `return:${order.id}:1`,
        points: 100,
      }),
    );
    expect(entry).toMatchObject({ kind: 'reversal', period: current(), points: -100 });
    const after = await figures(path, current());
    for (const id of path) expect(after.get(id)?.gv).toBe((before.get(id)?.gv ?? 0) - 100);
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          reverseOrderCredit(trx, { orderId: order.id, at: new Date(), points: order.points }),
        ),
    ).rejects.toThrow(/exceeds/);
  });
});

describe("this month's bonus, explained", () => {
  it('answers the plan applied to the live figures: lines adding up to the total, each with its sources', async () => {
    const partner = await t.login('partner@demo.test');
    const estimate = await t.get<S['BonusEstimate']>('/users/bonus/current', { token: partner });
    expect(estimate.status).toBe(200);
    const body = estimate.body;
    expect(body.month).toBe(current().slice(0, 7));
    expect(body.period.start).toBe(current());
    expect(body.lines.length).toBeGreaterThan(1);
    expect(body.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(body.total);
    for (const line of body.lines) {
      expect(Math.round(line.base * line.percent)).toBe(Math.round(line.points * 100));
      expect(line.amount).toBe(Math.round(line.points * body.pointValue));
    }
    const info = await t.get<S['MyInfo']>('/users/my-info', { token: partner });
    expect(info.body.bonuses.currentMonth).toBe(body.total);
    // Each line's sources add up to its base.
    for (const line of body.lines.slice(0, 4)) {
      const sources = await t.get<S['BonusSourcePage']>(`/users/bonus/${body.month}/sources`, {
        token: partner,
        query: line.member === null ? { pageSize: 5 } : { member: line.member.id, pageSize: 5 },
      });
      expect(sources.status).toBe(200);
      expect(sources.body.points).toBeCloseTo(line.base, 2);
      expect(sources.body.total).toBeGreaterThan(0);
      for (const item of sources.body.items) expect(item.level).toBe(line.member === null ? 0 : item.level);
      if (line.member !== null) expect(sources.body.items.every((item) => item.level >= 1)).toBe(true);
    }
  });

  it("reads a closed month's sources with that month's ranks; refuses another's leg, a month without figures, bad input", async () => {
    const partner = await t.login('partner@demo.test');
    const list = await t.get<S['StatementSummary'][]>('/users/statements', { token: partner });
    const month = list.body[0]?.month ?? '';
    const statement = await t.get<S['Statement']>(`/users/statements/${month}`, { token: partner });
    expect(statement.status).toBe(200);
    const leg = statement.body.lines.find((line) => line.member !== null);
    if (leg?.member == null) throw new Error('a closed month with a leg line');
    const sources = await t.get<S['BonusSourcePage']>(`/users/bonus/${month}/sources`, {
      token: partner,
      query: { member: leg.member.id, pageSize: 1 },
    });
    expect(sources.body.points).toBeCloseTo(leg.base, 2);
    const stranger = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pw@demo.test')
      .executeTakeFirstOrThrow();
    expect(
      (await t.get(`/users/bonus/${month}/sources`, { token: partner, query: { member: stranger.id } }))
        .status,
    ).toBe(404);
    expect((await t.get('/users/bonus/2001-01/sources', { token: partner })).status).toBe(404);
    expect((await t.get('/users/bonus/2026-13/sources', { token: partner })).status).toBe(400);
    expect((await t.get('/users/bonus/current')).status).toBe(401);
    expect((await t.get('/users/bonus/current', { token: warehouse })).status).toBe(403);
  });
});
