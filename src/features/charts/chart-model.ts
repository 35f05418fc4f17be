import type { ClosedStats } from '../../data/business.ts';

/** One plotted line or bar series: values in display units (points; money in major units). */
export interface ChartSeries {
  key: 'pv' | 'gv' | 'pgv' | 'bonus';
  values: number[];
}

export interface ChartModel {
  /** `YYYY-MM` of each column, oldest first. */
  months: string[];
  volumes: ChartSeries[];
  bonus: ChartSeries;
}

/**
 * What the charts plot from `GET /users/reports/closed-stats`: PV, GV and PGV (points) and the bonus (minor units
 * divided by 100). CGV, a running total since signing, dwarfs the monthly figures and is left to the table.
 */
export function chartModelOf(stats: ClosedStats): ChartModel {
  const months = stats.months.map((month) => month.month);
  return {
    months,
    volumes: [
      { key: 'gv', values: stats.months.map((month) => month.gv) },
      { key: 'pgv', values: stats.months.map((month) => month.pgv) },
      { key: 'pv', values: stats.months.map((month) => month.pv) },
    ],
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
