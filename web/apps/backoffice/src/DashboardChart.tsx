/**
 * One dashboard chart: uPlot (small, maintained, canvas) loaded only when a chart first shows, so
 * neither the server render nor the other back-office pages carry it. Every chart is a figure with
 * a caption, the canvas named for screen readers, and a "show as table" toggle with the same data.
 * Colours come from the theme's custom properties, read when the chart is drawn.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Button, Table } from '@parlay/ui/index.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type uPlot from 'uplot';
import styles from './Backoffice.module.css';
import own from './Dashboard.module.css';

export interface ChartSeries {
  label: string;
  /** A theme custom property, e.g. --color-accent. */
  color: string;
  values: number[];
  /** How the table shows the value of bucket `index` (exact money with its currency, a count). */
  format(value: number, index: number): string;
}

export interface ChartProps {
  id: string;
  title: string;
  /** What the chart shows, in words (its accessible description). */
  summary: string;
  /** Bucket labels as the table shows them. */
  labels: string[];
  /** Unix seconds of each bucket for a time axis; absent for categories (bars). */
  times?: number[];
  /** A time axis tick in the page's language (Intl). */
  timeLabel?(seconds: number): string;
  series: ChartSeries[];
  kind: 'lines' | 'bars';
  axisFormat(value: number): string;
}

const HEIGHT = 220;

function buildOptions(UPlot: typeof uPlot, props: ChartProps, el: HTMLElement, width: number): uPlot.Options {
  const css = getComputedStyle(el);
  const color = (name: string) => css.getPropertyValue(name).trim() || 'currentColor';
  const text = color('--color-text-muted');
  const grid = color('--color-border');
  const categories = props.times === undefined;
  const bars = props.kind === 'bars' ? UPlot.paths.bars?.({ size: [0.6, 48], gap: 2 }) : undefined;
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: categories
        ? { time: false, range: (): uPlot.Range.MinMax => [-0.5, props.labels.length - 0.5] }
        : { time: true },
    },
    axes: [
      {
        ...axis,
        values: (_u: uPlot, splits: number[]) =>
          categories
            ? splits.map((s) => (Number.isInteger(s) ? (props.labels[s] ?? '') : ''))
            : splits.map((s) => props.timeLabel?.(s) ?? String(s)),
      },
      { ...axis, size: 64, values: (_u: uPlot, splits: number[]) => splits.map(props.axisFormat) },
    ],
    series: [
      {},
      ...props.series.map((s) => ({
        label: s.label,
        stroke: color(s.color),
        width: 2,
        ...(bars ? { paths: bars, fill: color(s.color) } : { points: { show: props.labels.length < 40 } }),
      })),
    ],
  };
}

export function DashboardChart(props: ChartProps) {
  const t = useT('backoffice');
  const canvas = useRef<HTMLDivElement | null>(null);
  const [asTable, setAsTable] = useState(false);
  const describedBy = useId();
  const latest = useRef(props);
  latest.current = props;
  // Drawn again only when what it shows changes (the page re-renders every 5 s for the live tiles).
  const signature = JSON.stringify([
    props.title,
    props.labels,
    props.series.map((s) => [s.label, s.color, s.values]),
  ]);
  useEffect(() => {
    const props = latest.current;
    const el = canvas.current;
    if (!el || props.labels.length === 0) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const x = props.times ?? props.labels.map((_, i) => i);
      const data = [x, ...props.series.map((s) => s.values)] as uPlot.AlignedData;
      plot = new UPlot(buildOptions(UPlot, props, el, Math.max(el.clientWidth, 200)), data, el);
      observer = new ResizeObserver(() =>
        plot?.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }),
      );
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [signature]);

  return (
    <figure className={own.chart} aria-labelledby={`${props.id}-title`} data-testid={`chart-${props.id}`}>
      <div className={own.chartHead}>
        <figcaption id={`${props.id}-title`} className={own.chartTitle}>
          {props.title}
        </figcaption>
        <Button size="sm" variant="ghost" aria-expanded={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? t('figures.showChart') : t('figures.showTable')}
        </Button>
      </div>
      <ul className={own.legend}>
        {props.series.map((s) => (
          <li key={s.label}>
            <span className={own.swatch} style={{ background: `var(${s.color})` }} aria-hidden="true" />
            {s.label}
          </li>
        ))}
      </ul>
      <p id={describedBy} className={styles.visuallyHidden}>
        {props.summary}
      </p>
      {props.labels.length === 0 ? (
        <p className={styles.muted}>{t('figures.noData')}</p>
      ) : (
        <div
          ref={canvas}
          className={asTable ? own.hidden : own.canvas}
          role="img"
          aria-label={props.title}
          aria-describedby={describedBy}
        />
      )}
      {asTable && props.labels.length > 0 ? (
        <div className={styles.tableWrap}>
          <Table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('figures.bucket')}</th>
                {props.series.map((s) => (
                  <th scope="col" key={s.label} className={styles.num}>
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.labels.map((label, i) => (
                <tr key={`${i}-${label}`}>
                  <th scope="row">{label}</th>
                  {props.series.map((s) => (
                    <td key={s.label} className={styles.num}>
                      {s.format(s.values[i] ?? 0, i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </figure>
  );
}
