import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../../accounts/index.js';
import { instanceDisks, instances, netDisks } from '../../db/index.js';
import { netDiskTreeKey, openTree } from '../../storage/index.js';
import { mountsOf } from '../instance-mounts.js';
import { Status } from '../states.js';

/** A data disk fuller than this tells its owner, once per crossing. */
const alertShare = 0.9;
/** Driver calls in flight at once (each walks a container's writable layer). */
const concurrentReadings = 4;

type Instance = typeof instances.$inferSelect;
type Reading = Omit<typeof instanceDisks.$inferInsert, 'dataAlertedAt'>;

const gbText = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/** The network disk mounted in the instance, as the portal counts it (the files of its folder) against its quota. */
async function netDiskReading(app: FastifyInstance, instanceId: number) {
  const mount = (await mountsOf(app.db, instanceId)).find((one) => one.kind === 'netdisk');
  if (!mount) return { netDiskUsedBytes: null, netDiskQuotaBytes: null };
  const [disk] = await app.db.select().from(netDisks).where(eq(netDisks.id, mount.sourceId));
  if (!disk) return { netDiskUsedBytes: null, netDiskQuotaBytes: null };
  const tree = await openTree(app, disk.userId, netDiskTreeKey(disk.regionCode));
  return { netDiskUsedBytes: (await tree.fs.usage()).bytes, netDiskQuotaBytes: tree.quota.bytes };
}

async function readingOf(app: FastifyInstance, instance: Instance, now: Date): Promise<Reading> {
  const usage = await app.compute.driver.diskUsage!(instance);
  return {
    instanceId: instance.id,
    readAt: now,
    systemUsedBytes: usage.system.usedBytes,
    systemLimitBytes: usage.system.limitBytes,
    dataLimited: usage.data.limited,
    dataUsedBytes: usage.data.usedBytes,
    dataSizeBytes: usage.data.sizeBytes,
    ...(await netDiskReading(app, instance.id)),
  };
}

/** Stores the reading; a data disk past 90% that was not yet told sends its owner a message, one below re-arms it. */
async function store(app: FastifyInstance, instance: Instance, reading: Reading, now: Date) {
  const { dataUsedBytes: used, dataSizeBytes: size } = reading;
  await app.db.transaction(async (tx) => {
    const [previous] = await tx.select().from(instanceDisks).where(eq(instanceDisks.instanceId, instance.id)).for('update');
    let alertedAt = previous?.dataAlertedAt ?? null;
    if (used != null && size) {
      const full = used > size * alertShare;
      if (full && !alertedAt) {
        alertedAt = now;
        await notify(
          tx,
          instance.userId,
          '数据盘空间不足',
          `实例「${instance.name}」的数据盘已使用 ${gbText(used)} / ${gbText(size)}（${Math.floor((used / size) * 100)}%），写满后程序将无法写入文件（No space left on device）。请清理文件或在「变更配置」中扩容数据盘。`,
          now,
        );
      }
      if (!full) alertedAt = null;
    }
    const row = { ...reading, dataAlertedAt: alertedAt };
    await tx.insert(instanceDisks).values(row).onConflictDoUpdate({ target: instanceDisks.instanceId, set: row });
  });
}

/**
 * Reads, through the driver, the disks of the running instances whose last reading is older than
 * `diskReadingIntervalMs`. Answers how many were read; a driver without disks reads none.
 */
export async function readInstanceDisks(app: FastifyInstance, now: Date): Promise<number> {
  if (!app.compute.driver.diskUsage) return 0;
  const running = await app.db
    .select({ instance: instances, readAt: instanceDisks.readAt })
    .from(instances)
    .leftJoin(instanceDisks, eq(instanceDisks.instanceId, instances.id))
    .where(and(eq(instances.status, Status.running), isNull(instances.nextStatus)));
  const due = running
    .filter(({ readAt }) => !readAt || now.getTime() - readAt.getTime() >= app.compute.settings.diskReadingIntervalMs)
    .map(({ instance }) => instance);
  let read = 0;
  for (let start = 0; start < due.length; start += concurrentReadings) {
    await Promise.all(
      due.slice(start, start + concurrentReadings).map(async (instance) => {
        try {
          await store(app, instance, await readingOf(app, instance, now), now);
          read += 1;
        } catch (error) {
          app.log.warn({ err: error, instanceId: instance.id }, 'reading the instance disks failed');
        }
      }),
    );
  }
  return read;
}
