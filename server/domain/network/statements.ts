/**
 * Bonus statements (docs/adr/0033-bonus-statements.md): for every closed month, the distributor's volumes,
 * paid-as rank and each bonus with how the marketing plan computes it. A statement is derived from stored
 * closed-month rows (`monthly_volumes` of the distributor and of their first line for that month), which no
 * later period rewrites: it is kept forever.
 *
 * The marketing plan's differential group bonus (the same rule the seed applies when it closes a month):
 * - active months only (PV ≥ ACTIVE_PV);
 * - personal: own PV × the rank's percent;
 * - differential: a non-breakaway first-line leg's PGV × (own percent − the leg's percent), when positive;
 * - leadership: a breakaway leg's (director and up) PGV × 5 %, when the distributor is a breakaway rank too.
 * Points are worth POINT_VALUE_MINOR each.
 */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { ACTIVE_PV, BREAKAWAY_RANK_INDEX, POINT_VALUE_MINOR, RANKS } from '../../db/reference.ts';
import { notFound } from '../../http/errors.ts';
import { monthFromKey, monthKey } from './period.ts';
import { ladderIndex, toApiRank } from './ranks.ts';

type Statement = components['schemas']['Statement'];
type StatementLine = components['schemas']['StatementLine'];
type StatementSummary = components['schemas']['StatementSummary'];

/** Percent of a breakaway leg's PGV a breakaway leader earns. */
export const LEADERSHIP_PERCENT = 5;

const round2 = (value: number): number => Math.round(value * 100) / 100;
const percentOf = (rank: string | null): number => RANKS[ladderIndex(rank)]?.bonusPercent ?? 0;

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

type LegRow = { id: number; fullName: string; rank: string | null; pgv: number };

/** The bonus lines of a month from the distributor's PV and rank and their first line's ranks and PGV. */
export function statementLines(pv: number, rank: string | null, legs: readonly LegRow[]): StatementLine[] {
  if (pv < ACTIVE_PV) return [];
  const own = percentOf(rank);
  const ownIndex = ladderIndex(rank);
  const line = (
    kind: StatementLine['kind'],
    member: LegRow | null,
    base: number,
    percent: number,
  ): StatementLine => {
    const points = round2((base * percent) / 100);
    return {
      kind,
      member:
        member === null ? null : { id: member.id, fullName: member.fullName, rank: toApiRank(member.rank) },
      base,
      percent,
      points,
      amount: Math.round(((base * percent) / 100) * POINT_VALUE_MINOR),
    };
  };
  const lines = [line('personal', null, pv, own)];
  for (const leg of legs) {
    if (leg.pgv <= 0) continue;
    if (ladderIndex(leg.rank) < BREAKAWAY_RANK_INDEX) {
      const difference = own - percentOf(leg.rank);
      if (difference > 0) lines.push(line('differential', leg, leg.pgv, difference));
    } else if (ownIndex >= BREAKAWAY_RANK_INDEX) {
      lines.push(line('leadership', leg, leg.pgv, LEADERSHIP_PERCENT));
    }
  }
  return lines;
}

/** The statement of one closed month of the caller (404 when the month is not closed or not theirs). */
export async function loadStatement(
  db: Kysely<DB>,
  userId: number,
  month: string,
  currency: string,
): Promise<Statement> {
  const start = monthFromKey(month);
  const row = await db
    .selectFrom('monthly_volumes')
    .where('user_id', '=', userId)
    .where('month', '=', start)
    .where('closed', '=', true)
    .select(['pv', 'gv', 'cgv', 'pgv', 'bonus', 'rank'])
    .executeTakeFirst();
  if (row === undefined) throw notFound();
  const legs = await db
    .selectFrom('users')
    .innerJoin('monthly_volumes', (join) =>
      join.onRef('monthly_volumes.user_id', '=', 'users.id').on('monthly_volumes.month', '=', start),
    )
    .where('users.sponsor_id', '=', userId)
    .select(['users.id', 'users.full_name', 'monthly_volumes.rank', 'monthly_volumes.pgv'])
    .orderBy('monthly_volumes.pgv', 'desc')
    .orderBy('users.id')
    .execute();
  const lines = statementLines(
    Number(row.pv),
    row.rank,
    legs.map((leg) => ({ id: leg.id, fullName: leg.full_name, rank: leg.rank, pgv: Number(leg.pgv) })),
  );
  return {
    month,
    currency,
    rank: toApiRank(row.rank),
    rankPercent: percentOf(row.rank),
    active: Number(row.pv) >= ACTIVE_PV,
    activePv: ACTIVE_PV,
    pointValue: POINT_VALUE_MINOR,
    volumes: { pv: Number(row.pv), gv: Number(row.gv), cgv: Number(row.cgv), pgv: Number(row.pgv) },
    lines,
    total: row.bonus,
  };
}
