// Who needs attention at constant cost (docs/adr/0032-attention-table.md): `network_attention` (migration
// 0008) follows every write that changes who needs attention, and the default-order page read from it equals
// the filter computed live over the downline.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_PV, RANKS } from '#server/db/reference.ts';
import type { TestApp } from '#tests/support/server/app.ts';
import { downlineIds, monthStart, startNetworkApp, userIdOf, type NetworkNodePage } from './support.ts';

let t: TestApp;
let partner: string;
let partnerId: number;
let downline: number[];

const KINDS = ['pv_zero', 'below_active', 'no_orders', 'rank_drop'] as const;

beforeAll(async () => {
  t = await startNetworkApp();
  partner = await t.login('partner@demo.test');
  partnerId = await userIdOf(t, 'partner@demo.test');
  downline = await downlineIds(t, partnerId);
});
afterAll(async () => {
  await t.close();
});

/** Every page of a filter; `extra` picks the path (no sort: the table; `sort=name`: computed live). */
async function allIds(attention: string, extra = ''): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await t.get<NetworkNodePage>(
      `/users/my-network/search?attention=${attention}${extra}&pageSize=100&page=${page}`,
      { token: partner },
    );
    expect(response.status).toBe(200);
    ids.push(...response.body.items.map((item) => item.id));
    if (ids.length >= response.body.total || response.body.items.length === 0) {
      expect(ids.length).toBe(response.body.total);
      return ids;
    }
  }
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function expectTableEqualsLive(): Promise<void> {
  for (const kind of KINDS)
    expect(sorted(await allIds(kind)), kind).toEqual(sorted(await allIds(kind, '&sort=name')));
}

async function setPv(userId: number, pv: number): Promise<void> {
  await sql`
    insert into monthly_volumes (user_id, month, pv, gv, cgv, pgv, closed)
    values (${userId}, ${monthStart()}::date, ${pv}, ${pv}, ${pv}, ${pv}, false)
    on conflict (user_id, month) do update set pv = excluded.pv`.execute(t.db);
}

describe('network_attention: the maintained table behind the attention filter', () => {
  it('answers in tree order (the genealogy path) and pages through the same order', async () => {
    const ids = await allIds('below_active');
    const paths = await t.db.selectFrom('users').where('id', 'in', ids).select(['id', 'path']).execute();
    const byId = new Map(paths.map((row) => [row.id, row.path]));
    const inOrder = ids.map((id) => byId.get(id) ?? '');
    expect(inOrder).toEqual([...inOrder].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const first = await t.get<NetworkNodePage>('/users/my-network/search?attention=below_active&pageSize=5', {
      token: partner,
    });
    const second = await t.get<NetworkNodePage>(
      '/users/my-network/search?attention=below_active&pageSize=5&page=2',
      { token: partner },
    );
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual(ids.slice(0, 10));
    expect(ids).not.toContain(partnerId);
    expect(ids.every((id) => downline.includes(id))).toBe(true);
  });

  it('a change in volumes moves a member into the PV filters and back out', async () => {
    const active = await t.db
      .selectFrom('monthly_volumes')
      .where('month', '=', monthStart())
      .where('pv', '>=', ACTIVE_PV)
      .where('user_id', 'in', downline)
      .select(['user_id', 'pv'])
      .executeTakeFirstOrThrow();
    const member = active.user_id;
    expect(await allIds('below_active')).not.toContain(member);
    expect(await allIds('pv_zero')).not.toContain(member);

    await setPv(member, 0);
    expect(await allIds('pv_zero')).toContain(member);
    expect(await allIds('below_active')).toContain(member);

    await setPv(member, ACTIVE_PV - 1);
    expect(await allIds('pv_zero')).not.toContain(member);
    expect(await allIds('below_active')).toContain(member);

    await setPv(member, Number(active.pv));
    expect(await allIds('below_active')).not.toContain(member);
  });

  it('an order moves a member out of "no orders"; a rank change moves a leader into "rank drop"', async () => {
    const idle = (await allIds('no_orders', '&periods=1'))[0];
    if (idle === undefined) throw new Error('the demo partner has a member without orders this period');
    // A copy of any order, placed now by the idle member.
    const columns = (
      await sql<{ column_name: string }>`
        select column_name from information_schema.columns
        where table_name = 'orders' and is_generated = 'NEVER' and column_default is null
          and column_name not in ('user_id', 'number', 'created_at')`.execute(t.db)
    ).rows.map((row) => sql.id(row.column_name));
    await sql`
      insert into orders (${sql.join(columns)}, user_id, number, created_at)
      select ${sql.join(columns)}, ${idle}, ${`ATT-${idle}`}, now() from orders limit 1`.execute(t.db);
    expect(await allIds('no_orders', '&periods=1')).not.toContain(idle);

    // A leader of the month before last who falls to the first rank in the last closed month.
    const leader = RANKS[2]?.code ?? '';
    const member = downline.find((id) => id !== idle) ?? 0;
    for (const [offset, rank] of [
      [-2, leader],
      [-1, RANKS[0]?.code ?? ''],
    ] as const)
      await sql`
        insert into monthly_volumes (user_id, month, pv, gv, cgv, pgv, rank, closed)
        values (${member}, ${monthStart(offset)}::date, 0, 0, 0, 0, ${rank}, true)
        on conflict (user_id, month) do update set rank = excluded.rank`.execute(t.db);
    expect(await allIds('rank_drop')).toContain(member);
    await sql`update monthly_volumes set rank = ${leader} where user_id = ${member} and month = ${monthStart(-1)}::date`.execute(
      t.db,
    );
    expect(await allIds('rank_drop')).not.toContain(member);
  });

  it('a new distributor joins the filters at once; one who stops being a partner leaves them', async () => {
    const sponsor = downline[0] ?? partnerId;
    const added = await t.db
      .insertInto('users')
      .values({
        email: 'attention-new@demo.test',
        full_name: 'Attention Newcomer',
        password_hash: 'x',
        phone: null,
        city: null,
        warehouse_id: null,
        prn: null,
        rank: null,
        signing_date: null,
        is_partner: true,
        sponsor_id: sponsor,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await allIds('pv_zero')).toContain(added.id);
    await t.db.updateTable('users').set({ is_partner: false }).where('id', '=', added.id).execute();
    expect(await allIds('pv_zero')).not.toContain(added.id);
    await expectTableEqualsLive();
  });
});
