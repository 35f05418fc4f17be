/**
 * The marketing plan as the engine applies it (docs/adr/0080-volume-engine.md; the thresholds and percents are
 * `RANKS` of server/db/reference.ts, which the plan's PDF prints):
 *
 * - the **paid-as rank** of a month: the highest rank whose PV, GV and first-line legs (counted by their own paid-as
 *   rank of the same month) the month meets;
 * - **PGV**: own PV plus the PGV of every first-line leg below the breakaway rank (director and up break away);
 * - the **bonus lines** of an active month (PV ≥ 25): personal (own PV at the rank's percent), differential (a
 *   non-breakaway leg's PGV at the difference of the two percents, when positive) and leadership (5 % of a breakaway
 *   leg's PGV, for a breakaway rank). A line's points are rounded half up to a hundredth of a point; its amount is
 *   those points at the point value, so the lines add up to the total exactly.
 */
import { ACTIVE_PV, BREAKAWAY_RANK_INDEX, POINT_VALUE_MINOR, RANKS, rankIndex } from '../../db/reference.ts';
import { mulDivRound, points, type Hundredths } from './points.ts';

/** Percent of a breakaway leg's PGV that a breakaway leader earns. */
export const LEADERSHIP_PERCENT = 5;
export const ACTIVE: Hundredths = points(ACTIVE_PV);
export const BREAKAWAY = BREAKAWAY_RANK_INDEX;
export const RANK_COUNT = RANKS.length;

/** First-line children of a member by their paid-as rank of the month (index = rank; index 0 is not counted). */
export type Legs = readonly number[];

export const noLegs = (): number[] => Array.from({ length: RANK_COUNT }, () => 0);

export const rankCode = (index: number): string => RANKS[index]?.code ?? RANKS[0]?.code ?? 'consultant';
export const rankOfCode = (code: string | null | undefined): number => Math.max(0, rankIndex(code ?? null));
export const percentOf = (rank: number): number => RANKS[rank]?.bonusPercent ?? 0;

const THRESHOLDS = RANKS.map((rank) => ({
  pv: points(rank.pv),
  gv: points(rank.gv),
  legs: rank.legs,
  legRank: rank.legRank === null ? 1 : Math.max(1, rankIndex(rank.legRank)),
}));

/** The paid-as rank (an index of `RANKS`) of a month with these figures. */
export function paidAsRank(pv: Hundredths, gv: Hundredths, legs: Legs): number {
  for (let rank = THRESHOLDS.length - 1; rank > 0; rank--) {
    const rule = THRESHOLDS[rank];
    if (rule === undefined || pv < rule.pv || gv < rule.gv) continue;
    let qualifying = 0;
    for (let k = rule.legRank; k < legs.length; k++) qualifying += legs[k] ?? 0;
    if (qualifying >= rule.legs) return rank;
  }
  return 0;
}

/** What a member's month adds to the sponsor's PGV: all of its PGV below the breakaway rank, nothing from it up. */
export const pgvToSponsor = (rank: number, pgv: Hundredths): Hundredths => (rank < BREAKAWAY ? pgv : 0);

export type LineKind = 'personal' | 'differential' | 'leadership';

/** A first-line leg as a bonus line needs it: its head, paid-as rank and PGV of the month. */
export interface LegFacts {
  memberId: number;
  rank: number;
  pgv: Hundredths;
}

export interface BonusLine {
  kind: LineKind;
  /** the leg's head; null for the personal line */
  memberId: number | null;
  /** 0 for the personal line, 1 for a first-line leg */
  level: number;
  base: Hundredths;
  percent: number;
  points: Hundredths;
  /** minor units of the currency */
  amount: number;
}

/** A line's points (rounded half up to a hundredth) and amount (those points at the point value). */
export function lineOf(
  kind: LineKind,
  memberId: number | null,
  base: Hundredths,
  percent: number,
): BonusLine {
  const linePoints = mulDivRound(base, percent, 100);
  return {
    kind,
    memberId,
    level: memberId === null ? 0 : 1,
    base,
    percent,
    points: linePoints,
    amount: mulDivRound(linePoints, POINT_VALUE_MINOR, 100),
  };
}

/**
 * The bonus lines of one member's month: own PV and paid-as rank, and the first-line legs (in the order they should
 * be listed). An inactive month earns nothing; a leg without positive PGV earns nothing (a clawback never makes a
 * negative bonus).
 */
export function bonusLines(pv: Hundredths, rank: number, legs: readonly LegFacts[]): BonusLine[] {
  if (pv < ACTIVE) return [];
  const own = percentOf(rank);
  const lines: BonusLine[] = [];
  if (own > 0) lines.push(lineOf('personal', null, pv, own));
  for (const leg of legs) {
    if (leg.pgv <= 0) continue;
    if (leg.rank < BREAKAWAY) {
      const difference = own - percentOf(leg.rank);
      if (difference > 0) lines.push(lineOf('differential', leg.memberId, leg.pgv, difference));
    } else if (rank >= BREAKAWAY) {
      lines.push(lineOf('leadership', leg.memberId, leg.pgv, LEADERSHIP_PERCENT));
    }
  }
  return lines;
}

export const totalOf = (lines: readonly BonusLine[]): number =>
  lines.reduce((sum, line) => sum + line.amount, 0);
