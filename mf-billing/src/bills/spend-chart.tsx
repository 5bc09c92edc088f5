import { useCallback, useEffect, useRef } from 'react';
import { formatMoney, ListState, useLoaded } from '@rc/shared-utility';
import { productNames } from '../labels';
import { dailySpend, type DailySpend } from './bills-api';
import 'uplot/dist/uPlot.min.css';

const colors: Record<string, string> = { gpu: '#2185d0', storage: '#21ba45', hpc: '#a333c8' };

/** Draws the bars with uPlot, loaded only when the chart is shown. */
async function draw(element: HTMLDivElement, spend: DailySpend): Promise<() => void> {
  const { default: UPlot } = await import('uplot');
  const xs = spend.days.map((day) => new Date(`${day}T12:00:00+08:00`).getTime() / 1000);
  const bars = UPlot.paths.bars!({ size: [0.6, 40] });
  const plot = new UPlot(
    {
      width: Math.max(320, element.clientWidth),
      height: 220,
      scales: { x: { time: true } },
      axes: [{}, { values: (_u, ticks) => ticks.map((t) => `¥${formatMoney(t * 1000)}`), size: 70 }],
      series: [
        { label: '日期', value: (_u, v) => (v ? new Date(v * 1000).toLocaleDateString('zh-CN') : '') },
        ...spend.series.map((s) => ({
          label: productNames[s.product] ?? s.product,
          stroke: colors[s.product] ?? '#767676',
          fill: `${colors[s.product] ?? '#767676'}99`,
          paths: bars,
          points: { show: false },
          value: (_u: unknown, v: number | null) => (v === null ? '—' : `¥${formatMoney(v * 1000)}`),
        })),
      ],
    },
    [xs, ...spend.series.map((s) => s.amounts.map((amount) => amount / 1000))],
    element,
  );
  return () => plot.destroy();
}

function Chart({ spend }: { spend: DailySpend }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let destroy: (() => void) | undefined;
    let gone = false;
    void draw(ref.current!, spend).then((d) => (gone ? d() : (destroy = d)));
    return () => {
      gone = true;
      destroy?.();
    };
  }, [spend]);
  return <div ref={ref} className="rc-spend-chart" aria-label="近30天每日消费" />;
}

/** Net spend per day and product over the last 30 days. */
export function SpendChart() {
  const fetch = useCallback(() => dailySpend(30), []);
  const spend = useLoaded(fetch);
  return (
    <ListState source={spend} isEmpty={(s) => s.series.every((series) => series.amounts.every((a) => a === 0))} empty="近30天没有消费">
      {(s) => <Chart spend={s} />}
    </ListState>
  );
}
