import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { formatMonth } from '../../i18n/business-format.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { chartModelOf, indexOfMax } from './chart-model.ts';
import { useClosedStats, type ClosedStats } from '../../data/business.ts';
import { ClosedStatsTable } from './closed-stats-table.tsx';
import { UPlotChart, type UPlotSeries } from './uplot-chart.tsx';
import '../../ui/business.css';
import './charts.css';

const COLORS = { gv: '#171717', pgv: '#1b6b3a', pv: '#8a4b00', bonus: '#3d5a80' } as const;

function LegendItem({ color, label, dashed = false }: { color: string; label: string; dashed?: boolean }) {
  return (
    <li className="chart-legend__item">
      <span
        className={`chart-legend__swatch${dashed ? ' chart-legend__swatch--dashed' : ''}`}
        style={{ borderTopColor: color }}
        aria-hidden="true"
      />
      {label}
    </li>
  );
}

function Charts({ stats }: { stats: ClosedStats }) {
  const { t } = useLingui();
  const locale = useLocale();
  const model = useMemo(() => chartModelOf(stats), [stats]);
  const labels = useMemo(
    () => model.months.map((month) => formatMonth(month, locale, 'short')),
    [model, locale],
  );
  const compact = useCallback(
    (value: number) => formatNumber(value, locale, { notation: 'compact', maximumFractionDigits: 1 }),
    [locale],
  );
  const names = {
    gv: t`Group volume (GV)`,
    pgv: t`Personal group volume (PGV)`,
    pv: t`Personal volume (PV, right axis)`,
  };
  const volumeSeries = useMemo<UPlotSeries[]>(
    () =>
      model.volumes.map((series) => ({
        label: series.key.toUpperCase(),
        values: series.values,
        color: COLORS[series.key],
        kind: 'line',
        ...(series.key === 'pv' ? { scale: 'y2' as const, dash: [6, 4] } : {}),
      })),
    [model],
  );
  const bonusSeries = useMemo<UPlotSeries[]>(
    () => [{ label: 'bonus', values: model.bonus.values, color: COLORS.bonus, kind: 'bars' }],
    [model],
  );

  const currency = stats.currency;
  const first = formatMonth(model.months[0] ?? '', locale);
  const last = formatMonth(model.months[model.months.length - 1] ?? '', locale);
  const gvValues = model.volumes.find((series) => series.key === 'gv')?.values ?? [];
  const gvTop = indexOfMax(gvValues);
  const gvTopMonth = formatMonth(model.months[gvTop] ?? '', locale);
  const gvTopValue = formatPoints(gvValues[gvTop] ?? 0, locale);
  const bonusTop = indexOfMax(model.bonus.values);
  const bonusTopMonth = formatMonth(model.months[bonusTop] ?? '', locale);
  const bonusTopValue = formatMoney(stats.months[bonusTop]?.bonus ?? 0, stats.currency, locale);
  const volumesSummary = t`Line chart of GV, PGV and PV per month from ${first} to ${last}. Highest GV: ${gvTopValue} in ${gvTopMonth}. Every figure is in the table below.`;
  const bonusSummary = t`Bar chart of the bonus per month from ${first} to ${last}. Highest bonus: ${bonusTopValue} in ${bonusTopMonth}. Every figure is in the table below.`;

  return (
    <div className="charts">
      <figure className="dash-card chart-figure" aria-labelledby="chart-volumes-title">
        <figcaption id="chart-volumes-title" className="dash-card__title">
          {t`Volumes`}
        </figcaption>
        <ul className="chart-legend">
          <LegendItem color={COLORS.gv} label={names.gv} />
          <LegendItem color={COLORS.pgv} label={names.pgv} />
          <LegendItem color={COLORS.pv} label={names.pv} dashed />
        </ul>
        <div
          role="img"
          aria-label={volumesSummary}
          data-chart="volumes"
          data-values={JSON.stringify(model.volumes)}
        >
          <UPlotChart labels={labels} series={volumeSeries} formatValue={compact} />
        </div>
      </figure>
      <figure className="dash-card chart-figure" aria-labelledby="chart-bonus-title">
        <figcaption id="chart-bonus-title" className="dash-card__title">
          {t`Bonuses, ${currency}`}
        </figcaption>
        <div
          role="img"
          aria-label={bonusSummary}
          data-chart="bonus"
          data-values={JSON.stringify(model.bonus.values)}
        >
          <UPlotChart labels={labels} series={bonusSeries} formatValue={compact} />
        </div>
      </figure>
      <section className="dash-card chart-table" aria-labelledby="closed-stats-caption">
        <ClosedStatsTable stats={stats} />
      </section>
    </div>
  );
}

/** `/charts`: the last 6 closed months (`GET /users/reports/closed-stats`) as charts and as a table. */
export default function ChartsPage() {
  const { t } = useLingui();
  const stats = useClosedStats();
  let body;
  if (stats.isPending)
    body = (
      <div className="charts" aria-busy="true">
        <Spinner label={t`Loading the charts…`} />
        <div className="dash-card">
          <Skeleton lines={6} />
        </div>
        <div className="dash-card">
          <Skeleton lines={6} />
        </div>
      </div>
    );
  else if (stats.isError) body = <QueryFailure onRetry={() => void stats.refetch()} />;
  else body = <Charts stats={stats.data} />;
  return (
    <>
      <PageHeader title={t`Charts`} subtitle={t`Last 6 months`} />
      {body}
    </>
  );
}
