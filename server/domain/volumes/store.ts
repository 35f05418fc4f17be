/**
 * The month rows of `monthly_volumes` as the engine reads and writes them (docs/adr/0080-volume-engine.md):
 * figures in hundredths, rows created on first touch with the CGV carried from the member's previous month, and
 * locked in one fixed order — month, then member id — by every writer, so two completions whose paths share
 * sponsors wait for each other instead of deadlocking.
 */
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { RANK_COUNT, rankCode, rankOfCode, type Legs } from './plan.ts';
import type { MonthFigures } from './rollup.ts';

type Trx = Transaction<DB>;

/** The advisory-lock namespace of volume writers (shared, per month) and the close (exclusive, per month). */
export const VOLUME_LOCK = 270_180;

/**
 * The first month whose figures are open: the month after the last closed one. Closes go oldest first and only
 * a close freezes a row, so every month before this one is closed and none from it on is (docs/adr/0139-room-for-the-close.md);
 * the open months are found through `monthly_volumes_month_idx` from here, not by a predicate on `closed`.
 */
export const FIRST_OPEN_MONTH = sql<string>`coalesce((select (max(month) + interval '1 month')::date from period_closes), '0001-01-01'::date)`;

/** The month's number for its advisory lock (`2026-10-01` → 202610). */
export const monthLockKey = (month: string): number =>
  Number(month.slice(0, 4)) * 100 + Number(month.slice(5, 7));

/** Legs as stored (a JSON array indexed by rank), at the ladder's length. */
export function legsOf(stored: unknown): number[] {
  const legs = Array.from({ length: RANK_COUNT }, () => 0);
  if (Array.isArray(stored)) stored.forEach((count, rank) => (legs[rank] = Number(count) || 0));
  legs[0] = 0;
  return legs;
}

export const legsText = (legs: Legs): string =>
  JSON.stringify(Array.from({ length: RANK_COUNT }, (_, i) => legs[i] ?? 0));

export interface StoredMonth extends MonthFigures {
  closed: boolean;
}

/** Takes the month's shared writer lock: the close of that month waits for this transaction, and it for the close. */
export async function shareMonth(trx: Trx, month: string): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${VOLUME_LOCK}, ${monthLockKey(month)})`.execute(trx);
}

/**
 * The month's rows of `ids`, created when missing (zero figures, the CGV of the member's latest earlier month) and
 * locked for the rest of the transaction, in member-id order.
 */
export async function lockMonthRows(
  trx: Trx,
  month: string,
  ids: readonly number[],
): Promise<Map<number, StoredMonth>> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`
    insert into monthly_volumes (user_id, month, cgv, rank)
    select i.id, ${month}::date,
      coalesce((select p.cgv from monthly_volumes p where p.user_id = i.id and p.month < ${month}::date
                order by p.month desc limit 1), 0),
      ${rankCode(0)}
    from unnest(${sorted}::int[]) as i(id)
    where not exists (select 1 from monthly_volumes m where m.user_id = i.id and m.month = ${month}::date)
    order by i.id
    on conflict (user_id, month) do nothing`.execute(trx);
  const { rows } = await sql<{
    user_id: number;
    pv: number;
    gv: number;
    pgv: number;
    cgv: number;
    rank: string | null;
    legs: unknown;
    closed: boolean;
  }>`
    select user_id, (pv * 100)::int8 as pv, (gv * 100)::int8 as gv, (pgv * 100)::int8 as pgv,
      (cgv * 100)::int8 as cgv, rank, legs, closed
    from monthly_volumes where month = ${month}::date and user_id = any(${sorted}::int[])
    order by user_id for update`.execute(trx);
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        pv: Number(row.pv),
        gv: Number(row.gv),
        pgv: Number(row.pgv),
        cgv: Number(row.cgv),
        rank: rankOfCode(row.rank),
        legs: legsOf(row.legs),
        closed: row.closed,
      },
    ]),
  );
}

/**
 * Writes the changed rows of a month (already locked by `lockMonthRows`); adds each member's GV change to the CGV
 * of their later open months.
 */
export async function writeMonthRows(
  trx: Trx,
  month: string,
  before: ReadonlyMap<number, MonthFigures>,
  changed: ReadonlyMap<number, MonthFigures>,
): Promise<void> {
  if (changed.size === 0) return;
  const rows = [...changed].map(([userId, row]) => ({
    user_id: userId,
    pv: row.pv,
    gv: row.gv,
    pgv: row.pgv,
    cgv: row.cgv,
    rank: rankCode(row.rank),
    legs: row.legs,
  }));
  await sql`
    update monthly_volumes m
    set pv = v.pv / 100.0, gv = v.gv / 100.0, pgv = v.pgv / 100.0, cgv = v.cgv / 100.0, rank = v.rank, legs = v.legs
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(user_id int, pv int8, gv int8, pgv int8, cgv int8, rank text, legs jsonb)
    where m.user_id = v.user_id and m.month = ${month}::date`.execute(trx);
  const carried = rows
    .map((row) => ({ user_id: row.user_id, d: row.gv - (before.get(row.user_id)?.gv ?? 0) }))
    .filter((row) => row.d !== 0);
  if (carried.length === 0) return;
  // Later months exist only while an earlier one is still open (a reversal during the grace days); their rows are
  // locked in the same (month, member) order as every writer's before they change.
  await sql`
    with moved as (
      select * from jsonb_to_recordset(${JSON.stringify(carried)}::jsonb) as v(user_id int, d int8)
    ), later as (
      select m.user_id, m.month, v.d from monthly_volumes m join moved v on v.user_id = m.user_id
      where m.month > ${month}::date and not m.closed
      order by m.month, m.user_id for update of m
    )
    update monthly_volumes m set cgv = m.cgv + l.d / 100.0
    from later l where m.user_id = l.user_id and m.month = l.month`.execute(trx);
}
