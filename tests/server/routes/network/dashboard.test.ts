import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKS } from '#server/db/reference.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { monthStart, ROLE_CASES, startNetworkApp, userIdOf, type S } from './support.ts';

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

const volumesOf = (userId: number) =>
  t.db
    .selectFrom('monthly_volumes')
    .where('user_id', '=', userId)
    .selectAll()
    .orderBy('month', 'desc')
    .execute();

describe('GET /users/my-info', () => {
  it("answers the partner's rank, PRN, period, volumes and bonuses from the seed", async () => {
    const response = await t.get<S['MyInfo']>('/users/my-info', { token: partner });
    expect(response.status).toBe(200);
    const info = response.body;
    const user = await t.db
      .selectFrom('users')
      .where('id', '=', partnerId)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(info.rank).toBe('diamond_director');
    expect(info.prn).toBe(user.prn);
    expect(info.signingDate).toBe(user.signing_date);

    const rows = await volumesOf(partnerId);
    const current = rows.find((row) => row.month === monthStart());
    expect(current).toBeDefined();
    expect(info.volumes).toEqual({ pv: current?.pv, gv: current?.gv, cgv: current?.cgv, pgv: current?.pgv });
    expect(info.period.start).toBe(monthStart());
    const end = new Date(`${monthStart(1)}T00:00:00Z`).getTime() - 86_400_000;
    expect(info.period.end).toBe(new Date(end).toISOString().slice(0, 10));
    const today = new Date();
    const lastDay = new Date(end).getUTCDate();
    expect(info.period.daysLeft).toBe(lastDay - today.getUTCDate() + 1);

    const closed = rows.filter((row) => row.closed && row.month < monthStart());
    expect(info.closedMonths.map((m) => m.month)).toEqual(closed.map((row) => row.month.slice(0, 7)));
    expect(info.closedMonths.length).toBe(11);
    const last11 = closed
      .filter((row) => row.month >= monthStart(-11))
      .reduce((sum, row) => sum + row.bonus, 0);
    expect(info.bonuses).toEqual({
      currentMonth: current?.bonus,
      last11Months: last11,
      currency: t.config.currency,
    });
    expect(last11).toBeGreaterThan(0);
  });

  it('derives the activity flags and the pickup thresholds from PV', async () => {
    const { body } = await t.get<S['MyInfo']>('/users/my-info', { token: partner });
    const pv = body.volumes.pv;
    expect(body.isActive).toBe(pv >= 25);
    expect(body.pickupThresholds).toEqual({ pvPositive: pv > 0, pvAtLeast25: pv >= 25, minPv: 25 });
    expect(body.qualifications.map((q) => q.code)).toEqual([
      'active',
      'qualified',
      'fast_start',
      'team_builder',
      'leader_pool',
      'qualification_2025',
    ]);
    const achieved = (code: string) => body.qualifications.find((q) => q.code === code)?.achieved;
    expect(achieved('active')).toBe(body.isActive);
    expect(achieved('qualified')).toBe(body.isQualified);
    expect(achieved('leader_pool')).toBe(body.volumes.gv >= 10_000);
    expect(body.qualifications.every((q) => q.name.ru !== '' && q.name.it !== '')).toBe(true);
  });

  it('gives a new distributor without volumes zeros and no closed months', async () => {
    const token = await t.login('unconfirmed@demo.test');
    const { status, body } = await t.get<S['MyInfo']>('/users/my-info', { token });
    expect(status).toBe(200);
    expect(body.volumes).toEqual({ pv: 0, gv: 0, cgv: 0, pgv: 0 });
    expect(body.isActive).toBe(false);
    expect(body.pickupThresholds.pvPositive).toBe(false);
    expect(body.closedMonths).toEqual([]);
    expect(body.bonuses.last11Months).toBe(0);
  });

  it('is 401 without a token and 403 for warehouse staff and users', async () => {
    expect((await t.get('/users/my-info')).status).toBe(401);
    for (const [email] of ROLE_CASES) {
      const token = await t.login(email);
      for (const path of [
        '/users/my-info',
        '/users/my-target',
        '/users/reports/closed-stats',
        '/goods/ratings',
      ]) {
        expect((await t.get(path, { token })).status, `${email} ${path}`).toBe(403);
      }
    }
  });
});

describe('GET /users/my-target', () => {
  it("lists the next rank's requirements against the month's figures", async () => {
    // A manager: the next rank (senior manager) asks for PV, GV and one first-line leg at manager or higher.
    const manager = await t.db
      .selectFrom('users')
      .where('rank', '=', 'manager')
      .where('path', 'like', '1.%')
      .select(['id', 'email'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const token = await t.login(manager.email);
    const { status, body } = await t.get<S['MyTarget']>('/users/my-target', { token });
    expect(status).toBe(200);
    expect(body.currentRank).toBe('manager');
    expect(body.nextRank).toBe('senior_manager');
    const rule = RANKS.find((rank) => rank.code === 'senior_manager');
    const own = await t.db
      .selectFrom('monthly_volumes')
      .where('user_id', '=', manager.id)
      .where('month', '=', monthStart())
      .select(['pv', 'gv'])
      .executeTakeFirst();
    const legs = await t.db
      .selectFrom('users as c')
      .innerJoin('monthly_volumes as mv', 'mv.user_id', 'c.id')
      .where('c.sponsor_id', '=', manager.id)
      .where('mv.month', '=', monthStart())
      .where(
        'mv.rank',
        'in',
        RANKS.slice(1).map((rank) => rank.code),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const expected = [
      ['pv', rule?.pv, own?.pv ?? 0],
      ['gv', rule?.gv, own?.gv ?? 0],
      ['active_legs', rule?.legs, legs.n],
    ] as const;
    expect(body.requirements.map((r) => [r.code, r.required, r.actual])).toEqual(expected);
    for (const requirement of body.requirements) {
      expect(requirement.missing).toBeCloseTo(Math.max(0, requirement.required - requirement.actual), 2);
      expect(requirement.label.en).not.toBe('');
    }
  });
});

describe('GET /users/reports/closed-stats', () => {
  it('answers the last 6 closed months, oldest first, as stored', async () => {
    const { status, body } = await t.get<S['ClosedStats']>('/users/reports/closed-stats', { token: partner });
    expect(status).toBe(200);
    expect(body.months.map((m) => m.month)).toEqual(
      [-6, -5, -4, -3, -2, -1].map((o) => monthStart(o).slice(0, 7)),
    );
    const rows = await volumesOf(partnerId);
    for (const month of body.months) {
      const row = rows.find((r) => r.month.startsWith(month.month));
      expect(row?.closed).toBe(true);
      expect(month).toEqual({
        month: month.month,
        pv: row?.pv,
        gv: row?.gv,
        cgv: row?.cgv,
        pgv: row?.pgv,
        bonus: row?.bonus,
      });
    }
  });

  it('fills months before signing with zeros', async () => {
    const token = await t.login('unconfirmed@demo.test');
    const { body } = await t.get<S['ClosedStats']>('/users/reports/closed-stats', { token });
    expect(body.months).toHaveLength(6);
    expect(body.months.every((m) => m.pv === 0 && m.gv === 0 && m.bonus === 0)).toBe(true);
  });
});
