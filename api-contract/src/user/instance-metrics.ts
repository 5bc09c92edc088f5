import { Type, type Static } from 'typebox';
import { InstanceId } from './compute.js';

// An instance's sampled use (CPU, memory, GPU) and the idle auto-stop (闲置自动关机) built on it.
const metricsHours = [1, 6, 24, 168] as const;

export const InstanceMetricsBody = Type.Object({
  id: InstanceId,
  hours: Type.Union(
    metricsHours.map((hours) => Type.Literal(hours)),
    { title: '时间范围（小时）', description: '1、6、24 或 168（7 天）' },
  ),
});
export type InstanceMetricsBody = Static<typeof InstanceMetricsBody>;

const Series = (description: string) => Type.Array(Type.Number(), { description });
const GpuSeries = (description: string) => Type.Array(Type.Union([Type.Number(), Type.Null()]), { description });

/** Columns of equal length, one entry per time bucket that has samples (bucket averages), oldest first. */
export const InstanceMetrics = Type.Object({
  from: Type.Integer({ description: '范围开始（毫秒时间戳）' }),
  to: Type.Integer({ description: '范围结束（毫秒时间戳）' }),
  bucketMs: Type.Integer({ description: '每个点代表的时长（毫秒）；相邻两点相隔更久表示其间没有采样（实例未运行）' }),
  sampleIntervalMs: Type.Integer({ description: '运行中的实例每隔多久采样一次' }),
  timestamps: Series('每个点的开始时间（毫秒时间戳）'),
  cpuPercent: Series('CPU 使用率，单核为 100'),
  memoryBytes: Series('已用内存（字节）'),
  memoryLimitBytes: Series('内存上限（字节）'),
  gpuPercent: GpuSeries('GPU 平均利用率（%）；未占用GPU时为 null'),
  gpuMemoryPercent: GpuSeries('显存使用率（%）；未占用GPU时为 null'),
});
export type InstanceMetrics = Static<typeof InstanceMetrics>;

export const IdleStopBody = Type.Object({
  id: InstanceId,
  minutes: Type.Union([Type.Integer({ minimum: 10, maximum: 1440 }), Type.Null()], {
    title: '闲置多少分钟后关机',
    description: '10 到 1440 分钟；null 表示关闭闲置自动关机',
  }),
  percent: Type.Integer({ title: 'GPU利用率阈值（%）', minimum: 1, maximum: 50 }),
});
export type IdleStopBody = Static<typeof IdleStopBody>;
