/**
 * The period close (docs/adr/0083-the-period-close.md): a month's figures frozen once, in one transaction.
 *
 * 1. Only one close runs at a time across every process (`pg_try_advisory_xact_lock`); another one asked meanwhile
 *    is told so and changes nothing. A month already in `period_closes` is not closed again (a no-op).
 * 2. The month must be over on the company's clock, and every earlier month with figures closed.
 * 3. Reversals into the month wait (the month's writer lock, exclusive here); new credits go to the open month.
 * 4. Every distributor signed by the month's end gets the month's row (zero figures, CGV carried), so every one has
 *    a statement; the bonus lines of each active member are computed from the month's live figures (the engine kept
 *    them) and stored with the month's paid-as ranks, qualifications and highest ranks; the rows are marked closed.
 * 5. The close's own row. Each member of the month is then told their statement is ready (one
 *    `business.statement_ready` message each), after the close and in batches of their own
 *    (`tellClosedMonths`, ADR 0139): the job and the command do it at once, and a crash leaves the rest for the next
 *    run.
 *
 * A crash anywhere rolls everything back: a rerun starts over from the same figures and writes the same totals.
 * A dry run does all of it and rolls back, answering what it would have written.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { addDays, dayBegins, monthEnd, monthEnds, shiftMonth, zoneDay } from '../network/period.ts';
import { ACTIVE, bonusLines, rankCode, rankOfCode, totalOf, type BonusLine } from './plan.ts';
import { hundredthsNumber, type Hundredths } from './points.ts';
import { freezeRows, qualify } from './programme.ts';
import { FIRST_OPEN_MONTH, monthLockKey, VOLUME_LOCK } from './store.ts';

type Trx = Transaction<DB>;

/** The advisory lock only one close holds at a time. */
export const CLOSE_LOCK = 270_181;

export type CloseProblem = 'BAD_MONTH' | 'NOT_OVER' | 'EARLIER_OPEN' | 'RUNNING';

export class PeriodCloseError extends Error {
  constructor(
    readonly problem: CloseProblem,
    message: string,
  ) {
    super(message);
    this.name = 'PeriodCloseError';
  }
}

export interface CloseTotals {
  month: string;
  /** members whose month was closed */
  members: number;
  /** of them, rows added at the close (no volume all month) */
  carried: number;
  /** members with PV ≥ 25 */
  active: number;
  lines: number;
  /** minor units */
  bonus: number;
  /** the month's PV of every member, points */
  pv: number;
  /** members per paid-as rank */
  ranks: Record<string, number>;
  qualifications: number;
  ranksRaised: number;
  messages: number;
}

export interface CloseResult {
  outcome: 'closed' | 'dry_run' | 'already_closed';
  totals: CloseTotals;
  closedAt: string | null;
}

