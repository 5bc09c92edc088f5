import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { computeNodes, gpuModels, regions, type Executor } from '../db/index.js';

export function enabledRegions(db: Executor) {
  return db
    .select({ regionCode: regions.code, regionName: regions.name })
    .from(regions)
    .where(eq(regions.enabled, true))
    .orderBy(asc(regions.sort));
}

/** Each GPU model with enabled nodes (in the region, when given): its prices, node count, and total and free GPUs. */
export function gpuModelStatistics(db: Executor, regionCode: string | undefined) {
  return db
    .select({
      gpuModelId: gpuModels.id,
      deviceType: gpuModels.code,
      deviceName: gpuModels.name,
      memoryGb: gpuModels.memoryGb,
      hourPrice: gpuModels.hourPrice,
      dayPrice: gpuModels.dayPrice,
      weekPrice: gpuModels.weekPrice,
      monthPrice: gpuModels.monthPrice,
      nodeCount: count(computeNodes.id),
      totalGpu: sql<number>`coalesce(sum(${computeNodes.gpuTotal}), 0)::int`,
      freeGpu: sql<number>`coalesce(sum(${computeNodes.gpuFree}), 0)::int`,
      maxFreePerNode: sql<number>`coalesce(max(${computeNodes.gpuFree}), 0)::int`,
      cpuPerGpu: sql<number>`coalesce(min(${computeNodes.cpuPerGpu}), 0)::int`,
      memoryPerGpuGb: sql<number>`coalesce(min(${computeNodes.memoryPerGpuGb}), 0)::int`,
    })
    .from(gpuModels)
    .innerJoin(
      computeNodes,
      and(
        eq(computeNodes.gpuModelId, gpuModels.id),
        eq(computeNodes.enabled, true),
        regionCode ? eq(computeNodes.regionCode, regionCode) : undefined,
      ),
    )
    .groupBy(gpuModels.id)
    .orderBy(asc(gpuModels.sort));
}

/** Enabled nodes (of a region and GPU model, when given), the most free GPUs first. */
export async function nodePage(
  db: Executor,
  filter: { regionCode?: string; gpuModelId?: number },
  window: { limit: number; offset: number },
) {
  const { regionCode, gpuModelId } = filter;
  const where = and(
    eq(computeNodes.enabled, true),
    regionCode ? eq(computeNodes.regionCode, regionCode) : undefined,
    gpuModelId ? eq(computeNodes.gpuModelId, gpuModelId) : undefined,
  );
  const list = await db
    .select({
      id: computeNodes.id,
      name: computeNodes.name,
      regionCode: computeNodes.regionCode,
      regionName: regions.name,
      gpuModelId: computeNodes.gpuModelId,
      deviceName: gpuModels.name,
      gpuTotal: computeNodes.gpuTotal,
      gpuFree: computeNodes.gpuFree,
      cpuPerGpu: computeNodes.cpuPerGpu,
      memoryPerGpuGb: computeNodes.memoryPerGpuGb,
      systemDiskGb: computeNodes.systemDiskGb,
      dataDiskMaxGb: computeNodes.dataDiskMaxGb,
      cudaVersion: computeNodes.cudaVersion,
      hourPrice: gpuModels.hourPrice,
    })
    .from(computeNodes)
    .innerJoin(gpuModels, eq(gpuModels.id, computeNodes.gpuModelId))
    .innerJoin(regions, eq(regions.code, computeNodes.regionCode))
    .where(where)
    .orderBy(desc(computeNodes.gpuFree), asc(computeNodes.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(computeNodes).where(where);
  return { list, total: total?.n ?? 0 };
}
