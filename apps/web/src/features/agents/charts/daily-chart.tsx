import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import ChartLine from 'lucide-react/icons/chart-line';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useThemeStore } from '../../../shared/theme/theme-store.ts';
import { EmptyState } from '../../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import './charts.css';

/** A series colour: one of the chart palette's CSS variables (charts.css), set per theme. */
export type ChartColor = 'blue' | 'gold' | 'green' | 'red' | 'violet';

export interface ChartSeries {
  label: string;
  values: readonly number[];
  color: ChartColor;
  /** The period's total as the legend shows it (already formatted). */
  total: string;
}

export interface DailyChartProps {
  title: string;
  /** The days of the period (yyyy-mm-dd), oldest first: the x axis. */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** A value as the axis and the summary table show it. */
  formatValue: (value: number) => string;
  /** A day as the axis and the summary table show it. */
  formatDay: (day: string) => string;
  emptyText: string;
}

const chartHeight = 220;

let uPlotLoading: Promise<typeof uPlot> | null = null;

/** uPlot and its CSS, fetched once for every chart of the page (a failed fetch is tried again). */
function loadUPlot(): Promise<typeof uPlot> {
  uPlotLoading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([module]) => module.default,
    (error: unknown) => {
      uPlotLoading = null;
      throw error;
    },
  );
  return uPlotLoading;
}

/** The theme's value of a palette variable, read from the chart (so light and dark each get theirs). */
function cssColor(element: HTMLElement, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

function chartOptions(
  element: HTMLElement,
  { days, series, formatValue, formatDay }: DailyChartProps,
  width: number,
): uPlot.Options {
  const axisColor = cssColor(element, '--chart-axis', '#4f5b6d');
  const gridColor = cssColor(element, '--chart-grid', '#dfe4ec');
  const axis = { stroke: axisColor, grid: { stroke: gridColor, width: 1 }, ticks: { stroke: gridColor } };
  return {
    width,
    height: chartHeight,
    // The legend is ours (below the chart, wraps on phones); the cursor shows values in its place.
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      {
        ...axis,
        values: (_plot, splits) =>
          splits.map((split) => (Number.isInteger(split) ? formatDay(days[split] ?? '').slice(5) : '')),
      },
      { ...axis, size: 64, values: (_plot, splits) => splits.map((split) => formatValue(split)) },
    ],
    series: [
      {},
      ...series.map((line) => ({
        label: line.label,
        stroke: cssColor(element, `--chart-${line.color}`, '#4598fe'),
        width: 2,
        points: { show: days.length <= 31 },
      })),
    ],
  };
}

/**
 * A chart of figures by day, drawn with uPlot. uPlot and its CSS are fetched when the first chart
 * mounts, so only the pages that draw one load them. It follows the theme (rebuilt with the new
 * palette when it changes) and its container's width (a ResizeObserver), and carries a legend and
 * a table of the same figures for screen readers (the canvas is hidden from them).
 */
export function DailyChart(props: DailyChartProps) {
  const { t } = useTranslation();
  const { title, days, series, formatValue, formatDay, emptyText } = props;
  const titleId = useId();
  const theme = useThemeStore((state) => state.theme);
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [drawn, setDrawn] = useState(false);
  const isEmpty = series.every((line) => line.values.every((value) => value === 0));
  // The latest props for the effect, which rebuilds only when the data or the theme change.
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const dataKey = JSON.stringify([days, series.map((line) => [line.label, line.color, line.values])]);

  useEffect(() => {
    const element = holder.current;
    if (!element || isEmpty) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const current = latest.current;
        const xs = current.days.map((_day, index) => index);
        const data: uPlot.AlignedData = [xs, ...current.series.map((line) => [...line.values])];
        const width = () => Math.max(element.clientWidth, 200);
        plot = new UPlot(chartOptions(element, current, width()), data, element);
        setDrawn(true);
        if (typeof ResizeObserver === 'function') {
          observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: chartHeight }));
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
      setDrawn(false);
    };
  }, [dataKey, theme, isEmpty]);

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption className="chart__title" id={titleId}>
        {title}
      </figcaption>
      {isEmpty ? (
        <EmptyState icon={ChartLine} title={emptyText} />
      ) : (
        <>
          <ul className="chart__legend">
            {series.map((line) => (
              <li key={line.label} className="chart__legend-item">
                <span className={`chart__swatch chart__swatch--${line.color}`} aria-hidden="true" />
                <span>{line.label}</span>
                <strong>{line.total}</strong>
              </li>
            ))}
          </ul>
          <div className="chart__canvas" aria-hidden="true">
            {!drawn && !failed ? <Skeleton rows={1} height={`${chartHeight}px`} /> : null}
            {failed ? <p className="chart__failed">{t('agt_chart_failed')}</p> : null}
            <div ref={holder} className="chart__plot" />
          </div>
          <table className="visually-hidden">
            <caption>{t('agt_chart_summary', { title, days: days.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records_day')}</th>
                {series.map((line) => (
                  <th key={line.label} scope="col">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{formatDay(day)}</th>
                  {series.map((line) => (
                    <td key={line.label}>{formatValue(line.values[index] ?? 0)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
