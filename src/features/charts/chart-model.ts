import type { ClosedStats } from '../../data/business.ts';

/** One plotted line or bar series: values in display units (points; money in major units). */
export interface ChartSeries {
  key: 'pv' | 'gv' | 'pgv' | 'bonus';
  values: number[];
}

export interface ChartModel {
  /** `YYYY-MM` of each column, oldest first. */
  months: string[];
  /** GV and PGV, which share a scale. */
  group: ChartSeries[];
  /** PV alone: a few hundred points beside GV's tens of thousands would be a flat line on a shared axis. */
  pv: ChartSeries;
  bonus: ChartSeries;
}

/**
 * What the charts plot from `GET /users/reports/closed-stats`: GV and PGV (points), PV (points) on its own chart, and
 * the bonus (minor units divided by 100). CGV, a running total since signing, dwarfs the monthly figures and is left
 * to the table.
 */
export function chartModelOf(stats: ClosedStats): ChartModel {
  const months = stats.months.map((month) => month.month);
  return {
    months,
    group: [
      { key: 'gv', values: stats.months.map((month) => month.gv) },
      { key: 'pgv', values: stats.months.map((month) => month.pgv) },
    ],
    pv: { key: 'pv', values: stats.months.map((month) => month.pv) },
    bonus: { key: 'bonus', values: stats.months.map((month) => month.bonus / 100) },
  };
}

/** The index of the largest value (the first one on a tie), or -1 for an empty list. */
export function indexOfMax(values: readonly number[]): number {
  let best = -1;
  values.forEach((value, index) => {
    if (best === -1 || value > (values[best] ?? -Infinity)) best = index;
  });
  return best;
}

/** Show every n-th column label so that labels `needed` pixels wide fit columns `slot` pixels apart. */
export function thinningStep(needed: number, slot: number): number {
  if (!(slot > 0) || !Number.isFinite(needed)) return 1;
  return Math.max(1, Math.ceil(needed / slot));
}
