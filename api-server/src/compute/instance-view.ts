import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import { computeNodes, gpuModels, instances, regions } from '../db/schema.js';
import type { Executor } from '../db/open-database.js';
import { operationStates } from './operations.js';
import { releaseAt } from './instance-state.js';
import { Status, billingNames, statusNames, type Billing } from './states.js';

const columns = {
  instance: instances,
  regionName: regions.name,
  deviceName: gpuModels.name,
  hourPrice: gpuModels.hourPrice,
  cpuPerGpu: computeNodes.cpuPerGpu,
  memoryPerGpuGb: computeNodes.memoryPerGpuGb,
  systemDiskGb: computeNodes.systemDiskGb,
  cudaVersion: computeNodes.cudaVersion,
  nodeName: computeNodes.name,
  nodeGpuFree: computeNodes.gpuFree,
};

export interface ViewSettings {
  releaseAfterStoppedDays: number;
  freeDataDiskGb: number;
}

function selectRows(db: Executor, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(columns)
    .from(instances)
    .innerJoin(computeNodes, eq(computeNodes.id, instances.nodeId))
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .innerJoin(regions, eq(regions.code, instances.regionCode))
    .where(where)
    .orderBy(desc(instances.id))
    .limit(limit)
    .offset(offset);
}
type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** The user's instances as the console shows them, newest first; released ones are left out unless asked for. */
export async function listInstanceViews(db: Executor, userId: number, o: { where?: SQL; limit: number; offset: number; includeReleased?: boolean }, settings: ViewSettings) {
  const where = and(eq(instances.userId, userId), o.includeReleased ? undefined : ne(instances.status, Status.released), o.where);
  const rows = await selectRows(db, where, o.limit, o.offset);
  return rows.map((row) => toView(row, settings));
}

export async function instanceView(db: Executor, userId: number, id: number, settings: ViewSettings) {
  const [view] = await listInstanceViews(db, userId, { where: eq(instances.id, id), limit: 1, offset: 0, includeReleased: true }, settings);
  return view!;
}

function toView(row: Row, settings: ViewSettings) {
  const i = row.instance;
  const cards = Math.max(i.gpuCount, 1);
  const port = i.sshPort;
  return {
    id: i.id,
    name: i.name,
    status: i.status,
    statusName: statusNames[i.status as Status] ?? '',
    nextStatus: i.nextStatus,
    regionCode: i.regionCode,
    regionName: row.regionName,
    nodeName: row.nodeName,
    nodeGpuFree: row.nodeGpuFree,
    gpuModelId: i.gpuModelId,
    deviceName: row.deviceName,
    gpuCount: i.gpuCount,
    gpuHeld: i.gpuHeld,
    noGpu: i.noGpu,
    cpu: i.noGpu ? 0.5 : row.cpuPerGpu * cards,
    memoryGb: i.noGpu ? 2 : row.memoryPerGpuGb * cards,
    cudaVersion: row.cudaVersion,
    billingType: i.billingType,
    billingName: billingNames[i.billingType as Billing] ?? '',
    hourPrice: row.hourPrice * i.gpuCount,
    dayRate: i.dayRate,
    packageExpiresAt: i.packageExpiresAt,
    releaseAt: releaseAt(i, settings.releaseAfterStoppedDays),
    stoppedAt: i.stoppedAt,
    imageId: i.imageId,
    imageName: i.imageName,
    systemDiskGb: row.systemDiskGb,
    dataDiskGb: settings.freeDataDiskGb + i.dataDiskExtraGb,
    dataDiskExtraGb: i.dataDiskExtraGb,
    ssh: { host: i.sshHost, port, user: 'root', password: i.sshPassword, command: `ssh -p ${port} root@${i.sshHost}` },
    jupyterUrl: `https://${i.regionCode}-jupyter.suanli.example/instance/${i.id}/lab?token=${i.jupyterToken}`,
    gmtCreate: i.createdAt,
    operations: operationStates(i),
  };
}

export type InstanceView = ReturnType<typeof toView>;
