import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { thinningStep } from './chart-model.ts';

export interface UPlotSeries {
  label: string;
  values: number[];
  color: string;
  kind: 'line' | 'bars';
  dash?: number[];
}

/** One column's x-axis label: the short month, and the year under it when it starts or changes. */
export interface ColumnLabel {
  month: string;
  year: string | null;
  /** The full name of the column, said in the tooltip ("May 2026"). */
  long: string;
}

export interface UPlotChartProps {
  labels: ColumnLabel[];
  series: UPlotSeries[];
  /** Formats a value of the y axis (compact). */
  formatValue: (value: number) => string;
  /** Formats a value in the tooltip (exact). */
  formatExact: (value: number) => string;
  /** The accessible summary of the whole picture. */
  summary: string;
  name: string;
  height?: number;
}

/** The month under the cursor and its x position in the plot, in CSS pixels. */
interface CursorPoint {
  index: number;
  left: number;
}

const AXIS_STROKE = '#626060';
const GRID_STROKE = '#e6e3e0';
/** The brand's body face, also in the canvas (the axis values). */
const AXIS_FONT = '12px "Open Sans", system-ui, -apple-system, "Segoe UI", Arial, sans-serif';
/** Smallest gap between two month labels, in CSS pixels. */
const LABEL_GAP = 8;

function optionsFor(props: UPlotChartProps, width: number, onCursor: (point: CursorPoint | null) => void) {
  const { labels, series, formatValue, height } = props;
  const bars = uPlot.paths.bars?.({ size: [0.55, 56], gap: 4 });
  const axisValues = (_: uPlot, splits: number[]) => splits.map((value) => formatValue(value));
  const options: uPlot.Options = {
    width,
    height: height ?? 240,
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { size: 9 } },
    scales: {
      x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_, __, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      // The month labels are HTML under the canvas (thinned to fit): this axis keeps only the room for them.
      {
        stroke: AXIS_STROKE,
        grid: { show: false },
        ticks: { show: false },
        splits: () => labels.map((_, index) => index),
        values: (_, splits) => splits.map(() => ''),
        size: 8,
      },
      { stroke: AXIS_STROKE, font: AXIS_FONT, grid: { stroke: GRID_STROKE }, values: axisValues, size: 64 },
    ],
    series: [
      {},
      ...series.map((entry) => ({
        label: entry.label,
        stroke: entry.color,
        width: 2,
        ...(entry.dash === undefined ? {} : { dash: entry.dash }),
        ...(entry.kind === 'bars' && bars !== undefined
          ? { paths: bars, fill: entry.color, points: { show: false } }
          : { points: { size: 7, fill: entry.color } }),
      })),
    ],
    hooks: {
      setCursor: [
        (chart: uPlot) => {
          const index = chart.cursor.idx;
          onCursor(
            index === null || index === undefined ? null : { index, left: chart.valToPos(index, 'x') },
          );
        },
      ],
    },
  };
  return options;
}

/** Places the month labels under their columns and shows every `step`-th one so that none overlap. */
function layoutLabels(chart: uPlot, axis: HTMLElement) {
  const items = [...axis.children] as HTMLElement[];
  const offset = chart.over.offsetLeft;
  items.forEach((item, index) => {
    item.hidden = false;
    item.style.left = `${offset + chart.valToPos(index, 'x')}px`;
  });
  const widest = Math.max(0, ...items.map((item) => item.getBoundingClientRect().width));
  const slot = items.length > 1 ? chart.valToPos(1, 'x') - chart.valToPos(0, 'x') : Infinity;
  const step = thinningStep(widest + LABEL_GAP, slot);
  items.forEach((item, index) => {
    item.hidden = index % step !== 0;
  });
}

/**
 * A uPlot canvas chart that follows its container's width. The month labels are HTML (thinned so they never
 * overlap); hovering or focusing it and using the arrow keys shows the exact figures of a month. The caller shows the
 * same figures in a table.
 */
export function UPlotChart(props: UPlotChartProps) {
  const { labels, series, formatExact, summary, name } = props;
  const container = useRef<HTMLDivElement>(null);
  const axis = useRef<HTMLDivElement>(null);
  const chartRef = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<CursorPoint | null>(null);
  const active = cursor?.index ?? null;

  useEffect(() => {
    const element = container.current;
    const labelsElement = axis.current;
    if (element === null || labelsElement === null) return undefined;
    const data: uPlot.AlignedData = [labels.map((_, index) => index), ...series.map((entry) => entry.values)];
    const chart = new uPlot(optionsFor(props, Math.max(element.clientWidth, 240), setCursor), data, element);
    chartRef.current = chart;
    layoutLabels(chart, labelsElement);
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 240);
      if (width !== chart.width) chart.setSize({ width, height: chart.height });
      layoutLabels(chart, labelsElement);
    });
    observer.observe(element);
    // Canvas text uses a web font only once it is loaded: draw again when it is.
    void document.fonts.load(AXIS_FONT).then(() => chart.redraw(false, true));
    return () => {
      observer.disconnect();
      chart.destroy();
      chartRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the whole options object is rebuilt from these
  }, [labels, series, props.formatValue, props.height]);

  const moveTo = (index: number) => {
    const chart = chartRef.current;
    if (chart === null) return;
    const value = series[0]?.values[index] ?? 0;
    chart.setCursor({ left: chart.valToPos(index, 'x'), top: chart.valToPos(value, 'y') });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = labels.length - 1;
    const from = active ?? last;
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? Math.max(0, from - 1)
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? Math.min(last, from + 1)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };

  const point = active === null ? null : labels[active];
  const tooltip =
    point === undefined || point === null || active === null
      ? null
      : {
          title: point.long,
          rows: series.map((entry) => ({ ...entry, text: formatExact(entry.values[active] ?? 0) })),
        };
  const left = cursor?.left ?? 0;
  const current = active ?? labels.length - 1;
  const valueText =
    tooltip === null
      ? (labels[current]?.long ?? '')
      : `${tooltip.title}: ${tooltip.rows.map((row) => `${row.label} ${row.text}`).join(', ')}`;
  return (
    <div className="uplot-frame" data-chart-name={name}>
      <div
        className="uplot-focus"
        // The arrow keys walk the months: a slider over the columns whose value text is the month's exact figures.
        role="slider"
        aria-label={summary}
        aria-valuemin={0}
        aria-valuemax={Math.max(0, labels.length - 1)}
        aria-valuenow={current}
        aria-valuetext={valueText}
        aria-orientation="horizontal"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => moveTo(active ?? labels.length - 1)}
        onBlur={() => chartRef.current?.setCursor({ left: -10, top: -10 })}
      >
        <div ref={container} className="uplot-chart" />
        <div ref={axis} className="uplot-months" aria-hidden="true">
          {labels.map((label, index) => (
            <span key={index} className="uplot-month" data-tick={index}>
              {label.month}
              {label.year === null ? null : <span className="uplot-month__year">{label.year}</span>}
            </span>
          ))}
        </div>
        {tooltip === null ? null : (
          <div
            className={`uplot-tooltip${active !== null && active > labels.length / 2 ? ' uplot-tooltip--left' : ''}`}
            style={{ left: `${left + 64}px` }}
            data-tooltip
            aria-hidden="true"
          >
            <strong>{tooltip.title}</strong>
            {tooltip.rows.map((row) => (
              <span key={row.label} className="uplot-tooltip__row">
                <span className="chart-legend__swatch" style={{ borderTopColor: row.color }} />
                {row.label}: <b>{row.text}</b>
              </span>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
