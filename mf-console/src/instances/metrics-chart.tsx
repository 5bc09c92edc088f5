import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $theme } from '@rc/shared-utility';
import 'uplot/dist/uPlot.min.css';

interface ChartLine {
  label: string;
  color: string;
  values: (number | null)[];
}

interface ChartData {
  /** The range shown, in milliseconds. */
  from: number;
  to: number;
  /** Milliseconds, oldest first. */
  timestamps: number[];
  /** Two points further apart than this have no samples between them: the line breaks there. */
  gapMs: number;
  lines: ChartLine[];
}

/**
 * uPlot's columns, with a null point wherever the samples stop (the instance was not running) so the line breaks,
 * and empty points at both ends of the range so the axis shows all of it.
 */
function withGaps({ from, to, timestamps, gapMs, lines }: ChartData): (number | null)[][] {
  const xs: number[] = [];
  const ys: (number | null)[][] = lines.map(() => []);
  const empty = (at: number) => {
    xs.push(at / 1000);
    ys.forEach((column) => column.push(null));
  };
  if (timestamps[0] === undefined || timestamps[0] > from) empty(from);
  timestamps.forEach((at, index) => {
    const previous = timestamps[index - 1];
    if (previous !== undefined && at - previous > gapMs) empty(previous + gapMs / 2);
    xs.push(at / 1000);
    lines.forEach((line, column) => ys[column]!.push(line.values[index] ?? null));
  });
  if ((timestamps.at(-1) ?? to) < to) empty(to);
  return [xs, ...ys];
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A time axis label: the hour and minute, with the day for ranges longer than a day. */
function tickText(at: number, spanMs: number) {
  const date = new Date(at);
  const time = `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
  return spanMs > 86_400_000 ? `${date.getMonth() + 1}-${twoDigits(date.getDate())} ${time}` : time;
}

const cssVar = (name: string, fallback: string) => getComputedStyle(document.body).getPropertyValue(name).trim() || fallback;

/** Draws with uPlot, loaded only when a chart is shown; axis and grid colours follow the theme. */
async function draw(element: HTMLDivElement, data: ChartData, o: { format: (value: number) => string; max?: number }) {
  const { default: UPlot } = await import('uplot');
  const text = cssVar('--rc-muted', '#646a73');
  const grid = cssVar('--rc-border', '#e3e6ec');
  const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const plot = new UPlot(
    {
      width: Math.max(320, element.clientWidth),
      height: 200,
      scales: {
        x: { time: true },
        y: o.max === undefined ? { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] } : { range: [0, o.max] },
      },
      axes: [
        { ...axis, values: (_u, ticks) => ticks.map((tick) => tickText(tick * 1000, data.to - data.from)) },
        { ...axis, size: 64, values: (_u, ticks) => ticks.map(o.format) },
      ],
      series: [
        { label: '时间', value: (_u, v) => (v ? new Date(v * 1000).toLocaleString('zh-CN', { hour12: false }) : '') },
        ...data.lines.map((line) => ({
          label: line.label,
          stroke: line.color,
          fill: `${line.color}22`,
          width: 1.5,
          value: (_u: unknown, v: number | null) => (v === null ? '—' : o.format(v)),
        })),
      ],
    },
    withGaps(data) as [number[], ...(number | null)[][]],
    element,
  );
  return () => plot.destroy();
}

/** One time chart of an instance's use. */
export function MetricsChart({
  title,
  data,
  format,
  max,
}: {
  title: string;
  data: ChartData;
  format: (value: number) => string;
  max?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const theme = useStore($theme);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let gone = false;
    void draw(ref.current!, data, { format, max }).then((d) => (gone ? d() : (destroy = d)));
    return () => {
      gone = true;
      destroy?.();
    };
  }, [data, format, max, theme]);
  return (
    <div className="rc-metrics-chart">
      <h4>{title}</h4>
      <div ref={ref} aria-label={title} />
    </div>
  );
}
