import { useCallback, useEffect, useState } from 'react';
import { Button, Label, Segment } from 'semantic-ui-react';
import { EmptyState, ListState, useLoaded, type ScreenProps } from '@rc/shared-utility';
import { instanceMetrics, type InstanceMetrics } from './instance-api';
import { InstanceSubPage } from './instance-sub-page';
import { statusColors, type InstanceView } from './instance-types';
import { MetricsChart } from './metrics-chart';
import { IdleStopForm } from './idle-stop-form';

const ranges = [
  { hours: 1, text: '1 小时' },
  { hours: 6, text: '6 小时' },
  { hours: 24, text: '24 小时' },
  { hours: 168, text: '7 天' },
] as const;
type Hours = (typeof ranges)[number]['hours'];

const gib = 1024 ** 3;
const percentText = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)}%`;
const gibText = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} GB`;

function Charts({ metrics }: { metrics: InstanceMetrics }) {
  const gapMs = 2.5 * Math.max(metrics.bucketMs, metrics.sampleIntervalMs);
  const chart = (lines: { label: string; color: string; values: (number | null)[] }[]) => ({
    from: metrics.from,
    to: metrics.to,
    timestamps: metrics.timestamps,
    gapMs,
    lines,
  });
  const hasGpu = metrics.gpuPercent.some((value) => value !== null);
  return (
    <div className="rc-metrics-charts">
      <MetricsChart
        title="CPU 使用率（100% 为 1 核）"
        format={percentText}
        data={chart([{ label: 'CPU', color: '#2f6bff', values: metrics.cpuPercent }])}
      />
      <MetricsChart
        title="内存"
        format={gibText}
        data={chart([
          { label: '已用', color: '#21ba45', values: metrics.memoryBytes.map((bytes) => bytes / gib) },
          { label: '上限', color: '#9aa2ae', values: metrics.memoryLimitBytes.map((bytes) => bytes / gib) },
        ])}
      />
      {hasGpu ? (
        <MetricsChart
          title="GPU 利用率"
          format={percentText}
          max={100}
          data={chart([
            { label: 'GPU 利用率', color: '#f2711c', values: metrics.gpuPercent },
            { label: '显存', color: '#a333c8', values: metrics.gpuMemoryPercent },
          ])}
        />
      ) : (
        <div className="rc-metrics-chart">
          <h4>GPU 利用率</h4>
          <EmptyState>这段时间实例未占用GPU（无卡模式），没有GPU数据</EmptyState>
        </div>
      )}
    </div>
  );
}

/** How often the server samples (METRICS_INTERVAL_MS) until its first answer says. */
const defaultSampleIntervalMs = 15_000;

/** The charts of one range, reloaded every sample interval (the server's, from its answer) while the page is open. */
function MetricsPanel({ instance }: { instance: InstanceView }) {
  const [hours, setHours] = useState<Hours>(1);
  const fetch = useCallback(() => instanceMetrics(instance.id, hours), [instance.id, hours]);
  const metrics = useLoaded(fetch);
  const { reload } = metrics;
  const sampleIntervalMs = metrics.data?.sampleIntervalMs ?? defaultSampleIntervalMs;
  useEffect(() => {
    const timer = window.setInterval(() => void reload(), sampleIntervalMs);
    return () => window.clearInterval(timer);
  }, [reload, sampleIntervalMs]);
  return (
    <Segment className="rc-instance-monitor">
      <div className="rc-monitor-toolbar">
        <Label color={statusColors[instance.status]}>{instance.statusName}</Label>
        <Button.Group size="small" className="rc-metrics-range">
          {ranges.map((range) => (
            <Button
              key={range.hours}
              primary={hours === range.hours}
              active={hours === range.hours}
              data-hours={range.hours}
              onClick={() => setHours(range.hours)}
            >
              {range.text}
            </Button>
          ))}
        </Button.Group>
        <span className="rc-muted">每 15 秒采样，页面打开时自动刷新</span>
      </div>
      <ListState source={metrics} isEmpty={(data) => data.timestamps.length === 0} empty="实例运行后每 15 秒采样一次">
        {(data) => <Charts metrics={data} />}
      </ListState>
    </Segment>
  );
}

/** `/account/instanceManage/monitor?id=`: CPU, memory and GPU use over time, and the idle auto-stop built on it. */
export function InstanceMonitorPage(props: ScreenProps) {
  return (
    <InstanceSubPage {...props}>
      {(instance, reload) => (
        <>
          <MetricsPanel instance={instance} />
          <Segment>
            <h3>闲置自动关机</h3>
            <IdleStopForm key={`${instance.idleStop.minutes}-${instance.idleStop.percent}`} instance={instance} onDone={reload} />
          </Segment>
        </>
      )}
    </InstanceSubPage>
  );
}
