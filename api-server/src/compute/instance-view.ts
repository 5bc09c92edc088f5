import { and, desc, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import {
  computeNodes,
  gpuModels,
  instanceApps,
  instanceDisks,
  instances,
  preparedQuery,
  regions,
  type Database,
  type Executor,
} from '../db/index.js';
import type { FastifyInstance } from 'fastify';
import { listedSitePrices } from './prices.js';
import { operationStates } from './operations.js';
import { releaseAt } from './instance-state.js';
import { jupyterLink, webPagesServed } from './instance-pages/jupyter-link.js';
import { desktopLink, hasDesktop } from './desktop/desktop-image.js';
import { appServiceViews } from './app-service/app-service-state.js';
import type { InstanceAppView } from '@rc/api-contract/user/instance-app';
import { queuePosition } from './gpu-queue.js';
import { Status, billingNames, statusNames, type Billing } from './states.js';

interface ViewSettings {
  releaseAfterStoppedDays: number;
  freeDataDiskGb: number;
  /** Where the SSH gateway is reached: SSH_PUBLIC_HOST (else each node's own host) and the port it listens on. */
  ssh: { publicHost: string | null; port: number };
  /** Instances serve web pages: every driver but the simulated pool, and that one with a stand-in (SIMULATED_WEB_TARGET). */
  webPages: boolean;
  /** The network disk's size holds inside instances (NET_DISK_LIMIT=loop under Podman, whose containers bind its filesystem). */
  netDiskHeldInside: boolean;
}

async function viewSettings(app: FastifyInstance): Promise<ViewSettings> {
  const site = await listedSitePrices(app.db);
  return {
    releaseAfterStoppedDays: app.compute.settings.releaseAfterStoppedDays,
    freeDataDiskGb: site.freeDataDiskGb,
    ssh: { publicHost: app.config.ssh.publicHost, port: app.compute.ssh.port },
    webPages: webPagesServed(app),
    netDiskHeldInside: app.config.storage.netDiskLimit === 'loop' && app.compute.driver.name === 'podman',
  };
}

/**
 * A page row: the instance (whole: its application's view runs commands in it) with what the view shows of its node,
 * model and region, its last disk reading and its application service. Each column of each row is decoded and mapped on
 * every call.
 */
const pageColumns = {
  instance: { ...getTableColumns(instances), desktop: hasDesktop(instances.imageId) },
  node: {
    name: computeNodes.name,
    gpuFree: computeNodes.gpuFree,
    cpuPerGpu: computeNodes.cpuPerGpu,
    memoryPerGpuGb: computeNodes.memoryPerGpuGb,
    cudaVersion: computeNodes.cudaVersion,
    systemDiskGb: computeNodes.systemDiskGb,
  },
  model: { name: gpuModels.name, hourPrice: gpuModels.hourPrice },
  region: { name: regions.name },
  disks: instanceDisks,
  service: instanceApps,
};

/**
 * The page's rows in one statement: five statements a page (the instances, then their nodes, models, regions and
 * readings by id) were five round trips, and four queries drizzle built on every call.
 */
const selectRows = (db: Executor) =>
  db
    .select(pageColumns)
    .from(instances)
    .innerJoin(computeNodes, eq(computeNodes.id, instances.nodeId))
    .innerJoin(gpuModels, eq(gpuModels.id, instances.gpuModelId))
    .innerJoin(regions, eq(regions.code, instances.regionCode))
    .leftJoin(instanceDisks, eq(instanceDisks.instanceId, instances.id))
    .leftJoin(instanceApps, eq(instanceApps.instanceId, instances.id));

/** The list's usual page: the user's live instances, unfiltered, built once per database. */
const livePage = preparedQuery((db) =>
  selectRows(db)
    .where(and(eq(instances.userId, sql.placeholder('userId')), ne(instances.status, Status.released)))
    .orderBy(desc(instances.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('instance_live_page'),
);

function selectPage(db: Database, userId: number, o: { where?: SQL; limit: number; offset: number; includeReleased?: boolean }) {
  if (!o.where && !o.includeReleased) return livePage(db).execute({ userId, limit: o.limit, offset: o.offset });
  const where = and(eq(instances.userId, userId), o.includeReleased ? undefined : ne(instances.status, Status.released), o.where);
  return selectRows(db).where(where).orderBy(desc(instances.id)).limit(o.limit).offset(o.offset);
}
type Row = Awaited<ReturnType<typeof selectPage>>[number];

/** The user's instances as the console shows them, newest first; released ones are left out unless asked for. */
export async function listInstanceViews(
  app: FastifyInstance,
  userId: number,
  o: { where?: SQL; limit: number; offset: number; includeReleased?: boolean },
) {
  const rows = await selectPage(app.db, userId, o);
  if (rows.length === 0) return [];
  const [settings, positions, services] = await Promise.all([viewSettings(app), queuePositions(app, rows), appServicesOf(app, rows)]);
  return rows.map((row) => toView(row, settings, positions.get(row.instance.id), services.get(row.instance.id) ?? null));
}

/** Where each row waiting for a GPU stands in its queue. */
async function queuePositions(app: FastifyInstance, rows: Row[]) {
  const positions = new Map<number, number>();
  for (const { instance } of rows) if (instance.gpuWaitSince) positions.set(instance.id, await queuePosition(app.db, instance));
  return positions;
}

/** The application service of each row deployed from an application. */
function appServicesOf(app: FastifyInstance, rows: Row[]) {
  return appServiceViews(
    app,
    rows.flatMap(({ instance, service }) => (service ? [{ instance, service }] : [])),
  );
}

export async function instanceView(app: FastifyInstance, userId: number, id: number) {
  const [view] = await listInstanceViews(app, userId, { where: eq(instances.id, id), limit: 1, offset: 0, includeReleased: true });
  return view!;
}

/** The disks' last reading as the console shows it (taken by the metrics pass, never on a list call). */
function disksView(reading: Row['disks'], netDiskHeldInside: boolean) {
  if (!reading) return null;
  return {
    readAt: reading.readAt,
    system: { usedBytes: reading.systemUsedBytes, limitBytes: reading.systemLimitBytes },
    data: { limited: reading.dataLimited, usedBytes: reading.dataUsedBytes, sizeBytes: reading.dataSizeBytes },
    netDisk:
      reading.netDiskQuotaBytes === null
        ? null
        : { usedBytes: reading.netDiskUsedBytes ?? 0, quotaBytes: reading.netDiskQuotaBytes, heldInside: netDiskHeldInside },
  };
}

function toView(
  { instance: i, node, model, region, disks }: Row,
  settings: ViewSettings,
  queuePosition: number | undefined,
  appService: InstanceAppView | null,
) {
  const cards = Math.max(i.gpuCount, 1);
  const { port } = settings.ssh;
  const host = settings.ssh.publicHost ?? i.sshHost;
  return {
    id: i.id,
    name: i.name,
    status: i.status,
    statusName: statusNames[i.status as Status] ?? '',
    nextStatus: i.nextStatus,
    /** When the driver expects the current transition done. */
    transitionAt: i.transitionAt,
    regionCode: i.regionCode,
    regionName: region.name,
    nodeName: node.name,
    nodeGpuFree: node.gpuFree,
    gpuModelId: i.gpuModelId,
    deviceName: model.name,
    gpuCount: i.gpuCount,
    gpuHeld: i.gpuHeld,
    noGpu: i.noGpu,
    cpu: i.noGpu ? 0.5 : node.cpuPerGpu * cards,
    memoryGb: i.noGpu ? 2 : node.memoryPerGpuGb * cards,
    cudaVersion: node.cudaVersion,
    billingType: i.billingType,
    billingName: billingNames[i.billingType as Billing] ?? '',
    hourPrice: model.hourPrice * i.gpuCount,
    dayRate: i.dayRate,
    packageExpiresAt: i.packageExpiresAt,
    releaseAt: releaseAt(i, settings.releaseAfterStoppedDays),
    stoppedAt: i.stoppedAt,
    stopAt: i.stopAt,
    gpuWait: i.gpuWaitSince && queuePosition ? { since: i.gpuWaitSince, position: queuePosition } : null,
    idleStop: { minutes: i.idleStopMinutes, percent: i.idleStopPercent },
    imageId: i.imageId,
    imageName: i.imageName,
    systemDiskGb: node.systemDiskGb,
    dataDiskGb: settings.freeDataDiskGb + i.dataDiskExtraGb,
    dataDiskExtraGb: i.dataDiskExtraGb,
    dataDiskGrowsAtStart: i.dataDiskGrowsAtStart,
    disks: disksView(disks, settings.netDiskHeldInside),
    ssh: {
      host,
      port,
      user: 'root',
      password: i.sshPassword,
      command: `ssh -p ${port} root@${host}`,
      keyCommand: `ssh -p ${port} root.${i.id}@${host}`,
    },
    ...jupyterLink({ webPages: settings.webPages, running: i.status === Status.running }),
    ...desktopLink({ desktop: i.desktop, webPages: settings.webPages, running: i.status === Status.running }),
    app: appService,
    gmtCreate: i.createdAt,
    operations: operationStates(i),
  };
}
