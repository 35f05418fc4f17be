/**
 * Network records (`NetworkNode`) in a fixed number of queries whatever the number of records: the users with the
 * period's volumes, one grouped query over their children (count, recruits, active children, early recruits and
 * legs by paid-as rank) and their Qualification 2025 stages. No query per node.
 *
 * Two shapes of the same queries: for a page (`loadNodes`, a list of ids: index look-ups) and for a whole downline
 * (`downlineFacts`, used by the export: one hash join each instead of thousands of look-ups).
 */
import { sql, type Kysely } from 'kysely';
import type { components } from '#openapi/schema.d.ts';
import type { DB } from '../../db/schema.ts';
import { monthStart, monthsBetween } from './period.ts';
import { achievedQualifications, FAST_START_MONTHS, Q2025_PREFIX } from './qualifications.ts';
import { ACTIVE_PV, ladderIndex, meetsRank, rankAt, toApiRank } from './ranks.ts';

export type NetworkNode = components['schemas']['NetworkNode'];

export type NodeScope = {
  /** first day of the period's month */
  periodStart: string;
  /** depth of the caller (levels are counted from there) */
  rootDepth: number;
};

/** Whose facts to read: a list of ids, or everyone whose path matches a `LIKE` pattern (a downline). */
export type NodeSet = { ids: readonly number[] } | { pathLike: string };

export type ChildStats = {
  children: number;
  recruits: number;
  activeChildren: number;
  earlyRecruits: number;
  legRanks: Map<string, number>;
};

export type UserFacts = {
  id: number;
  full_name: string;
  email: string;
  phone: string | null;
  signing_date: string | null;
  rank: string | null;
  prn: string | null;
  depth: number;
  sponsor_id: number | null;
};

export type VolumeFacts = { pv: number; gv: number; cgv: number; pgv: number };

const emptyStats = (): ChildStats => ({
  children: 0,
  recruits: 0,
  activeChildren: 0,
  earlyRecruits: 0,
  legRanks: new Map(),
});

/** Children figures per sponsor of the set (sponsors without children are absent). */
export async function childStats(
  db: Kysely<DB>,
  set: NodeSet,
  periodStart: string,
): Promise<Map<number, ChildStats>> {
  let query = db
    .selectFrom('users as c')
    .innerJoin('users as p', 'p.id', 'c.sponsor_id')
    .leftJoin('monthly_volumes as cmv', (join) =>
      join.onRef('cmv.user_id', '=', 'c.id').on('cmv.month', '=', periodStart),
    );
  query =
    'ids' in set ? query.where('c.sponsor_id', 'in', set.ids) : query.where('p.path', 'like', set.pathLike);
  const rows = await query
    .groupBy(['c.sponsor_id', 'cmv.rank'])
    .select((eb) => [
      'c.sponsor_id as sponsorId',
      'cmv.rank as legRank',
      eb.fn.countAll<number>().as('children'),
      eb.fn.countAll<number>().filterWhere('c.signing_date', '>=', periodStart).as('recruits'),
      eb.fn.countAll<number>().filterWhere('cmv.pv', '>=', ACTIVE_PV).as('activeChildren'),
      eb.fn
        .countAll<number>()
        .filterWhere(
          sql<boolean>`${sql.ref('c.signing_date')} < ${sql.ref('p.signing_date')} + make_interval(months => ${sql.lit(FAST_START_MONTHS)})`,
        )
        .as('earlyRecruits'),
    ])
    .execute();
  const out = new Map<number, ChildStats>();
  for (const row of rows) {
    if (row.sponsorId === null) continue;
    const stats = out.get(row.sponsorId) ?? emptyStats();
    stats.children += row.children;
    stats.recruits += row.recruits;
    stats.activeChildren += row.activeChildren;
    stats.earlyRecruits += row.earlyRecruits;
    if (row.legRank !== null)
      stats.legRanks.set(row.legRank, (stats.legRanks.get(row.legRank) ?? 0) + row.children);
    out.set(row.sponsorId, stats);
  }
  return out;
}

