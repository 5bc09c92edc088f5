import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cloudDisks, regions } from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import { checkGpuFileName, checkRelativePath, joinPath } from '../lib/index.js';

export type CloudDisk = typeof cloudDisks.$inferSelect;

/** Where a user's cloud disk of one region lives in the blob store; every key the user names is under it. */
export const cloudDiskRoot = (userId: number, regionCode: string) => `users/${userId}/cloud/${regionCode}/`;

/** A known region (the `regions` table), or the refusal. */
export async function checkRegion(app: FastifyInstance, regionCode: string): Promise<string> {
  const [region] = await app.db.select({ code: regions.code }).from(regions).where(eq(regions.code, regionCode));
  if (!region) throw invalid('地区不存在');
  return region.code;
}

export async function findCloudDisk(app: FastifyInstance, userId: number, regionCode: string): Promise<CloudDisk | undefined> {
  const [disk] = await app.db
    .select()
    .from(cloudDisks)
    .where(and(eq(cloudDisks.userId, userId), eq(cloudDisks.regionCode, regionCode)));
  return disk;
}

/** The user's activated cloud disk of the region, or the refusal; a disk frozen for arrears (status 2) can be read and emptied, not written. */
export async function openCloudDisk(
  app: FastifyInstance,
  userId: number,
  regionCode: string,
  access: 'read' | 'write' = 'read',
): Promise<CloudDisk> {
  await checkRegion(app, regionCode);
  const disk = await findCloudDisk(app, userId, regionCode);
  if (!disk) throw conflict('该地区的云盘尚未开通，请先开通');
  if (access === 'write' && disk.status !== 1) throw conflict('云盘已冻结（欠费），充值后即可恢复写入');
  return disk;
}

export async function activateCloudDisk(app: FastifyInstance, userId: number, regionCode: string): Promise<CloudDisk> {
  await checkRegion(app, regionCode);
  const now = app.clock.now();
  const [disk] = await app.db
    .insert(cloudDisks)
    .values({ userId, regionCode, quotaBytes: app.config.cloudDisk.quotaBytes, activatedAt: now, paidThrough: now })
    .onConflictDoNothing()
    .returning();
  if (!disk) throw conflict('该地区的云盘已开通');
  return disk;
}

/** Bytes and objects (folder markers not counted) in a user's cloud disk of one region: what storage billing meters. */
export async function cloudDiskUsage(
  app: FastifyInstance,
  userId: number,
  regionCode: string,
): Promise<{ bytes: number; objects: number }> {
  let bytes = 0;
  let objects = 0;
  let continuationToken: string | undefined;
  do {
    const page = await app.blobs.listPage(cloudDiskRoot(userId, regionCode), { continuationToken });
    for (const object of page.objects) {
      if (object.key.endsWith('/')) continue;
      bytes += object.size;
      objects += 1;
    }
    continuationToken = page.nextContinuationToken;
  } while (continuationToken);
  return { bytes, objects };
}

const units = ['B', 'KB', 'MB', 'GB', 'TB'];
/** Bytes as the spec's size formatter shows them ('1.50 KB', '512 B'), for messages. */
export function formatBytes(bytes: number): string {
  let power = 0;
  while (bytes >= 1024 ** (power + 1) && power < units.length - 1) power++;
  const amount = bytes / 1024 ** power;
  return `${power === 0 ? Math.round(amount) : amount.toFixed(2)} ${units[power]}`;
}

/** Refuses, with the numbers, when `extraBytes` more would take the disk past its quota. */
export async function ensureCloudRoom(app: FastifyInstance, disk: CloudDisk, extraBytes: number): Promise<void> {
  const { bytes } = await cloudDiskUsage(app, disk.userId, disk.regionCode);
  if (bytes + extraBytes > disk.quotaBytes) {
    throw conflict(
      `云盘空间不足：已用${formatBytes(bytes)}，本次需要${formatBytes(extraBytes)}，容量${formatBytes(disk.quotaBytes)}，请清理文件后再上传`,
    );
  }
}

/** A folder prefix inside the disk ('' or `a/b/`), under the traversal rules of uploads. */
export function checkPrefix(prefix: string | undefined): string {
  const folder = checkRelativePath(prefix ?? '', '目录');
  return folder ? `${folder}/` : '';
}

/** The key of a new object `fileName` in folder `prefix` (spec §5 GPU name rule). */
export function newObjectKey(prefix: string | undefined, fileName: string): string {
  return joinPath(checkPrefix(prefix).replace(/\/$/, ''), checkGpuFileName(fileName));
}

/** A key the user names (a file, or a folder when it ends in `/`), under the traversal rules. */
export function checkObjectKey(key: string): string {
  const path = checkRelativePath(key, '文件路径');
  if (!path) throw invalid('不能操作云盘根目录');
  return key.endsWith('/') ? `${path}/` : path;
}
