// "Who needs attention" in My Network, each filter checked against the database row by row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_PV, RANKS } from '#server/db/reference.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { expectError } from '../account/support.ts';
import { downlineIds, monthStart, startNetworkApp, userIdOf, type NetworkNodePage } from './support.ts';

let t: TestApp;
let partner: string;
let downline: Set<number>;

beforeAll(async () => {
  t = await startNetworkApp();
  partner = await t.login('partner@demo.test');
  downline = new Set(await downlineIds(t, await userIdOf(t, 'partner@demo.test')));
});
afterAll(async () => {
  await t.close();
});

async function allIds(query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await t.get<NetworkNodePage>(
      `/users/my-network/search?${query}&pageSize=100&page=${page}`,
      {
        token: partner,
      },
    );
    expect(response.status).toBe(200);
    ids.push(...response.body.items.map((item) => item.id));
    if (ids.length >= response.body.total || response.body.items.length === 0) {
      expect(ids.length).toBe(response.body.total);
      return ids.sort((a, b) => a - b);
    }
  }
}

const inDownline = (ids: number[]) => ids.filter((id) => downline.has(id)).sort((a, b) => a - b);

async function pvThisPeriod(): Promise<Map<number, number>> {
  const rows = await t.db
    .selectFrom('monthly_volumes')
    .where('month', '=', monthStart())
    .select(['user_id', 'pv'])
    .execute();
  return new Map(rows.map((row) => [row.user_id, Number(row.pv)]));
}

describe('GET /users/my-network/search?attention=', () => {
  it('pv_zero and below_active: members whose PV this period is 0, or below the active threshold', async () => {
    const pv = await pvThisPeriod();
    const zero = inDownline([...downline].filter((id) => (pv.get(id) ?? 0) === 0));
    const below = inDownline([...downline].filter((id) => (pv.get(id) ?? 0) < ACTIVE_PV));
    expect(zero.length).toBeGreaterThan(0);
    expect(below.length).toBeGreaterThan(zero.length);
    expect(await allIds('attention=pv_zero')).toEqual(zero);
    expect(await allIds('attention=below_active')).toEqual(below);
  });

  it('no_orders: members without an order in the last N periods', async () => {
    for (const periods of [1, 3]) {
      const since = new Date(`${monthStart(1 - periods)}T00:00:00Z`);
      const ordered = await t.db
        .selectFrom('orders')
        .where('created_at', '>=', since)
        .select('user_id')
        .distinct()
        .execute();
      const orderedIds = new Set(ordered.map((row) => row.user_id));
      const expected = inDownline([...downline].filter((id) => !orderedIds.has(id)));
      expect(await allIds(`attention=no_orders&periods=${periods}`)).toEqual(expected);
    }
  });

  it('rank_drop: leaders whose last closed month ranks below the month before', async () => {
    const index = (code: string | null) => RANKS.findIndex((rank) => rank.code === code) + 1;
    const rows = await t.db
      .selectFrom('monthly_volumes')
      .where('month', 'in', [monthStart(-1), monthStart(-2)])
      .select(['user_id', 'month', 'rank'])
      .execute();
    const last = new Map(
      rows.filter((row) => row.month === monthStart(-1)).map((row) => [row.user_id, row.rank]),
    );
    const before = new Map(
      rows.filter((row) => row.month === monthStart(-2)).map((row) => [row.user_id, row.rank]),
    );
    const expected = inDownline(
      [...downline].filter((id) => {
        if (!last.has(id) || !before.has(id)) return false;
        const was = index(before.get(id) ?? null);
        return was >= 2 && index(last.get(id) ?? null) < was;
      }),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(await allIds('attention=rank_drop')).toEqual(expected);
  });

  it('combines with the search and refuses an unknown filter', async () => {
    const response = await t.get<NetworkNodePage>(
      '/users/my-network/search?attention=below_active&q=demo.test',
      {
        token: partner,
      },
    );
    expect(response.status).toBe(200);
    expectError(
      await t.get('/users/my-network/search?attention=sleeping', { token: partner }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await t.get('/users/my-network/search?attention=no_orders&periods=0', { token: partner }),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('GET /users/my-network/{id}/volumes', () => {
  it("answers a downline member's PV and GV of the last 12 months, the open one last, and 404 outside", async () => {
    const [memberId] = [...downline];
    if (memberId === undefined) throw new Error('the partner has a downline');
    const response = await t.get<Array<{ month: string; pv: number; gv: number; closed: boolean }>>(
      `/users/my-network/${memberId}/volumes`,
      { token: partner },
    );
    expect(response.status).toBe(200);
    const rows = await t.db
      .selectFrom('monthly_volumes')
      .where('user_id', '=', memberId)
      .where('month', '>', monthStart(-12))
      .select(['month', 'pv', 'gv', 'closed'])
      .orderBy('month', 'asc')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(response.body).toEqual(
      rows.map((row) => ({
        month: row.month.slice(0, 7),
        pv: Number(row.pv),
        gv: Number(row.gv),
        closed: row.closed,
      })),
    );
    expect(response.body.length).toBeLessThanOrEqual(12);
    expect(response.body.at(-1)?.closed).toBe(response.body.at(-1)?.month !== monthStart().slice(0, 7));
    const outsider = await t.db
      .selectFrom('users')
      .where('email', '=', 'pw@demo.test')
      .select('id')
      .executeTakeFirstOrThrow();
    if (!downline.has(outsider.id))
      expectError(
        await t.get(`/users/my-network/${outsider.id}/volumes`, { token: partner }),
        404,
        'NOT_FOUND',
      );
    else expectError(await t.get('/users/my-network/99999999/volumes', { token: partner }), 404, 'NOT_FOUND');
  });
});
