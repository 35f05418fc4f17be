import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '#tests/support/server/app.ts';
import {
  childCount,
  downlineIds,
  ROLE_CASES,
  startNetworkApp,
  userIdOf,
  type NetworkNode,
  type NetworkNodePage,
  type NetworkView,
} from './support.ts';

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

const sortedDesc = (values: readonly string[]) => [...values].sort().reverse();

async function expectChildCounts(children: readonly NetworkNode[]) {
  for (const child of children)
    expect(child.childrenCount, `children of ${child.id}`).toBe(await childCount(t, child.id));
}

describe('GET /users/my-network', () => {
  it("answers the caller's node and its first line, newest signing first, with children counts", async () => {
    const { status, body } = await t.get<NetworkView>('/users/my-network', {
      token: partner,
      query: { pageSize: 100 },
    });
    expect(status).toBe(200);
    expect(body.node).toMatchObject({ id: partnerId, level: 0, sponsorId: null, prn: 'MD1000001' });
    expect(body.node.childrenCount).toBe(await childCount(t, partnerId));
    expect(body.children.total).toBe(body.node.childrenCount);
    expect(body.children.items).toHaveLength(body.children.total);
    expect(body.children.items.every((child) => child.sponsorId === partnerId && child.level === 1)).toBe(
      true,
    );
    const dates = body.children.items.map((child) => child.signingDate);
    expect(dates).toEqual(sortedDesc(dates));
    await expectChildCounts(body.children.items);
  });

  it('pages the children', async () => {
    const all = await t.get<NetworkView>('/users/my-network', { token: partner, query: { pageSize: 100 } });
    const second = await t.get<NetworkView>('/users/my-network', {
      token: partner,
      query: { page: 2, pageSize: 3 },
    });
    expect(second.body.children).toMatchObject({ page: 2, pageSize: 3, total: all.body.children.total });
    expect(second.body.children.items.map((c) => c.id)).toEqual(
      all.body.children.items.slice(3, 6).map((c) => c.id),
    );
    const past = await t.get<NetworkView>('/users/my-network', {
      token: partner,
      query: { page: 50, pageSize: 20 },
    });
    expect(past.body.children.items).toEqual([]);
  });

  it('refuses a bad page size (400), no token (401), warehouse staff and users (403)', async () => {
    expect((await t.get('/users/my-network', { token: partner, query: { pageSize: 0 } })).status).toBe(400);
    expect((await t.get('/users/my-network')).status).toBe(401);
    for (const [email] of ROLE_CASES) {
      const token = await t.login(email);
      expect((await t.get('/users/my-network', { token })).status).toBe(403);
      expect((await t.get(`/users/my-network/${partnerId}`, { token })).status).toBe(403);
      expect((await t.get('/users/my-network/search', { token })).status).toBe(403);
      expect((await t.get('/users/my-network-file', { token })).status).toBe(403);
    }
  });
});

