import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo } from 'react';
import { formatMoney, formatNumber, formatPoints } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { Skeleton, Spinner } from '../../ui/spinner.tsx';
import { formatMonth, monthLabelParts } from '../../i18n/business-format.ts';
import { QueryFailure } from '../../ui/query-failure.tsx';
import { chartModelOf, indexOfMax } from './chart-model.ts';
import { useClosedStats, type ClosedStats } from '../../data/business.ts';
import { ClosedStatsTable } from './closed-stats-table.tsx';
import { UPlotChart, type ColumnLabel, type UPlotSeries } from './uplot-chart.tsx';
import '../../ui/business.css';
import './charts.css';
import { failureKind } from '../../data/failure-kind.ts';

const COLORS = { gv: '#171717', pgv: '#1b6b3a', pv: '#8a4b00', bonus: '#3d5a80' } as const;

interface LegendEntry {
  color: string;
  label: string;
  dashed?: boolean;
}

function LegendItem({ color, label, dashed = false, bar }: LegendEntry & { bar: boolean }) {
  const variant = bar ? ' chart-legend__swatch--bar' : dashed ? ' chart-legend__swatch--dashed' : '';
  return (
    <li className="chart-legend__item">
      <span
        className={`chart-legend__swatch${variant}`}
        style={{ borderTopColor: color }}
        aria-hidden="true"
      />
      {label}
    </li>
  );
}

interface ChartCardProps {
  id: string;
  title: string;
  chart: 'group' | 'pv' | 'bonus';
  legend: LegendEntry[];
  labels: ColumnLabel[];
  series: UPlotSeries[];
  values: unknown;
  summary: string;
  formatExact: (value: number) => string;
}

function ChartCard({
  id,
  title,
  chart,
  legend,
  labels,
  series,
  values,
  summary,
  formatExact,
}: ChartCardProps) {
  const locale = useLocale();
  const compact = useCallback(
    (value: number) => formatNumber(value, locale, { notation: 'compact', maximumFractionDigits: 1 }),
    [locale],
  );
  const bars = series.some((entry) => entry.kind === 'bars');
  return (
    <figure className="dash-card chart-figure" aria-labelledby={id}>
      <figcaption id={id} className="dash-card__title">
        {title}
      </figcaption>
      <ul className="chart-legend">
        {legend.map((item) => (
          <LegendItem key={item.label} {...item} bar={bars} />
        ))}
      </ul>
      <div data-chart={chart} data-values={JSON.stringify(values)}>
        <UPlotChart
          name={chart}
          labels={labels}
          series={series}
          formatValue={compact}
          formatExact={formatExact}
          summary={summary}
        />
      </div>
    </figure>
  );
}

function Charts({ stats }: { stats: ClosedStats }) {
  const { t } = useLingui();
  const locale = useLocale();
  const model = useMemo(() => chartModelOf(stats), [stats]);
  const labels = useMemo<ColumnLabel[]>(
    () =>
      model.months.map((month, index) => {
        const parts = monthLabelParts(month, locale);
        return {
          month: parts.month,
          year: index === 0 || month.endsWith('-01') ? parts.year : null,
          long: formatMonth(month, locale),
        };
      }),
    [model, locale],
  );
  const names = {
    gv: t`Group volume (GV)`,
    pgv: t`Personal group volume (PGV)`,
    pv: t`Personal volume (PV)`,
  };
  const groupSeries = useMemo<UPlotSeries[]>(
    () => [
      { label: 'GV', values: model.group[0]?.values ?? [], color: COLORS.gv, kind: 'line' },
      { label: 'PGV', values: model.group[1]?.values ?? [], color: COLORS.pgv, kind: 'line', dash: [6, 4] },
    ],
    [model],
  );
  const pvSeries = useMemo<UPlotSeries[]>(
    () => [{ label: 'PV', values: model.pv.values, color: COLORS.pv, kind: 'bars' }],
    [model],
  );
  const bonusLabel = t`Bonus`;
  const bonusSeries = useMemo<UPlotSeries[]>(
    () => [{ label: bonusLabel, values: model.bonus.values, color: COLORS.bonus, kind: 'bars' }],
    [model, bonusLabel],
  );
  const exactPoints = useCallback((value: number) => formatPoints(value, locale), [locale]);
  const exactMoney = useCallback(
    (value: number) => formatMoney(Math.round(value * 100), stats.currency, locale),
    [stats.currency, locale],
  );

  const currency = stats.currency;
  const first = formatMonth(model.months[0] ?? '', locale);
  const last = formatMonth(model.months[model.months.length - 1] ?? '', locale);
  const gvValues = model.group[0]?.values ?? [];
  const gvTop = indexOfMax(gvValues);
  const gvTopMonth = formatMonth(model.months[gvTop] ?? '', locale);
  const gvTopValue = formatPoints(gvValues[gvTop] ?? 0, locale);
  const pvTop = indexOfMax(model.pv.values);
  const pvTopMonth = formatMonth(model.months[pvTop] ?? '', locale);
  const pvTopValue = formatPoints(model.pv.values[pvTop] ?? 0, locale);
  const bonusTop = indexOfMax(model.bonus.values);
  const bonusTopMonth = formatMonth(model.months[bonusTop] ?? '', locale);
  const bonusTopValue = formatMoney(stats.months[bonusTop]?.bonus ?? 0, stats.currency, locale);
  const hint = t`Use the arrow keys for each month's figures; every figure is also in the table below.`;
  const groupSummary = t`Line chart of GV and PGV per month from ${first} to ${last}. Highest GV: ${gvTopValue} in ${gvTopMonth}.`;
  const pvSummary = t`Bar chart of PV per month from ${first} to ${last}. Highest PV: ${pvTopValue} in ${pvTopMonth}.`;
  const bonusSummary = t`Bar chart of the bonus per month from ${first} to ${last}. Highest bonus: ${bonusTopValue} in ${bonusTopMonth}.`;

  return (
    <div className="charts">
      <ChartCard
        id="chart-group-title"
        title={t`Group volumes`}
        chart="group"
        legend={[
          { color: COLORS.gv, label: names.gv },
          { color: COLORS.pgv, label: names.pgv, dashed: true },
        ]}
        labels={labels}
        series={groupSeries}
        values={model.group}
        summary={`${groupSummary} ${hint}`}
        formatExact={exactPoints}
      />
      <ChartCard
        id="chart-pv-title"
        title={t`Personal volume`}
        chart="pv"
        legend={[{ color: COLORS.pv, label: names.pv }]}
        labels={labels}
        series={pvSeries}
        values={model.pv.values}
        summary={`${pvSummary} ${hint}`}
        formatExact={exactPoints}
      />
      <ChartCard
        id="chart-bonus-title"
        title={t`Bonuses, ${currency}`}
        chart="bonus"
        legend={[{ color: COLORS.bonus, label: t`Bonus for the month, ${currency}` }]}
        labels={labels}
        series={bonusSeries}
        values={model.bonus.values}
        summary={`${bonusSummary} ${hint}`}
        formatExact={exactMoney}
      />
      <div className="dash-card chart-table">
        <ClosedStatsTable stats={stats} />
      </div>
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
  else if (stats.isError)
    body = <QueryFailure kind={failureKind(stats.error)} onRetry={() => void stats.refetch()} />;
  else body = <Charts stats={stats.data} />;
  return (
    <>
      <PageHeader title={t`Charts`} subtitle={t`Last 6 months`} />
      {body}
    </>
  );
}
