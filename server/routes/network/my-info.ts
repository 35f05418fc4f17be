/** The dashboard's figures: `getMyInfo`, `getMyTarget`, `getClosedStats`. */
import type { Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { Handler } from '../../contract/types.ts';
import type { DB } from '../../db/schema.ts';
import { childStats, loadNodes } from '../../domain/network/nodes.ts';
import { currentPeriod, monthKey, monthStart } from '../../domain/network/period.ts';
import { QUALIFICATION_CODES, QUALIFICATION_NAMES } from '../../domain/network/qualifications.ts';
import {
  ACTIVE_PV,
  ladderIndex,
  nextRankOf,
  rankAt,
  requirementsOf,
  toApiRank,
} from '../../domain/network/ranks.ts';
import { notFound } from '../../http/errors.ts';
import { loadCaller } from './caller.ts';

type MyInfo = components['schemas']['MyInfo'];
type MyTarget = components['schemas']['MyTarget'];
type ClosedStats = components['schemas']['ClosedStats'];

/** Months the dashboard looks back: 11 closed ones for 'for 11 months', up to 12 listed. */
const BONUS_MONTHS = 11;
const CLOSED_LISTED = 12;
const CHART_MONTHS = 6;

async function volumeRows(db: Kysely<DB>, userId: number, from: string, to: string) {
  return db
    .selectFrom('monthly_volumes')
    .where('user_id', '=', userId)
    .where('month', '>=', from)
    .where('month', '<=', to)
    .select(['month', 'pv', 'gv', 'cgv', 'pgv', 'bonus', 'closed'])
    .orderBy('month', 'desc')
    .execute();
}

export const getMyInfo: Handler<'getMyInfo'> = async ({ db, user, config }) => {
  const now = new Date();
  const period = currentPeriod(now);
  const caller = await loadCaller(db, user.userId);
  const [nodes, rows] = await Promise.all([
    loadNodes(db, [caller.id], { periodStart: period.start, rootDepth: caller.depth }),
    volumeRows(db, caller.id, monthStart(now, -CLOSED_LISTED), period.start),
  ]);
  const node = nodes.get(caller.id);
  if (node === undefined) throw notFound();
  const current = rows.find((row) => row.month === period.start);
  const closed = rows.filter((row) => row.closed && row.month < period.start).slice(0, CLOSED_LISTED);
  const bonusFrom = monthStart(now, -BONUS_MONTHS);
  const achieved = new Set(node.qualifications);
  const pv = node.volumes.pv;
  return {
    rank: node.rank,
    prn: node.prn,
    signingDate: node.signingDate,
    qualifications: QUALIFICATION_CODES.map((code) => ({
      code,
      name: QUALIFICATION_NAMES[code],
      achieved: achieved.has(code),
    })),
    period,
    volumes: node.volumes,
    isActive: pv >= ACTIVE_PV,
    isQualified: achieved.has('qualified'),
    pickupThresholds: { pvPositive: pv > 0, pvAtLeast25: pv >= ACTIVE_PV, minPv: ACTIVE_PV },
    bonuses: {
      currentMonth: current?.bonus ?? 0,
      last11Months: closed.filter((row) => row.month >= bonusFrom).reduce((sum, row) => sum + row.bonus, 0),
      currency: config.currency,
    },
    closedMonths: closed.map((row) => ({
      month: monthKey(row.month),
      pv: row.pv,
      gv: row.gv,
      bonus: row.bonus,
    })),
  } satisfies MyInfo;
};

export const getMyTarget: Handler<'getMyTarget'> = async ({ db, user }) => {
  const period = currentPeriod(new Date());
  const caller = await loadCaller(db, user.userId);
  const next = nextRankOf(caller.rank);
  const currentRank = toApiRank(rankAt(ladderIndex(caller.rank))?.code);
  if (next === null) return { currentRank, nextRank: null, requirements: [] } satisfies MyTarget;
  const [own, stats] = await Promise.all([
    db
      .selectFrom('monthly_volumes')
      .where('user_id', '=', caller.id)
      .where('month', '=', period.start)
      .select(['pv', 'gv'])
      .executeTakeFirst(),
    childStats(db, { ids: [caller.id] }, period.start),
  ]);
  const requirements = requirementsOf(next, {
    pv: own?.pv ?? 0,
    gv: own?.gv ?? 0,
    legRanks: stats.get(caller.id)?.legRanks ?? new Map(),
  });
  return { currentRank, nextRank: toApiRank(next.code), requirements } satisfies MyTarget;
};

export const getClosedStats: Handler<'getClosedStats'> = async ({ db, user, config }) => {
  const now = new Date();
  const months = Array.from({ length: CHART_MONTHS }, (_, i) => monthStart(now, i - CHART_MONTHS));
  const first = months[0] ?? monthStart(now, -CHART_MONTHS);
  const rows = await volumeRows(db, user.userId, first, monthStart(now, -1));
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    months: months.map((month) => {
      const row = byMonth.get(month);
      return {
        month: monthKey(month),
        pv: row?.pv ?? 0,
        gv: row?.gv ?? 0,
        cgv: row?.cgv ?? 0,
        pgv: row?.pgv ?? 0,
        bonus: row?.bonus ?? 0,
      };
    }),
    currency: config.currency,
  } satisfies ClosedStats;
};