describe('GET /users/my-network/{id}', () => {
  it('answers a node three levels down with its level, children and their counts', async () => {
    const deep = await t.db
      .selectFrom('users')
      .where('path', 'like', `${partnerId}.%`)
      .where('depth', '=', 3)
      .select(['id', 'sponsor_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const { status, body } = await t.get<NetworkView>(`/users/my-network/${deep.id}`, { token: partner });
    expect(status).toBe(200);
    expect(body.node).toMatchObject({ id: deep.id, level: 3, sponsorId: deep.sponsor_id });
    expect(body.children.total).toBe(await childCount(t, deep.id));
    expect(body.children.items.every((child) => child.level === 4 && child.sponsorId === deep.id)).toBe(true);
    await expectChildCounts(body.children.items);
  });

  it('counts levels from the caller: a leader sees their own leg from level 0', async () => {
    const leader = await t.db
      .selectFrom('users')
      .where('sponsor_id', '=', partnerId)
      .where('rank', '<>', 'consultant')
      .select(['id', 'email'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const token = await t.login(leader.email);
    const own = await t.get<NetworkView>(`/users/my-network/${leader.id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.node.level).toBe(0);
    const child = own.body.children.items[0];
    if (child !== undefined) expect(child.level).toBe(1);
    // Their sponsor is above them: not theirs to see.
    expect((await t.get(`/users/my-network/${partnerId}`, { token })).status).toBe(404);
  });

  it("is 404 for a node outside the caller's downline, for staff and for an unknown id", async () => {
    const pwId = await userIdOf(t, 'pw@demo.test');
    const pwChild = await t.db
      .selectFrom('users')
      .where('sponsor_id', '=', pwId)
      .select('id')
      .executeTakeFirstOrThrow();
    for (const id of [pwId, pwChild.id, await userIdOf(t, 'warehouse@demo.test'), 99_999_999]) {
      const response = await t.get<{ code: string }>(`/users/my-network/${id}`, { token: partner });
      expect(response.status, `node ${id}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    const pw = await t.login('pw@demo.test');
    const partnerChild = await t.db
      .selectFrom('users')
      .where('sponsor_id', '=', partnerId)
      .select('id')
      .executeTakeFirstOrThrow();
    expect((await t.get(`/users/my-network/${partnerChild.id}`, { token: pw })).status).toBe(404);
    expect((await t.get(`/users/my-network/${pwChild.id}`, { token: pw })).status).toBe(200);
  });
});

describe('GET /users/my-network/search', () => {
  it('covers the whole downline without the caller', async () => {
    const { body } = await t.get<NetworkNodePage>('/users/my-network/search', { token: partner });
    const ids = await downlineIds(t, partnerId);
    expect(body.total).toBe(ids.length);
    expect(body.items).toHaveLength(20);
    expect(body.items.some((node) => node.id === partnerId)).toBe(false);
    const dates = body.items.map((node) => node.signingDate);
    expect(dates).toEqual(sortedDesc(dates));
  });

  it('finds a distributor by PRN, by part of an e-mail and by a Cyrillic name in any case', async () => {
    const target = await t.db
      .selectFrom('users')
      .where('id', '=', 500)
      .select(['id', 'prn', 'email'])
      .executeTakeFirstOrThrow();
    const byPrn = await t.get<NetworkNodePage>('/users/my-network/search', {
      token: partner,
      query: { q: target.prn ?? '' },
    });
    expect(byPrn.body.items.map((node) => node.id)).toEqual([target.id]);
    const byEmail = await t.get<NetworkNodePage>('/users/my-network/search', {
      token: partner,
      query: { q: target.email.split('@')[0]?.toUpperCase() ?? '' },
    });
    expect(byEmail.body.items.map((node) => node.id)).toContain(target.id);
    const cyrillic = await t.db
      .selectFrom('users')
      .where('path', 'like', `${partnerId}.%`)
      .where('full_name', 'like', 'Ирина%')
      .select('id')
      .execute();
    const byName = await t.get<NetworkNodePage>('/users/my-network/search', {
      token: partner,
      query: { q: 'ирина', pageSize: 100 },
    });
    expect(byName.body.total).toBe(cyrillic.length);
    expect(byName.body.items.every((node) => node.fullName.toLowerCase().includes('ирина'))).toBe(true);
    const none = await t.get<NetworkNodePage>('/users/my-network/search', {
      token: partner,
      query: { q: '%_%' },
    });
    expect(none.body.total).toBe(0);
  });

  it('sorts by name, rank, PV, GV and signing date in either direction', async () => {
    const get = async (sort: string, order?: string) =>
      (
        await t.get<NetworkNodePage>('/users/my-network/search', {
          token: partner,
          query: { sort, pageSize: 100, ...(order === undefined ? {} : { order }) },
        })
      ).body.items;
    // Names follow the database's collation (C on PGlite, the locale's on a PostgreSQL server).
    const byName = (await get('name')).map((n) => n.id);
    const dbOrder = await t.db
      .selectFrom('users')
      .where('path', 'like', `${partnerId}.%`)
      .orderBy('full_name')
      .orderBy('id')
      .select('id')
      .limit(100)
      .execute();
    expect(byName).toEqual(dbOrder.map((row) => row.id));
    const pv = (await get('pv')).map((n) => n.volumes.pv);
    expect(pv).toEqual([...pv].sort((a, b) => b - a));
    const gvAsc = (await get('gv', 'asc')).map((n) => n.volumes.gv);
    expect(gvAsc).toEqual([...gvAsc].sort((a, b) => a - b));
    const apiOrder = [
      'consultant',
      'manager',
      'senior_manager',
      'director',
      'silver_director',
      'gold_director',
      'diamond_director',
      'president',
    ];
    const ranks = (await get('rank')).map((n) => apiOrder.indexOf(n.rank));
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
    expect(ranks[0]).toBeGreaterThanOrEqual(apiOrder.indexOf('silver_director'));
    const oldest = (await get('signingDate', 'asc')).map((n) => n.signingDate);
    expect(oldest).toEqual([...oldest].sort());
  });

  it('pages the whole downline by signing date and by name without gaps or repeats', async () => {
    const ids = await downlineIds(t, partnerId);
    const queries: Record<string, string>[] = [
      {},
      { order: 'asc' },
      { sort: 'name' },
      { sort: 'name', order: 'desc' },
    ];
    for (const query of queries) {
      const all = await t.get<NetworkNodePage>('/users/my-network/search', {
        token: partner,
        query: { ...query, pageSize: 100 },
      });
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const { body } = await t.get<NetworkNodePage>('/users/my-network/search', {
          token: partner,
          query: { ...query, page, pageSize: 9 },
        });
        expect(body.total).toBe(ids.length);
        seen.push(...body.items.map((node) => node.id));
      }
      expect(seen).toEqual(all.body.items.slice(0, 27).map((node) => node.id));
    }
  });

  it('keeps the total on a page past the end', async () => {
    const ids = await downlineIds(t, partnerId);
    const { body } = await t.get<NetworkNodePage>('/users/my-network/search', {
      token: partner,
      query: { page: 1000, pageSize: 100 },
    });
    expect(body).toMatchObject({ items: [], page: 1000, total: ids.length });
  });

  it('refuses an unknown sort key (400)', async () => {
    expect(
      (await t.get('/users/my-network/search', { token: partner, query: { sort: 'email' } })).status,
    ).toBe(400);
  });
});
