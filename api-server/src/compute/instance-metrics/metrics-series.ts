import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instances, queryRows } from '../../db/index.js';
import { notFound } from '../../errors.js';
import type { InstanceMetrics } from '@rc/api-contract/user/instance-metrics';

/** Points per series at most (about: the range rarely starts on a bucket boundary). */
const maxPoints = 300;

const round1 = (value: number) => Math.round(value * 10) / 10;
const gpuValue = (value: number | null) => (value === null ? null : round1(Number(value)));

/**
 * The user's instance's samples over the last `hours`, averaged in SQL over buckets of equal length so that no series
 * has more than about 300 points; refused as 「实例不存在」 for anyone else's instance.
 */
export async function metricsSeries(app: FastifyInstance, userId: number, id: number, hours: number): Promise<InstanceMetrics> {
  const [owned] = await app.db
    .select({ id: instances.id })
    .from(instances)
    .where(and(eq(instances.id, id), eq(instances.userId, userId)));
  if (!owned) throw notFound('实例不存在');
  const to = app.clock.now().getTime();
  const from = to - hours * 3_600_000;
  const bucketMs = Math.ceil((hours * 3_600_000) / maxPoints);
  const rows = await queryRows<{
    bucket: string | number;
    cpu: number;
    memory: number;
    memoryLimit: number;
    gpu: number | null;
    gpuMemory: number | null;
  }>(
    app.db,
    sql`select floor(extract(epoch from at) * 1000 / ${bucketMs})::bigint as "bucket",
          avg(cpu_percent)::float8 as "cpu", avg(memory_bytes)::float8 as "memory", avg(memory_limit_bytes)::float8 as "memoryLimit",
          avg(gpu_percent)::float8 as "gpu", avg(gpu_memory_percent)::float8 as "gpuMemory"
        from instance_metrics
        where instance_id = ${id} and at > ${new Date(from).toISOString()}::timestamptz and at <= ${new Date(to).toISOString()}::timestamptz
        group by 1 order by 1`,
  );
  return {
    from,
    to,
    bucketMs,
    sampleIntervalMs: app.compute.settings.metricsIntervalMs,
    timestamps: rows.map((row) => Number(row.bucket) * bucketMs),
    cpuPercent: rows.map((row) => round1(Number(row.cpu))),
    memoryBytes: rows.map((row) => Math.round(Number(row.memory))),
    memoryLimitBytes: rows.map((row) => Math.round(Number(row.memoryLimit))),
    gpuPercent: rows.map((row) => gpuValue(row.gpu)),
    gpuMemoryPercent: rows.map((row) => gpuValue(row.gpuMemory)),
  };
}
