/**
 * `downline_counts` (migration 0005) stays equal to counting the distributors below each user by path, whatever
 * writes `users`; the search columns follow the texts they lower.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { seedLarge } from '#server/seed/large.ts';
import { freshDatabase } from '../../support/server/db.ts';

type Count = { user_id: number; n: number };

describe('downline_counts', () => {
  let database: Database;

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  const kept = async (): Promise<Count[]> =>
    database.db
      .selectFrom('downline_counts')
      .select(['user_id', 'n'])
      .where('n', '<>', 0)
      .orderBy('user_id')
      .execute();

  /** Counted from scratch: each distributor once for every other id of its path (the ancestors). */
  const counted = async (): Promise<Count[]> =>
    (
      await sql<Count>`
        select a::int as user_id, count(*)::int as n
        from users d cross join lateral unnest(string_to_array(rtrim(d.path, '.'), '.')) as a
        where d.is_partner and a::int <> d.id
        group by 1 order by 1`.execute(database.db)
    ).rows;

  const expectConsistent = async (): Promise<Count[]> => {
    const now = await counted();
    expect(await kept()).toEqual(now);
    return now;
  };

  const countOf = (counts: Count[], userId: number): number =>
    counts.find((row) => row.user_id === userId)?.n ?? 0;

  it('holds the seeded downlines', async () => {
    const counts = await expectConsistent();
    expect(counts.length).toBeGreaterThan(10);
    expect(Math.max(...counts.map((row) => row.n))).toBeGreaterThan(100);
  });

  it('follows new distributors, a leg moved to another sponsor, a partner flag and deletes', async () => {
    const { db } = database;
    const before = await expectConsistent();
    const partner = await db
      .selectFrom('users')
      .select(['id', 'path'])
      .where('email', '=', 'partner@demo.test')
      .executeTakeFirstOrThrow();
    const leader = await db
      .insertInto('users')
      .values({
        email: 'leader@count.test',
        password_hash: 'x',
        full_name: 'Leader',
        sponsor_id: partner.id,
        is_partner: true,
      })
      .returning(['id', 'path'])
      .executeTakeFirstOrThrow();
    const recruits = await db
      .insertInto('users')
      .values(
        [1, 2, 3].map((i) => ({
          email: `recruit${i}@count.test`,
          password_hash: 'x',
          full_name: `Recruit ${i}`,
          sponsor_id: leader.id,
          is_partner: true,
        })),
      )
      .returning('id')
      .execute();
    const afterInsert = await expectConsistent();
    expect(countOf(afterInsert, leader.id)).toBe(3);
    expect(countOf(afterInsert, partner.id)).toBe(countOf(before, partner.id) + 4);

    // The leader's leg moves under another sponsor: the new paths of the leader and of its recruits.
    const other = await db
      .selectFrom('users')
      .select(['id', 'path'])
      .where('is_partner', '=', true)
      .where('path', 'not like', `${partner.path}%`)
      .orderBy('id')
      .executeTakeFirst();
    if (other !== undefined) {
      await db.updateTable('users').set({ sponsor_id: other.id }).where('id', '=', leader.id).execute();
      const keptFrom = partner.path.length + 1; // where the leader's own id starts in its path (1-based)
      await db
        .updateTable('users')
        .set({ path: sql`${other.path} || substr(path, ${keptFrom})` })
        .where('path', 'like', `${leader.path}%`)
        .execute();
      const moved = await expectConsistent();
      expect(countOf(moved, partner.id)).toBe(countOf(before, partner.id));
      expect(countOf(moved, other.id)).toBe(countOf(before, other.id) + 4);
    }

    const [first] = recruits;
    if (first === undefined) throw new Error('recruits expected');
    await db.updateTable('users').set({ is_partner: false }).where('id', '=', first.id).execute();
    expect(countOf(await expectConsistent(), leader.id)).toBe(2);
    await db.updateTable('users').set({ full_name: 'Only a name' }).where('id', '=', first.id).execute();
    await expectConsistent();

    await db.deleteFrom('users').where('email', 'like', '%@count.test').execute();
    expect(await expectConsistent()).toEqual(before);
  });

  it('counts a bulk insert of the large set; search columns lower what they mirror', async () => {
    await seedLarge(database.db, { distributors: 300, orders: 0 });
    const counts = await expectConsistent();
    expect(counts.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThan(300);
    const user = await database.db
      .updateTable('users')
      .set({ full_name: 'ȘTEFAN Ionescu', prn: null })
      .where('email', 'like', 'bench.%')
      .returning(['search_name', 'search_prn', 'search_email'])
      .executeTakeFirstOrThrow();
    expect(user.search_name).toBe('ștefan ionescu');
    expect(user.search_prn).toBe('');
    expect(user.search_email).toMatch(/^bench\.\d+@bench\.test$/);
  });
});
