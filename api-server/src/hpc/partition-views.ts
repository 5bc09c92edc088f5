import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcPartitionView } from '@rc/api-contract/hpc/resource';
import { hpcPartitions } from '../db/index.js';
import { notFound } from '../errors.js';
import { enabledClusters, type HpcCluster } from '../storage/index.js';
import { ensurePartitions } from './partitions.js';
import type { PartitionState } from './scheduler.js';

/** What the scheduler reports now, or null while it cannot be reached. */
async function liveStates(app: FastifyInstance, cluster: HpcCluster): Promise<PartitionState[] | null> {
  try {
    const states = await (await app.hpc.schedulerOf(cluster.id)).partitions();
    if (cluster.scheduler === 'slurm') await ensurePartitions(app, cluster.id, states);
    return states;
  } catch (error) {
    app.log.warn({ err: error, cluster: cluster.id }, 'HPC scheduler unreachable');
    return null;
  }
}

async function clusterPartitions(app: FastifyInstance, cluster: HpcCluster): Promise<HpcPartitionView[]> {
  const states = await liveStates(app, cluster);
  const rows = await app.db
    .select()
    .from(hpcPartitions)
    .where(and(eq(hpcPartitions.clusterId, cluster.id), eq(hpcPartitions.enabled, true)))
    .orderBy(asc(hpcPartitions.sort), asc(hpcPartitions.id));
  return rows.map((row) => {
    const live = states?.find((state) => state.name === row.name);
    return {
      id: row.id,
      clusterId: cluster.id,
      clusterName: cluster.name,
      name: row.name,
      title: row.title,
      description: row.description,
      coreHourPrice: row.coreHourPrice,
      gpuHourPrice: row.gpuHourPrice,
      maxNodes: row.maxNodes,
      maxCpusPerJob: row.maxCpusPerJob,
      maxGpusPerJob: row.maxGpusPerJob,
      maxMemoryMbPerJob: row.maxMemoryMbPerJob,
      maxTimeMinutes: row.maxTimeMinutes,
      isDefault: row.isDefault,
      reachable: states !== null,
      state: live?.state ?? 'unknown',
      totalCpus: live?.totalCpus ?? 0,
      allocatedCpus: live?.allocatedCpus ?? 0,
      totalGpus: live?.totalGpus ?? 0,
      allocatedGpus: live?.allocatedGpus ?? 0,
    };
  });
}

/**
 * The enabled partitions of one cluster (every enabled cluster when `clusterId` is absent) with their
 * prices, limits and the capacity their scheduler reports now; a cluster that cannot be reached is
 * listed with no capacity rather than failing the call.
 */
export async function partitionViews(app: FastifyInstance, clusterId?: number): Promise<HpcPartitionView[]> {
  const clusters = await enabledClusters(app);
  const chosen = clusterId === undefined ? clusters : clusters.filter((cluster) => cluster.id === clusterId);
  if (chosen.length === 0 && clusterId !== undefined) throw notFound('集群不存在或已停用');
  return (await Promise.all(chosen.map((cluster) => clusterPartitions(app, cluster)))).flat();
}
