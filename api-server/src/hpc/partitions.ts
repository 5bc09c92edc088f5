import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hpcPartitions, sysConfig, type Executor } from '../db/index.js';
import type { PartitionState } from './scheduler.js';

/** Site configuration (sys_config `hpcPrices`): what a partition first seen on a cluster costs until an operator prices it. */
export interface HpcDefaultPrices {
  coreHourPrice: number;
  gpuHourPrice: number;
}

export const hpcPricesKey = 'hpcPrices';
const fallbackPrices: HpcDefaultPrices = { coreHourPrice: 100, gpuHourPrice: 6_000 };
const weekMinutes = 7 * 24 * 60;

/** Names and words of the partitions the demo and test clusters have (simulated-cluster.ts, the Slurm test cluster). */
const knownPartitions: Record<string, { title: string; description: string; coreHourPrice?: number }> = {
  cpu: { title: '通用计算', description: '双路 CPU 节点，适合 MPI 并行与常规批处理作业' },
  gpu: { title: 'GPU 计算', description: '每节点 4 块 GPU，适合深度学习训练与 GPU 加速计算' },
  debug: { title: '调试队列', description: '单节点，最长 30 分钟，排队短，适合调试脚本', coreHourPrice: 50 },
};

export async function defaultHpcPrices(db: Executor): Promise<HpcDefaultPrices> {
  const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, hpcPricesKey));
  return { ...fallbackPrices, ...(row?.value as Partial<HpcDefaultPrices> | undefined) };
}

/**
 * Records every partition the cluster's scheduler has that the portal does not know yet, priced by
 * the site's defaults and limited to what the partition holds; known partitions keep their prices
 * and limits (an operator's). Idempotent.
 */
export async function ensurePartitions(app: FastifyInstance, clusterId: number, states: readonly PartitionState[]): Promise<void> {
  const prices = await defaultHpcPrices(app.db);
  for (const [index, state] of states.entries()) {
    const [known] = await app.db
      .select({ id: hpcPartitions.id })
      .from(hpcPartitions)
      .where(and(eq(hpcPartitions.clusterId, clusterId), eq(hpcPartitions.name, state.name)));
    if (known) continue;
    const words = knownPartitions[state.name];
    await app.db
      .insert(hpcPartitions)
      .values({
        clusterId,
        name: state.name,
        title: words?.title ?? state.name,
        description: words?.description ?? '',
        coreHourPrice: words?.coreHourPrice ?? prices.coreHourPrice,
        gpuHourPrice: state.totalGpus > 0 ? prices.gpuHourPrice : 0,
        maxNodes: state.nodes,
        maxCpusPerJob: state.totalCpus,
        maxGpusPerJob: state.totalGpus,
        maxMemoryMbPerJob: state.memoryMbPerNode * state.nodes,
        maxTimeMinutes: state.maxTimeMinutes ?? weekMinutes,
        isDefault: state.isDefault,
        sort: index,
      })
      .onConflictDoNothing();
  }
}
