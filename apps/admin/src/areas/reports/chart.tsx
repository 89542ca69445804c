import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { t } from '../../shared/i18n/i18n.ts';
import { useTheme } from '../../shared/theme/theme.ts';

/** A series' colour: a palette variable of reports.css (one value per theme). */
export type SeriesColor = 'blue' | 'gold' | 'green' | 'red' | 'violet';

export interface PlotSeries {
  label: string;
  color: SeriesColor;
  values: readonly number[];
}

export interface PlotProps {
  /** What the chart shows, for screen readers (the figures are in the table under it). */
  label: string;
  /** The x axis: days (yyyy-mm-dd) for lines, names for bars. */
  xs: readonly string[];
  series: readonly PlotSeries[];
  kind: 'lines' | 'bars';
}

const height = 240;

let loading: Promise<typeof uPlot> | null = null;

/** uPlot and its stylesheet, fetched when the first chart is drawn (only the reports page needs them). */
function loadPlotLibrary(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([library]) => library.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });

function paletteOf(element: HTMLElement) {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    axis: read('--muted', '#5b6677'),
    grid: read('--border', '#dde2ea'),
    color: (color: SeriesColor) => read(`--reports-${color}`, '#2f6fdc'),
  };
}

function optionsOf(
  element: HTMLElement,
  props: PlotProps,
  width: number,
  library: typeof uPlot,
): uPlot.Options {
  const palette = paletteOf(element);
  const axis = {
    stroke: palette.axis,
    grid: { stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid },
  };
  const xLabel = (index: number) => {
    const x = props.xs[index] ?? '';
    return props.kind === 'lines' ? x.slice(5) : x.length > 10 ? `${x.slice(0, 9)}…` : x;
  };
  const bars = props.kind === 'bars' ? library.paths.bars?.({ size: [0.7, 48] }) : undefined;
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, ...(props.kind === 'bars' ? { range: [-0.5, props.xs.length - 0.5] } : {}) },
    },
    axes: [
      {
        ...axis,
        // Whole steps only: a tick per day (or group), or every 2, 5, 10 … when they do not fit.
        incrs: [1, 2, 5, 7, 10, 14, 30, 60, 90],
        values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? xLabel(split) : '')),
      },
      { ...axis, size: 56, values: (_plot, splits) => splits.map((split) => compact.format(split)) },
    ],
    series: [
      {},
      ...props.series.map((line) => {
        const stroke = palette.color(line.color);
        return bars
          ? { label: line.label, stroke, fill: stroke, width: 0, paths: bars, points: { show: false } }
          : { label: line.label, stroke, width: 2, points: { show: props.xs.length <= 31 } };
      }),
    ],
  };
}

/**
 * A chart drawn with uPlot (loaded on first use): lines over days, or bars over groups (vendors,
 * games, categories, agents). It follows the theme (drawn again with its colours) and its box's
 * width; the legend is HTML under it, the canvas is hidden from screen readers (the page's table
 * carries the same figures).
 */
export function Plot(props: PlotProps) {
  const theme = useTheme();
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const current = useRef(props);
  useEffect(() => {
    current.current = props;
  });
  const key = JSON.stringify([props.kind, props.xs, props.series]);
  const empty =
    props.xs.length === 0 || props.series.every((line) => line.values.every((value) => value === 0));

  useEffect(() => {
    const element = box.current;
    if (!element || empty) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    loadPlotLibrary()
      .then((Library) => {
        if (gone) return;
        const { xs, series } = current.current;
        const width = () => Math.max(element.clientWidth, 240);
        const data: uPlot.AlignedData = [
          xs.map((_x, index) => index),
          ...series.map((line) => [...line.values]),
        ];
        plot = new Library(optionsOf(element, current.current, width(), Library), data, element);
        setState('drawn');
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => plot?.setSize({ width: width(), height }));
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!gone) setState('failed');
      });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [key, theme, empty]);

  if (empty) return <p className="reports-chart__empty">{t('reports_chart_empty')}</p>;
  return (
    <figure className="reports-chart" aria-label={props.label} data-chart-state={state}>
      <div className="reports-chart__box" aria-hidden="true">
        {state === 'loading' ? <div className="skeleton reports-chart__skeleton" /> : null}
        {state === 'failed' ? <p className="muted">{t('reports_chart_failed')}</p> : null}
        <div ref={box} className="reports-chart__plot" />
      </div>
      <ul className="reports-chart__legend">
        {props.series.map((line) => (
          <li key={line.label}>
            <span
              className={`reports-chart__swatch reports-chart__swatch--${line.color}`}
              aria-hidden="true"
            />
            {line.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
