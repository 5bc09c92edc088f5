import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { KeyClashError, type UploadedPart } from '../blobs/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { cloudDiskRoot, ensureCloudRoom, type CloudDisk } from './cloud-disk.js';

const MiB = 1024 * 1024;
/** An object store's limits: parts but the last of at least 5 MiB, at most 10,000 parts, one PUT up to 5 GiB. */
const minPartBytes = 5 * MiB;
const maxParts = 10_000;
const maxSinglePutBytes = 5 * 1024 * MiB;

const expiryOf = (app: FastifyInstance) => ({
  now: app.clock.now(),
  expiresInSeconds: Math.floor(app.uploads.settings.presignedUrlTtlMs / 1000),
});
const expiresAt = (app: FastifyInstance) => app.clock.now().getTime() + app.uploads.settings.presignedUrlTtlMs;

/**
 * The upload id handed to the browser: the object store's own, sealed to this disk and key, so only
 * who started an upload can complete it (an object store may not tie its ids to the key).
 */
function sealUploadId(app: FastifyInstance, disk: CloudDisk, key: string, storeId: string): string {
  const seal = createHmac('sha256', app.uploads.signingSecret).update(`cloud-upload:${disk.id}:${key}:${storeId}`).digest('base64url');
  return `${storeId}.${seal}`;
}

