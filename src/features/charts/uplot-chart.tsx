import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface UPlotSeries {
  label: string;
  values: number[];
  color: string;
  kind: 'line' | 'bars';
  /** Which y scale: `y` (left axis) or `y2` (right axis). */
  scale?: 'y' | 'y2';
  dash?: number[];
}

export interface UPlotChartProps {
  /** Column labels (months), oldest first. */
  labels: string[];
  series: UPlotSeries[];
  /** Formats a value of the left (and right) axis. */
  formatValue: (value: number) => string;
  height?: number;
}

const AXIS_STROKE = '#626060';
const GRID_STROKE = '#e6e3e0';

function optionsFor({ labels, series, formatValue, height }: UPlotChartProps, width: number): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.55, 56], gap: 4 });
  const hasRightAxis = series.some((entry) => entry.scale === 'y2');
  const axisValues = (_: uPlot, splits: number[]) => splits.map((value) => formatValue(value));
  return {
    width,
    height: height ?? 260,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
      y: { range: (_, __, max) => [0, max > 0 ? max * 1.1 : 1] },
      ...(hasRightAxis
        ? { y2: { range: (_: uPlot, __: number, max: number) => [0, max > 0 ? max * 1.1 : 1] } }
        : {}),
    },
    axes: [
      {
        stroke: AXIS_STROKE,
        grid: { show: false },
        ticks: { show: false },
        splits: () => labels.map((_, index) => index),
        values: (_, splits) => splits.map((index) => labels[index] ?? ''),
      },
      { stroke: AXIS_STROKE, grid: { stroke: GRID_STROKE }, values: axisValues, size: 72 },
      ...(hasRightAxis
        ? [
            {
              scale: 'y2',
              side: 1 as const,
              stroke: AXIS_STROKE,
              grid: { show: false },
              values: axisValues,
              size: 56,
            },
          ]
        : []),
    ],
    series: [
      {},
      ...series.map((entry) => ({
        label: entry.label,
        scale: entry.scale ?? 'y',
        stroke: entry.color,
        width: 2,
        ...(entry.dash === undefined ? {} : { dash: entry.dash }),
        ...(entry.kind === 'bars' && bars !== undefined
          ? { paths: bars, fill: entry.color, points: { show: false } }
          : { points: { size: 7, fill: entry.color } }),
      })),
    ],
  };
}

/**
 * A uPlot canvas chart that follows its container's width. It is a picture for sighted users: the caller labels
 * it (`role="img"` with a summary) and shows the same figures in a table.
 */
export function UPlotChart({ labels, series, formatValue, height }: UPlotChartProps) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (element === null) return undefined;
    const data: uPlot.AlignedData = [labels.map((_, index) => index), ...series.map((entry) => entry.values)];
    const options = optionsFor(
      { labels, series, formatValue, ...(height === undefined ? {} : { height }) },
      Math.max(element.clientWidth, 240),
    );
    const chart = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 240);
      if (width !== chart.width) chart.setSize({ width, height: chart.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [labels, series, formatValue, height]);
  return <div ref={container} className="uplot-chart" />;
}
