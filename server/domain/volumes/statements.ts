/**
 * What a distributor reads of their bonus (docs/adr/0085-bonus-explained.md, superseding ADR 0033):
 *
 * - a closed month's statement reads the close's frozen lines (`bonus_lines`) and the month's frozen rows;
 * - the open month's estimate computes the same lines from the live rows, when asked (the plan's rules in one
 *   place, `plan.ts`): the member's own row and their first line's;
 * - a line's sources are the ledger's rows (`volume_credits`) that make its base: the member's own orders, or a
 *   leg's orders that reach the leg's PGV (none cut off by a breakaway rank below the leg's head, by the month's
 *   ranks — frozen for a closed month, live for the open one);
 * - adjustments are the clawbacks that landed in the month within the member's group.
 */
import { sql, type Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import { ACTIVE_PV, POINT_VALUE_MINOR, RANKS } from '../../db/reference.ts';
import type { DB } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { currentPeriod, monthFromKey, monthKey, type Period } from '../network/period.ts';
import { toApiRank } from '../network/ranks.ts';
import { ACTIVE, BREAKAWAY, bonusLines, percentOf, rankOfCode, totalOf, type BonusLine } from './plan.ts';
import { hundredthsNumber, parseHundredths, type Hundredths } from './points.ts';

type Statement = components['schemas']['Statement'];
type StatementLine = components['schemas']['StatementLine'];
type StatementSummary = components['schemas']['StatementSummary'];
type StatementAdjustment = components['schemas']['StatementAdjustment'];
type BonusEstimate = components['schemas']['BonusEstimate'];
type BonusSourcePage = components['schemas']['BonusSourcePage'];

const BREAKAWAY_CODES = RANKS.slice(BREAKAWAY).map((rank) => rank.code);

/** The caller's closed months, newest first, with their rank and bonus. */
export async function listStatements(
  db: Kysely<DB>,
  userId: number,
  currency: string,
): Promise<StatementSummary[]> {
  const rows = await db
    .selectFrom('monthly_volumes')
    .where('user_id', '=', userId)
    .where('closed', '=', true)
    .select(['month', 'rank', 'bonus'])
    .orderBy('month', 'desc')
    .execute();
  return rows.map((row) => ({
    month: monthKey(row.month),
    rank: toApiRank(row.rank),
    bonus: row.bonus,
    currency,
  }));
}

interface MonthRow {
  pv: Hundredths;
  gv: Hundredths;
  pgv: Hundredths;
  cgv: Hundredths;
  rank: string | null;
  bonus: number;
  closed: boolean;
}

/** The member's row of a month, in hundredths (undefined without one). */
async function monthRow(db: Kysely<DB>, userId: number, month: string): Promise<MonthRow | undefined> {
  const { rows } = await sql<{
    pv: string;
    gv: string;
    pgv: string;
    cgv: string;
    rank: string | null;
    bonus: number;
    closed: boolean;
  }>`
    select pv::text, gv::text, pgv::text, cgv::text, rank, bonus, closed
    from monthly_volumes where user_id = ${userId} and month = ${month}::date`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  return {
    pv: parseHundredths(row.pv),
    gv: parseHundredths(row.gv),
    pgv: parseHundredths(row.pgv),
    cgv: parseHundredths(row.cgv),
    rank: row.rank,
    bonus: row.bonus,
    closed: row.closed,
  };
}

interface LegRow {
  id: number;
  fullName: string;
  rank: string | null;
  pgv: Hundredths;
}

const apiLine = (line: BonusLine, legs: ReadonlyMap<number, LegRow>): StatementLine => {
  const leg = line.memberId === null ? undefined : legs.get(line.memberId);
  return {
    kind: line.kind,
    member: leg === undefined ? null : { id: leg.id, fullName: leg.fullName, rank: toApiRank(leg.rank) },
    level: line.level,
    base: hundredthsNumber(line.base),
    percent: line.percent,
    points: hundredthsNumber(line.points),
    amount: line.amount,
  };
};

/** The clawbacks that landed in `month` below (or at) `path`. */
async function adjustments(db: Kysely<DB>, path: string, month: string): Promise<StatementAdjustment[]> {
  const depth = path.split('.').length;
  const { rows } = await sql<{
    order_id: number;
    number: string;
    user_id: number;
    full_name: string;
    path: string;
    points: string;
    credited_period: string;
    at: Date;
  }>`
    select c.order_id, coalesce(o.number, '') as number, c.user_id, u.full_name, c.path, c.points::text,
      c.credited_period, c.at
    from volume_credits c join users u on u.id = c.user_id left join orders o on o.id = c.order_id
    where c.period = ${month}::date and c.kind = 'clawback' and c.path like ${likePrefix(path)}
    order by c.at desc, c.id desc limit 200`.execute(db);
  return rows.map((row) => ({
    order: { id: row.order_id, number: row.number },
    member: { id: row.user_id, fullName: row.full_name },
    level: row.path.split('.').length - depth,
    points: hundredthsNumber(parseHundredths(row.points)),
    creditedMonth: monthKey(row.credited_period),
    at: row.at.toISOString(),
  }));
}

const likePrefix = (path: string): string => `${path.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function pathOf(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db.selectFrom('users').select('path').where('id', '=', userId).executeTakeFirst();
  if (row === undefined) throw notFound();
  return row.path;
}

function statementOf(
  month: string,
  currency: string,
  row: MonthRow,
  lines: StatementLine[],
  adjusted: StatementAdjustment[],
  total: number,
): Statement {
  const rank = rankOfCode(row.rank);
  return {
    month: monthKey(month),
    currency,
    rank: toApiRank(row.rank),
    rankPercent: percentOf(rank),
    active: row.pv >= ACTIVE,
    activePv: ACTIVE_PV,
    pointValue: POINT_VALUE_MINOR,
    volumes: {
      pv: hundredthsNumber(row.pv),
      gv: hundredthsNumber(row.gv),
      cgv: hundredthsNumber(row.cgv),
      pgv: hundredthsNumber(row.pgv),
    },
    lines,
    adjustments: adjusted,
    total,
  };
}

/** The statement of one closed month of the caller, from the close's frozen lines (404 when not closed). */
export async function loadStatement(
  db: Kysely<DB>,
  userId: number,
  month: string,
  currency: string,
): Promise<Statement> {
  const start = monthFromKey(month);
  const row = await monthRow(db, userId, start);
  if (row === undefined || !row.closed) throw notFound();
  const { rows } = await sql<{
    kind: BonusLine['kind'];
    member_id: number | null;
    full_name: string | null;
    member_rank: string | null;
    level: number;
    base: string;
    percent: number;
    points: string;
    amount: number;
  }>`
    select b.kind, b.member_id, u.full_name, mv.rank as member_rank, b.level, b.base::text, b.percent,
      b.points::text, b.amount
    from bonus_lines b
    left join users u on u.id = b.member_id
    left join monthly_volumes mv on mv.user_id = b.member_id and mv.month = b.month
    where b.month = ${start}::date and b.user_id = ${userId}
    order by b.line`.execute(db);
  const lines: StatementLine[] = rows.map((line) => ({
    kind: line.kind,
    member:
      line.member_id === null
        ? null
        : { id: line.member_id, fullName: line.full_name ?? '', rank: toApiRank(line.member_rank) },
    level: line.level,
    base: hundredthsNumber(parseHundredths(line.base)),
    percent: line.percent,
    points: hundredthsNumber(parseHundredths(line.points)),
    amount: line.amount,
  }));
  return statementOf(
    start,
    currency,
    row,
    lines,
    await adjustments(db, await pathOf(db, userId), start),
    row.bonus,
  );
}

interface AdjustmentRow {
  order_id: number;
  number: string;
  user_id: number;
  full_name: string;
  path: string;
  points: string;
  credited_period: string;
  at: string;
}

const adjustmentOf =
  (depth: number) =>
  (row: AdjustmentRow): StatementAdjustment => ({
    order: { id: row.order_id, number: row.number },
    member: { id: row.user_id, fullName: row.full_name },
    level: row.path.split('.').length - depth,
    points: hundredthsNumber(parseHundredths(row.points)),
    creditedMonth: monthKey(row.credited_period),
    at: new Date(row.at).toISOString(),
  });

interface LiveFacts {
  path: string;
  row: MonthRow;
  legs: LegRow[];
  adjustments: StatementAdjustment[];
}

/**
 * Everything the open month's bonus of one member needs, in one statement (the estimate is asked for on every
 * live change of a whole upline): their path, their row of the month (or the CGV carried into it), their first
 * line's rows, and, when asked, the month's clawbacks in their group.
 */
async function liveFacts(
  db: Kysely<DB>,
  userId: number,
  month: string,
  withAdjustments: boolean,
): Promise<LiveFacts> {
  const { rows } = await sql<{
    path: string;
    own: {
      pv: string;
      gv: string;
      pgv: string;
      cgv: string;
      rank: string | null;
      bonus: number;
      closed: boolean;
    } | null;
    carried: string | null;
    legs: { id: number; full_name: string; rank: string | null; pgv: string }[];
    adjustments: AdjustmentRow[];
  }>`
    select u.path,
      (select to_jsonb(m) from (select pv::text, gv::text, pgv::text, cgv::text, rank, bonus, closed
         from monthly_volumes where user_id = u.id and month = ${month}::date) m) as own,
      (select cgv::text from monthly_volumes where user_id = u.id and month < ${month}::date
         order by month desc limit 1) as carried,
      (select coalesce(jsonb_agg(l order by l.pgv_order desc, l.id), '[]'::jsonb) from (
         select c.id, c.full_name, mv.rank, mv.pgv::text as pgv, mv.pgv as pgv_order
         from users c join monthly_volumes mv on mv.user_id = c.id and mv.month = ${month}::date
         where c.sponsor_id = u.id) l) as legs,
      case when ${withAdjustments} then (select coalesce(jsonb_agg(a), '[]'::jsonb) from (
         select c.order_id, coalesce(o.number, '') as number, c.user_id, b.full_name, c.path, c.points::text as points,
           c.credited_period, c.at
         from volume_credits c join users b on b.id = c.user_id left join orders o on o.id = c.order_id
         where c.period = ${month}::date and c.kind = 'clawback'
           and c.path like u.path || '%'
         order by c.at desc, c.id desc limit 200) a) else '[]'::jsonb end as adjustments
    from users u where u.id = ${userId}`.execute(db);
  const found = rows[0];
  if (found === undefined) throw notFound();
  const own = found.own;
  const row: MonthRow =
    own === null
      ? {
          pv: 0,
          gv: 0,
          pgv: 0,
          cgv: found.carried === null ? 0 : parseHundredths(found.carried),
          rank: null,
          bonus: 0,
          closed: false,
        }
      : {
          pv: parseHundredths(own.pv),
          gv: parseHundredths(own.gv),
          pgv: parseHundredths(own.pgv),
          cgv: parseHundredths(own.cgv),
          rank: own.rank,
          bonus: own.bonus,
          closed: own.closed,
        };
  return {
    path: found.path,
    row,
    legs: found.legs.map((leg) => ({
      id: leg.id,
      fullName: leg.full_name,
      rank: leg.rank,
      pgv: parseHundredths(leg.pgv),
    })),
    adjustments: found.adjustments.map(adjustmentOf(found.path.split('.').length)),
  };
}

function liveLines(facts: LiveFacts): { lines: StatementLine[]; total: number } {
  const lines = bonusLines(
    facts.row.pv,
    rankOfCode(facts.row.rank),
    facts.legs.map((leg) => ({ memberId: leg.id, rank: rankOfCode(leg.rank), pgv: leg.pgv })),
  );
  const byId = new Map(facts.legs.map((leg) => [leg.id, leg]));
  return { lines: lines.map((line) => apiLine(line, byId)), total: totalOf(lines) };
}

/** The open month's bonus lines of a member and their total, from the live rows. */
export async function liveBonus(
  db: Kysely<DB>,
  userId: number,
  month: string,
): Promise<{ row: MonthRow; lines: StatementLine[]; total: number }> {
  const facts = await liveFacts(db, userId, month, false);
  return { row: facts.row, ...liveLines(facts) };
}

/** This month's bonus so far, explained (the open month on the company's clock). */
export async function bonusEstimate(
  db: Kysely<DB>,
  userId: number,
  options: { now: Date; zone: string; currency: string },
): Promise<BonusEstimate> {
  const period: Period = currentPeriod(options.now, options.zone);
  const facts = await liveFacts(db, userId, period.start, true);
  const { lines, total } = liveLines(facts);
  return {
    ...statementOf(period.start, options.currency, facts.row, lines, facts.adjustments, total),
    period,
    asOf: options.now.toISOString(),
  };
}

export interface SourcesRequest {
  /** `YYYY-MM` */
  month: string;
  /** the first-line member whose leg the line is about; undefined for the personal line */
  member: number | undefined;
  page: number;
  pageSize: number;
}

/** The ledger rows behind one line of the caller's month (404 for a month without figures or a leg not theirs). */
export async function listBonusSources(
  db: Kysely<DB>,
  userId: number,
  request: SourcesRequest,
): Promise<BonusSourcePage> {
  const start = monthFromKey(request.month);
  const caller = await db.selectFrom('users').select(['path']).where('id', '=', userId).executeTakeFirst();
  if (caller === undefined) throw notFound();
  const own = await monthRow(db, userId, start);
  if (own === undefined) throw notFound();
  let where;
  if (request.member === undefined) {
    where = sql`c.period = ${start}::date and c.user_id = ${userId}`;
  } else {
    const leg = await db
      .selectFrom('users')
      .select(['id', 'path'])
      .where('id', '=', request.member)
      .where('sponsor_id', '=', userId)
      .executeTakeFirst();
    if (leg === undefined) throw notFound();
    where = sql`c.period = ${start}::date and c.path like ${likePrefix(leg.path)}
      and not exists (
        select 1 from monthly_volumes b join users bu on bu.id = b.user_id
        where b.month = ${start}::date and b.rank = any(${BREAKAWAY_CODES}::text[])
          and bu.path like ${likePrefix(leg.path)} and bu.id <> ${leg.id}
          and c.path like bu.path || '%')`;
  }
  const offset = (request.page - 1) * request.pageSize;
  const [page, totals] = await Promise.all([
    sql<{
      kind: 'credit' | 'reversal' | 'clawback';
      order_id: number;
      number: string;
      user_id: number;
      full_name: string;
      path: string;
      points: string;
      at: Date;
      credited_period: string;
    }>`
      select c.kind, c.order_id, coalesce(o.number, '') as number, c.user_id, u.full_name, c.path, c.points::text,
        c.at, c.credited_period
      from volume_credits c join users u on u.id = c.user_id left join orders o on o.id = c.order_id
      where ${where}
      order by c.at desc, c.id desc limit ${request.pageSize} offset ${offset}`.execute(db),
    sql<{ n: number; points: string }>`
      select count(*)::int as n, coalesce(sum(c.points), 0)::text as points from volume_credits c
      where ${where}`.execute(db),
  ]);
  const depth = caller.path.split('.').length;
  return {
    items: page.rows.map((row) => ({
      kind: row.kind,
      order: { id: row.order_id, number: row.number },
      member: { id: row.user_id, fullName: row.full_name },
      level: row.path.split('.').length - depth,
      points: hundredthsNumber(parseHundredths(row.points)),
      at: row.at.toISOString(),
      creditedMonth: monthKey(row.credited_period),
    })),
    points: hundredthsNumber(parseHundredths(totals.rows[0]?.points ?? '0')),
    page: request.page,
    pageSize: request.pageSize,
    total: totals.rows[0]?.n ?? 0,
  };
}
