/**
 * The incremental roll-up (docs/adr/0080-volume-engine.md), pure: given one month's rows of every member a batch of
 * credits touches (the buyers and every sponsor up their paths) and the points each buyer gains or loses, the new
 * rows. Only those members' figures can change: a member's GV moves with its subtree, its PGV with its own PV and
 * its legs' PGV below the breakaway rank, its paid-as rank with its PV, GV and its legs' ranks, and the leg counts
 * of its sponsor with its rank. Members are visited deepest first, so a leg's new figures are known before its
 * sponsor's: the cost is the number of members touched, whatever the size of the network.
 */
import { paidAsRank, pgvToSponsor, type Legs } from './plan.ts';
import type { Hundredths } from './points.ts';

/** One member's figures of one month. */
export interface MonthFigures {
  pv: Hundredths;
  gv: Hundredths;
  pgv: Hundredths;
  /** GV added up month after month, this one included */
  cgv: Hundredths;
  /** paid-as rank (index of `RANKS`) */
  rank: number;
  /** first-line children by paid-as rank */
  legs: Legs;
}

export interface TreeNode {
  id: number;
  /** the sponsor; null at a root */
  parentId: number | null;
  depth: number;
}

export const zeroFigures = (cgv: Hundredths, legs: Legs): MonthFigures => ({
  pv: 0,
  gv: 0,
  pgv: 0,
  cgv,
  rank: paidAsRank(0, 0, legs),
  legs,
});

interface FromLegs {
  gv: Hundredths;
  pgv: Hundredths;
  legs: number[] | null;
}

/**
 * Applies `deltas` (buyer → points gained, negative for a reversal) to `rows`. `nodes` holds every member of `rows`
 * with its sponsor; every sponsor of a node with a delta must be in `nodes` too (a path is loaded whole). Answers
 * the rows that changed, new values only.
 */
export function rollUp(
  rows: ReadonlyMap<number, MonthFigures>,
  nodes: ReadonlyMap<number, TreeNode>,
  deltas: ReadonlyMap<number, Hundredths>,
): Map<number, MonthFigures> {
  const order = [...nodes.values()].sort((a, b) => b.depth - a.depth || a.id - b.id);
  const fromLegs = new Map<number, FromLegs>();
  const changed = new Map<number, MonthFigures>();
  for (const node of order) {
    const before = rows.get(node.id);
    if (before === undefined) throw new Error(`no row for member ${node.id}`);
    const delta = deltas.get(node.id) ?? 0;
    const below = fromLegs.get(node.id);
    if (delta === 0 && below === undefined) continue;
    const pv = before.pv + delta;
    const gv = before.gv + delta + (below?.gv ?? 0);
    const pgv = before.pgv + delta + (below?.pgv ?? 0);
    const legs = below?.legs ?? before.legs;
    const after: MonthFigures = {
      pv,
      gv,
      pgv,
      cgv: before.cgv + (gv - before.gv),
      rank: paidAsRank(pv, gv, legs),
      legs,
    };
    if (sameFigures(before, after)) continue;
    changed.set(node.id, after);
    if (node.parentId === null) continue;
    const parent = nodes.get(node.parentId);
    if (parent === undefined) continue;
    const up = fromLegs.get(parent.id) ?? { gv: 0, pgv: 0, legs: null };
    up.gv += after.gv - before.gv;
    up.pgv += pgvToSponsor(after.rank, after.pgv) - pgvToSponsor(before.rank, before.pgv);
    if (after.rank !== before.rank) {
      const parentRow = rows.get(parent.id);
      if (parentRow === undefined) throw new Error(`no row for member ${parent.id}`);
      up.legs ??= [...parentRow.legs];
      if (before.rank > 0) up.legs[before.rank] = (up.legs[before.rank] ?? 0) - 1;
      if (after.rank > 0) up.legs[after.rank] = (up.legs[after.rank] ?? 0) + 1;
    }
    fromLegs.set(parent.id, up);
  }
  return changed;
}

function sameFigures(a: MonthFigures, b: MonthFigures): boolean {
  return (
    a.pv === b.pv &&
    a.gv === b.gv &&
    a.pgv === b.pgv &&
    a.cgv === b.cgv &&
    a.rank === b.rank &&
    a.legs.every((count, rank) => count === b.legs[rank])
  );
}

/** The members of materialised paths (`'1.17.35.'`, ADR 0031) as tree nodes: each path's ids, root first. */
export function nodesOfPaths(paths: Iterable<string>): Map<number, TreeNode> {
  const nodes = new Map<number, TreeNode>();
  for (const path of paths) {
    const ids = pathIds(path);
    ids.forEach((id, depth) => {
      if (!nodes.has(id))
        nodes.set(id, { id, parentId: depth === 0 ? null : (ids[depth - 1] ?? null), depth });
    });
  }
  return nodes;
}

/** The ids of a materialised path, root first. */
export function pathIds(path: string): number[] {
  const ids: number[] = [];
  for (const part of path.split('.')) {
    if (part === '') continue;
    const id = Number(part);
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`bad path ${path}`);
    ids.push(id);
  }
  return ids;
}
