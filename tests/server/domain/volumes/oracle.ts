/**
 * The volumes recomputed from scratch, for the engine's tests: from nothing but the tree and the ledger's entries
 * (month, buyer, points), every member's PV, GV, PGV, CGV, paid-as rank and leg counts of every month, by a plain
 * bottom-up pass over the whole tree per month. It shares the plan's rules (`paidAsRank`, `pgvToSponsor`) with the
 * engine and nothing else: no row, no delta, no path walk.
 */
import { noLegs, paidAsRank, pgvToSponsor } from '#server/domain/volumes/plan.ts';
import type { MonthFigures } from '#server/domain/volumes/rollup.ts';

export interface OracleEntry {
  month: string;
  buyer: number;
  /** hundredths */
  points: number;
}

/** `sponsors`: member → sponsor (null at a root). Answers month → member → figures, for every member and month. */
export function recompute(
  sponsors: ReadonlyMap<number, number | null>,
  entries: readonly OracleEntry[],
): Map<string, Map<number, MonthFigures>> {
  const children = new Map<number, number[]>();
  const depth = new Map<number, number>();
  const depthOf = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    const sponsor = sponsors.get(id) ?? null;
    const value = sponsor === null ? 0 : depthOf(sponsor) + 1;
    depth.set(id, value);
    return value;
  };
  for (const [id, sponsor] of sponsors) {
    depthOf(id);
    if (sponsor !== null) children.set(sponsor, [...(children.get(sponsor) ?? []), id]);
  }
  const bottomUp = [...sponsors.keys()].sort((a, b) => (depth.get(b) ?? 0) - (depth.get(a) ?? 0) || a - b);
  const months = [...new Set(entries.map((entry) => entry.month))].sort();
  const out = new Map<string, Map<number, MonthFigures>>();
  const cgv = new Map<number, number>();
  for (const month of months) {
    const pv = new Map<number, number>();
    for (const entry of entries)
      if (entry.month === month) pv.set(entry.buyer, (pv.get(entry.buyer) ?? 0) + entry.points);
    const figures = new Map<number, MonthFigures>();
    for (const id of bottomUp) {
      const own = pv.get(id) ?? 0;
      let gv = own;
      let pgv = own;
      const legs = noLegs();
      for (const child of children.get(id) ?? []) {
        const row = figures.get(child);
        if (row === undefined) continue;
        gv += row.gv;
        pgv += pgvToSponsor(row.rank, row.pgv);
        if (row.rank > 0) legs[row.rank] = (legs[row.rank] ?? 0) + 1;
      }
      const cumulative = (cgv.get(id) ?? 0) + gv;
      cgv.set(id, cumulative);
      figures.set(id, { pv: own, gv, pgv, cgv: cumulative, rank: paidAsRank(own, gv, legs), legs });
    }
    out.set(month, figures);
  }
  return out;
}
