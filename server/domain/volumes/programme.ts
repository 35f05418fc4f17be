/**
 * What a close decides besides bonuses (docs/adr/0083-the-period-close.md): the stored qualifications
 * (`qualifications`, ADR 0030) and the highest rank reached (`users.rank`). Each programme condition is judged on
 * closed months only, as a streak of consecutive months kept on the month's row, so a close reads one month back,
 * not the whole history:
 *
 * - `active_partner`: three months in a row with PV ≥ 25;
 * - `fast_start`: a paid-as rank of manager or higher in one of the first three months after signing;
 * - `q2025_start`: three months in a row with PV ≥ 50; `q2025_leader` (after Start): three months in a row with
 *   PV ≥ 50, GV ≥ 3,000 and three active first-line members; `q2025_star` (after Leader): three months in a row with
 *   GV ≥ 10,000 at Silver Director or higher;
 * - `rank_<code>`: the first month closed at that paid-as rank or higher.
 */
import { sql, type Transaction } from 'kysely';
import { ACTIVE_PV, RANKS } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { shiftMonth } from '../network/period.ts';

type Trx = Transaction<DB>;

export const STREAK_MONTHS = 3;
export const START_PV = 50;
export const LEADER_PV = 50;
export const LEADER_GV = 3000;
export const LEADER_ACTIVE_LEGS = 3;
export const STAR_GV = 10_000;
export const STAR_RANK = 'silver_director';
export const FAST_START_MONTHS = 3;

/** A stored rank's place on the ladder in SQL, 0-based (0 for none or unknown). */
export const ladderSql = (column: string) =>
  sql<number>`(coalesce(array_position(array[${sql.join(RANKS.map((rank) => sql.lit(rank.code)))}]::text[], ${sql.ref(column)}), 1) - 1)`;

const STAR_INDEX = RANKS.findIndex((rank) => rank.code === STAR_RANK);

/**
 * Closes the month's rows: `closed`, the bonus of each member (`bonuses`: member → minor units; absent is 0) and
 * the programme streaks, in one statement over the month.
 */
export async function freezeRows(
  trx: Trx,
  month: string,
  bonuses: ReadonlyMap<number, number>,
): Promise<void> {
  const previous = shiftMonth(month, -1);
  const json = JSON.stringify(
    [...bonuses].filter(([, bonus]) => bonus !== 0).map(([user_id, bonus]) => ({ user_id, bonus })),
  );
  await sql`
    with bonus as (
      select * from jsonb_to_recordset(${json}::jsonb) as b(user_id int, bonus int)
    ), legs as (
      select u.sponsor_id as user_id, count(*) as active
      from monthly_volumes c join users u on u.id = c.user_id
      where c.month = ${month}::date and c.pv >= ${ACTIVE_PV} and u.sponsor_id is not null
      group by u.sponsor_id
    ), next as (
      select m.user_id, coalesce(b.bonus, 0) as bonus,
        case when m.pv >= ${ACTIVE_PV} then coalesce(p.active_streak, 0) + 1 else 0 end as active_streak,
        case when m.pv >= ${START_PV} then coalesce(p.start_streak, 0) + 1 else 0 end as start_streak,
        case when m.pv >= ${LEADER_PV} and m.gv >= ${LEADER_GV} and coalesce(l.active, 0) >= ${LEADER_ACTIVE_LEGS}
          then coalesce(p.leader_streak, 0) + 1 else 0 end as leader_streak,
        case when m.gv >= ${STAR_GV} and ${ladderSql('m.rank')} >= ${STAR_INDEX}
          then coalesce(p.star_streak, 0) + 1 else 0 end as star_streak
      from monthly_volumes m
      left join monthly_volumes p on p.user_id = m.user_id and p.month = ${previous}::date
      left join legs l on l.user_id = m.user_id
      left join bonus b on b.user_id = m.user_id
      where m.month = ${month}::date
    )
    update monthly_volumes m
    set closed = true, bonus = n.bonus, active_streak = n.active_streak, start_streak = n.start_streak,
      leader_streak = n.leader_streak, star_streak = n.star_streak
    from next n where m.user_id = n.user_id and m.month = ${month}::date`.execute(trx);
}

/** Writes the qualifications the month earned and raises the highest rank reached; answers how many of each. */
export async function qualify(
  trx: Trx,
  month: string,
  achievedAt: string,
): Promise<{ qualifications: number; ranksRaised: number }> {
  const insert = async (code: string, condition: ReturnType<typeof sql>) => {
    const result = await sql`
      insert into qualifications (user_id, code, achieved_at)
      select m.user_id, ${code}, ${achievedAt}::date from monthly_volumes m
      where m.month = ${month}::date and ${condition}
        and not exists (select 1 from qualifications q where q.user_id = m.user_id and q.code = ${code})
      order by m.user_id
      on conflict (user_id, code) do nothing`.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  };
  const holds = (code: string) =>
    sql`exists (select 1 from qualifications q where q.user_id = m.user_id and q.code = ${code})`;
  let qualifications = 0;
  qualifications += await insert('active_partner', sql`m.active_streak >= ${STREAK_MONTHS}`);
  qualifications += await insert(
    'fast_start',
    sql`${ladderSql('m.rank')} >= 1 and exists (select 1 from users u where u.id = m.user_id
      and u.signing_date is not null
      and date_trunc('month', u.signing_date) > (${month}::date - ${sql.lit(`${FAST_START_MONTHS} months`)}::interval))`,
  );
  qualifications += await insert('q2025_start', sql`m.start_streak >= ${STREAK_MONTHS}`);
  qualifications += await insert(
    'q2025_leader',
    sql`m.leader_streak >= ${STREAK_MONTHS} and ${holds('q2025_start')}`,
  );
  qualifications += await insert(
    'q2025_star',
    sql`m.star_streak >= ${STREAK_MONTHS} and ${holds('q2025_leader')}`,
  );
  const ranks = await sql`
    insert into qualifications (user_id, code, achieved_at)
    select m.user_id, 'rank_' || r.code, ${achievedAt}::date
    from monthly_volumes m
    cross join lateral unnest(${RANKS.map((rank) => rank.code)}::text[]) with ordinality as r(code, i)
    where m.month = ${month}::date and m.rank <> ${RANKS[0]?.code ?? 'consultant'}
      and r.i > 1 and r.i - 1 <= ${ladderSql('m.rank')}
      and not exists (select 1 from qualifications q where q.user_id = m.user_id and q.code = 'rank_' || r.code)
    order by m.user_id, r.i
    on conflict (user_id, code) do nothing`.execute(trx);
  qualifications += Number(ranks.numAffectedRows ?? 0n);
  const raised = await sql`
    update users u set rank = m.rank
    from monthly_volumes m
    where m.user_id = u.id and m.month = ${month}::date and m.rank <> ${RANKS[0]?.code ?? 'consultant'}
      and ${ladderSql('m.rank')} > ${ladderSql('u.rank')}`.execute(trx);
  return { qualifications, ranksRaised: Number(raised.numAffectedRows ?? 0n) };
}