function openUploadId(app: FastifyInstance, disk: CloudDisk, key: string, uploadId: string): string {
  const storeId = uploadId.slice(0, uploadId.lastIndexOf('.'));
  const expected = Buffer.from(sealUploadId(app, disk, key, storeId));
  const given = Buffer.from(uploadId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw conflict('分片不完整或上传已失效，请重新上传');
  return storeId;
}

const sameNameClash = (name: string) => conflict(`「${name}」处已有同名的文件或文件夹，请换一个名称`);

/** Refuses a new object where a file or a folder of that name is already, or inside a folder that is really a file. */
async function ensureFree(app: FastifyInstance, disk: CloudDisk, key: string): Promise<void> {
  const root = cloudDiskRoot(disk.userId, disk.regionCode);
  const full = root + key;
  const segments = key.replace(/\/$/, '').split('/');
  const name = segments.at(-1);
  for (let depth = 1; depth < segments.length; depth++) {
    const folder = segments.slice(0, depth).join('/');
    if (await app.blobs.stat(root + folder)) throw conflict(`「${folder}」是文件，不能在其中新建文件或文件夹`);
  }
  if (await app.blobs.stat(full.replace(/\/$/, ''))) throw conflict(`已存在同名文件「${name}」，请换一个名称`);
  const folder = `${full.replace(/\/$/, '')}/`;
  const inside = await app.blobs.listPage(folder, { maxKeys: 1 });
  if (inside.objects.length > 0 || (await app.blobs.stat(folder))) throw conflict(`已存在同名文件夹「${name}」，请换一个名称`);
}

export async function presignSingleUpload(app: FastifyInstance, disk: CloudDisk, key: string, size: number) {
  if (size > maxSinglePutBytes) throw invalid('单个文件直传不能超过5GB，请使用分片上传');
  await ensureFree(app, disk, key);
  await ensureCloudRoom(app, disk, size);
  const url = await app.blobs.presignPut(cloudDiskRoot(disk.userId, disk.regionCode) + key, size, expiryOf(app));
  return { key, url, expiresAt: expiresAt(app) };
}

export async function startMultipartUpload(app: FastifyInstance, disk: CloudDisk, key: string, fileSize: number, chunkSize: number) {
  const parts = Math.max(1, Math.ceil(fileSize / chunkSize));
  if (parts > 1 && chunkSize < minPartBytes) throw invalid('分片大小不能小于5MB');
  if (parts > maxParts) throw invalid(`分片数量不能超过${maxParts}`);
  await ensureFree(app, disk, key);
  await ensureCloudRoom(app, disk, fileSize);
  const full = cloudDiskRoot(disk.userId, disk.regionCode) + key;
  const storeId = await app.blobs.createMultipartUpload(full, { partSize: chunkSize });
  const expiry = expiryOf(app);
  const chunkUrls = await Promise.all(Array.from({ length: parts }, (_, i) => app.blobs.presignPart(full, storeId, i + 1, expiry)));
  return {
    skipUpload: false,
    uploadId: sealUploadId(app, disk, key, storeId),
    key,
    chunkUrls,
    uploaded: [] as number[],
    expiresAt: expiresAt(app),
  };
}

/** Joins the parts; an object of another size than declared, or one past the quota, is removed again. */
export async function completeMultipartUpload(
  app: FastifyInstance,
  disk: CloudDisk,
  key: string,
  uploadId: string,
  parts: UploadedPart[],
  declaredSize: number | undefined,
) {
  const full = cloudDiskRoot(disk.userId, disk.regionCode) + key;
  const storeId = openUploadId(app, disk, key, uploadId);
  const numbers = parts.map((part) => part.partNumber).sort((a, b) => a - b);
  if (numbers.some((number, index) => number !== index + 1)) throw invalid('分片序号应从1起连续');
  try {
    await app.blobs.completeMultipartUpload(full, storeId, parts);
  } catch (error) {
    if (error instanceof KeyClashError) throw sameNameClash(key.split('/').at(-1)!);
    app.log.warn({ err: error, key: full }, 'completing a multipart upload failed');
    throw conflict('分片不完整或上传已失效，请重新上传');
  }
  const stat = await app.blobs.stat(full);
  if (!stat) throw conflict('分片不完整或上传已失效，请重新上传');
  if (declaredSize !== undefined && stat.size !== declaredSize) {
    await app.blobs.remove(full);
    throw invalid(`文件大小应为${declaredSize}字节，收到${stat.size}字节，请重新上传`);
  }
  try {
    await ensureCloudRoom(app, disk, 0);
  } catch (error) {
    await app.blobs.remove(full);
    throw error;
  }
  return { key, size: stat.size, regionCode: disk.regionCode };
}

export async function createFolder(app: FastifyInstance, disk: CloudDisk, folderKey: string) {
  await ensureFree(app, disk, folderKey);
  try {
    await app.blobs.put(cloudDiskRoot(disk.userId, disk.regionCode) + folderKey, Readable.from([]));
  } catch (error) {
    if (error instanceof KeyClashError) throw sameNameClash(folderKey.replace(/\/$/, '').split('/').at(-1)!);
    throw error;
  }
}

export async function presignDownload(app: FastifyInstance, disk: CloudDisk, key: string) {
  const full = cloudDiskRoot(disk.userId, disk.regionCode) + key;
  if (key.endsWith('/') || !(await app.blobs.stat(full))) throw notFound('文件不存在或已删除');
  const url = await app.blobs.presignGet(full, key.split('/').at(-1)!, expiryOf(app));
  return { url, expiresAt: expiresAt(app) };
}

export async function deleteObjects(app: FastifyInstance, disk: CloudDisk, keys: string[]): Promise<number> {
  const root = cloudDiskRoot(disk.userId, disk.regionCode);
  for (const key of keys) await app.blobs.remove(root + key);
  return keys.length;
}

export async function listFolder(app: FastifyInstance, disk: CloudDisk, prefix: string, continuationToken: string | undefined) {
  const root = cloudDiskRoot(disk.userId, disk.regionCode);
  const page = await app.blobs.listPage(root + prefix, { delimiter: '/', continuationToken, maxKeys: 200 });
  const relative = (key: string) => key.slice(root.length);
  return {
    prefix,
    folders: page.commonPrefixes.map((key) => ({ key: relative(key), name: relative(key).slice(prefix.length, -1) })),
    files: page.objects
      .filter((object) => !object.key.endsWith('/'))
      .map((object) => ({
        key: relative(object.key),
        name: relative(object.key).slice(prefix.length),
        size: object.size,
        lastModified: object.lastModified,
      })),
    nextContinuationToken: page.nextContinuationToken ?? null,
  };
}