export interface CloseOptions {
  /** `YYYY-MM` */
  month: string;
  /** the moment the close is asked at (the month must be over by then) */
  now: Date;
  zone: string;
  dryRun?: boolean;
  /** enqueue `business.statement_ready` per member (default true; the seed's history does not) */
  notify?: boolean;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Checks a `YYYY-MM` (a clear error for anything else). */
export function parseMonth(month: string): string {
  if (!MONTH.test(month))
    throw new PeriodCloseError('BAD_MONTH', `"${month}" is not a month: write it as YYYY-MM, e.g. 2026-10`);
  return `${month}-01`;
}

class DryRun extends Error {
  constructor(readonly totals: CloseTotals) {
    super('dry run');
  }
}

interface MemberRow {
  user_id: number;
  sponsor_id: number | null;
  pv: number;
  pgv: number;
  rank: string | null;
}

/** `id,sponsor,pv,pgv,rank;…` (sponsor and rank empty for none) as rows. */
export function unpackMembers(packed: string | null): MemberRow[] {
  if (packed === null || packed === '') return [];
  return packed.split(';').map((text) => {
    const [id = '', sponsor = '', pv = '', pgv = '', rank = ''] = text.split(',');
    return {
      user_id: Number(id),
      sponsor_id: sponsor === '' ? null : Number(sponsor),
      pv: Number(pv),
      pgv: Number(pgv),
      rank: rank === '' ? null : rank,
    };
  });
}

/** The bonus lines of every member of the month, from its rows (legs by PGV, largest first). */
export function monthLines(rows: readonly MemberRow[]): Map<number, BonusLine[]> {
  const children = new Map<number, MemberRow[]>();
  for (const row of rows) {
    if (row.sponsor_id === null) continue;
    const list = children.get(row.sponsor_id) ?? [];
    list.push(row);
    children.set(row.sponsor_id, list);
  }
  const out = new Map<number, BonusLine[]>();
  for (const row of rows) {
    if (row.pv < ACTIVE) continue;
    const legs = (children.get(row.user_id) ?? [])
      .map((child) => ({ memberId: child.user_id, rank: rankOfCode(child.rank), pgv: child.pgv }))
      .sort((a, b) => b.pgv - a.pgv || a.memberId - b.memberId);
    const lines = bonusLines(row.pv, rankOfCode(row.rank), legs);
    if (lines.length > 0) out.set(row.user_id, lines);
  }
  return out;
}

async function insertLines(
  trx: Trx,
  month: string,
  lines: ReadonlyMap<number, BonusLine[]>,
): Promise<number> {
  const flat = [...lines].flatMap(([userId, list]) =>
    list.map((line, index) => ({
      u: userId,
      n: index + 1,
      k: line.kind,
      m: line.memberId,
      l: line.level,
      b: line.base,
      p: line.percent,
      q: line.points,
      a: line.amount,
    })),
  );
  const chunk = 20_000;
  for (let i = 0; i < flat.length; i += chunk) {
    await sql`
      insert into bonus_lines (month, user_id, line, kind, member_id, level, base, percent, points, amount)
      select ${month}::date, v.u, v.n, v.k, v.m, v.l, v.b / 100.0, v.p, v.q / 100.0, v.a
      from jsonb_to_recordset(${JSON.stringify(flat.slice(i, i + chunk))}::jsonb)
        as v(u int, n int, k text, m int, l int, b int8, p int, q int8, a int)`.execute(trx);
  }
  return flat.length;
}

async function closeIn(trx: Trx, start: string, options: CloseOptions): Promise<CloseResult> {
  const key = start.slice(0, 7);
  const locked = await sql<{
    locked: boolean;
  }>`select pg_try_advisory_xact_lock(${CLOSE_LOCK}) as locked`.execute(trx);
  if (locked.rows[0]?.locked !== true)
    throw new PeriodCloseError('RUNNING', `a period close is already running; ${key} is left as it is`);
  const done = await trx
    .selectFrom('period_closes')
    .selectAll()
    .where('month', '=', start)
    .executeTakeFirst();
  if (done !== undefined)
    return {
      outcome: 'already_closed',
      totals: done.totals as unknown as CloseTotals,
      closedAt: done.closed_at.toISOString(),
    };
  const ends = monthEnds(start, options.zone);
  if (ends.getTime() > options.now.getTime())
    throw new PeriodCloseError(
      'NOT_OVER',
      `${key} is not over yet: it ends at ${ends.toISOString()} (midnight ${zoneDay(ends, options.zone)} ${options.zone})`,
    );
  // From the first open month on (ADR 0139): one probe of the month index, not a scan of history.
  const earlier = await sql<{ month: string | null }>`
    select min(month)::text as month from monthly_volumes
    where month >= ${FIRST_OPEN_MONTH} and month < ${start}::date`.execute(trx);
  const open = earlier.rows[0]?.month ?? null;
  if (open !== null)
    throw new PeriodCloseError('EARLIER_OPEN', `${open.slice(0, 7)} is still open: close it before ${key}`);

  await sql`select pg_advisory_xact_lock(${VOLUME_LOCK}, ${monthLockKey(start)})`.execute(trx);
  // One close is no live change per member: the screens learn of it when they next read.
  await sql`set local mlm.events = 'off'`.execute(trx);
  const carried = await sql`
    insert into monthly_volumes (user_id, month, cgv, rank)
    select u.id, ${start}::date,
      coalesce((select p.cgv from monthly_volumes p where p.user_id = u.id and p.month < ${start}::date
                order by p.month desc limit 1), 0),
      ${rankCode(0)}
    from users u
    where u.is_partner and (u.signing_date is null or u.signing_date <= ${monthEnd(start)}::date)
      and not exists (select 1 from monthly_volumes m where m.user_id = u.id and m.month = ${start}::date)
    order by u.id`.execute(trx);
  // The month's rows as one text value: 100,000 rows cost a fifth of the time read so as read one by one (ADR 0139).
  const packed = await sql<{ rows: string | null }>`
    select string_agg(concat_ws(',', m.user_id, coalesce(u.sponsor_id::text, ''), (m.pv * 100)::int8,
      (m.pgv * 100)::int8, coalesce(m.rank, '')), ';') as rows
    from monthly_volumes m join users u on u.id = m.user_id
    where m.month = ${start}::date`.execute(trx);
  const rows = unpackMembers(packed.rows[0]?.rows ?? null);
  const lines = monthLines(rows);
  const bonuses = new Map([...lines].map(([userId, list]) => [userId, totalOf(list)]));
  const lineCount = await insertLines(trx, start, lines);
  await freezeRows(trx, start, bonuses);
  const achievedAt = monthEnd(start);
  const { qualifications, ranksRaised } = await qualify(trx, start, achievedAt);
  // Every member of the month is told, after the close (statement-messages.ts); the seed's history tells nobody.
  const notify = options.notify !== false;
  const messages = notify ? rows.length : 0;
  const ranks: Record<string, number> = {};
  let pv: Hundredths = 0;
  let active = 0;
  for (const row of rows) {
    const code = rankCode(rankOfCode(row.rank));
    ranks[code] = (ranks[code] ?? 0) + 1;
    pv += row.pv;
    if (row.pv >= ACTIVE) active += 1;
  }
  const totals: CloseTotals = {
    month: key,
    members: rows.length,
    carried: Number(carried.numAffectedRows ?? 0n),
    active,
    lines: lineCount,
    bonus: [...bonuses.values()].reduce((sum, bonus) => sum + bonus, 0),
    pv: hundredthsNumber(pv),
    ranks,
    qualifications,
    ranksRaised,
    messages,
  };
  if (options.dryRun === true) throw new DryRun(totals);
  const written = await trx
    .insertInto('period_closes')
    .values({ month: start, totals: JSON.stringify(totals), told_at: notify ? null : new Date() })
    .returning('closed_at')
    .executeTakeFirstOrThrow();
  return { outcome: 'closed', totals, closedAt: written.closed_at.toISOString() };
}

/**
 * Closes one month inside the caller's transaction (a bulk load that credits and closes its history in one go);
 * no dry run here.
 */
export async function closePeriodIn(trx: Trx, options: Omit<CloseOptions, 'dryRun'>): Promise<CloseResult> {
  return closeIn(trx, parseMonth(options.month), options);
}

/** Closes one month (see the module's comment). Throws `PeriodCloseError` for a month that cannot be closed now. */
export async function closePeriod(db: Kysely<DB>, options: CloseOptions): Promise<CloseResult> {
  const start = parseMonth(options.month);
  try {
    return await db.transaction().execute((trx) => closeIn(trx, start, options));
  } catch (error) {
    if (error instanceof DryRun) return { outcome: 'dry_run', totals: error.totals, closedAt: null };
    throw error;
  }
}

/** When a month is due for the automatic close: `graceDays` whole days after it ends, on the company's clock. */
export function dueAt(start: string, zone: string, graceDays: number): Date {
  return dayBegins(addDays(shiftMonth(start, 1), graceDays), zone);
}

/** The oldest month with open figures that is due by `now` (null when none is). */
export async function dueMonth(
  db: Kysely<DB>,
  now: Date,
  zone: string,
  graceDays: number,
): Promise<string | null> {
  const open = await sql<{ month: string | null }>`
    select min(month)::text as month from monthly_volumes where month >= ${FIRST_OPEN_MONTH}`.execute(db);
  const month = open.rows[0]?.month ?? null;
  if (month === null || dueAt(month, zone, graceDays).getTime() > now.getTime()) return null;
  return month.slice(0, 7);
}