/** Ids of the set holding a Qualification 2025 stage. */
export async function q2025Holders(db: Kysely<DB>, set: NodeSet): Promise<Set<number>> {
  let query = db
    .selectFrom('qualifications as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .where('q.code', 'like', `${Q2025_PREFIX}%`);
  query =
    'ids' in set ? query.where('q.user_id', 'in', set.ids) : query.where('u.path', 'like', set.pathLike);
  const rows = await query.select('q.user_id').distinct().execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The period's volumes of everyone in a downline (one row per member with a volume row). */
export async function downlineVolumes(
  db: Kysely<DB>,
  pathLike: string,
  periodStart: string,
): Promise<Map<number, VolumeFacts>> {
  const rows = await db
    .selectFrom('monthly_volumes as mv')
    .innerJoin('users as u', 'u.id', 'mv.user_id')
    .where('mv.month', '=', periodStart)
    .where('u.path', 'like', pathLike)
    .select(['mv.user_id', 'mv.pv', 'mv.gv', 'mv.cgv', 'mv.pgv'])
    .execute();
  return new Map(rows.map((row) => [row.user_id, { pv: row.pv, gv: row.gv, cgv: row.cgv, pgv: row.pgv }]));
}

/** The distributors among `ids` (users and staff are left out). */
export function usersByIds(db: Kysely<DB>, ids: readonly number[]): Promise<UserFacts[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .where('id', 'in', ids)
    .where('is_partner', '=', true)
    .select(['id', 'full_name', 'email', 'phone', 'signing_date', 'rank', 'prn', 'depth', 'sponsor_id'])
    .execute();
}

/** One record from its facts (pure). */
export function buildNode(
  user: UserFacts,
  volumes: VolumeFacts | undefined,
  stats: ChildStats | undefined,
  hasQ2025: boolean,
  scope: NodeScope,
): NetworkNode {
  const child = stats ?? emptyStats();
  const pv = volumes?.pv ?? 0;
  const gv = volumes?.gv ?? 0;
  const signingDate = user.signing_date ?? scope.periodStart;
  const sinceSigning = monthsBetween(monthStart(new Date(`${signingDate}T00:00:00Z`)), scope.periodStart);
  const rank = rankAt(ladderIndex(user.rank));
  return {
    id: user.id,
    fullName: user.full_name,
    email: user.email,
    phone: user.phone,
    signingDate,
    rank: toApiRank(user.rank),
    prn: user.prn ?? '',
    volumes: { pv, gv, cgv: volumes?.cgv ?? 0, pgv: volumes?.pgv ?? 0 },
    qualifications: achievedQualifications({
      pv,
      gv,
      meetsRank: rank !== undefined && meetsRank(rank, { pv, gv, legRanks: child.legRanks }),
      isNew: sinceSigning >= 0 && sinceSigning < FAST_START_MONTHS,
      earlyRecruits: child.earlyRecruits,
      activeChildren: child.activeChildren,
      hasQ2025,
    }),
    recruits: child.recruits,
    childrenCount: child.children,
    level: Math.max(0, user.depth - scope.rootDepth),
    sponsorId: user.sponsor_id,
  };
}

/** Builds the records of `ids` (missing or non-distributor ids are left out); the map keeps no order. */
export async function loadNodes(
  db: Kysely<DB>,
  ids: readonly number[],
  scope: NodeScope,
): Promise<Map<number, NetworkNode>> {
  const nodes = new Map<number, NetworkNode>();
  if (ids.length === 0) return nodes;
  const set = { ids: [...new Set(ids)] };
  const [users, volumes, stats, q2025] = await Promise.all([
    usersByIds(db, set.ids),
    db
      .selectFrom('monthly_volumes')
      .where('user_id', 'in', set.ids)
      .where('month', '=', scope.periodStart)
      .select(['user_id', 'pv', 'gv', 'cgv', 'pgv'])
      .execute(),
    childStats(db, set, scope.periodStart),
    q2025Holders(db, set),
  ]);
  const volumesById = new Map(volumes.map((row) => [row.user_id, row]));
  for (const user of users) {
    nodes.set(
      user.id,
      buildNode(user, volumesById.get(user.id), stats.get(user.id), q2025.has(user.id), scope),
    );
  }
  return nodes;
}

/** `loadNodes` in the order of `ids`. */
export async function loadNodeList(
  db: Kysely<DB>,
  ids: readonly number[],
  scope: NodeScope,
): Promise<NetworkNode[]> {
  const nodes = await loadNodes(db, ids, scope);
  return ids.flatMap((id) => {
    const node = nodes.get(id);
    return node === undefined ? [] : [node];
  });
}
