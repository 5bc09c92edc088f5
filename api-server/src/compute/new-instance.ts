import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, exists, isNull, or } from 'drizzle-orm';
import { communityImages, computeNodes, ContentStatus, images, instances, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import type { ComputeDriver } from './driver.js';
import { beginTransition } from './instance-state.js';
import { mountDatasetsOfNewInstance, mountsOf } from './instance-mounts.js';
import type { ModelPrices, SitePrices } from './prices.js';
import { dayRateOf } from './prices.js';
import { Billing } from './states.js';
import { mountRegionNetDisk } from './net-disk-mounts.js';

const passwordAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

export function newSshPassword(length = 16) {
  return Array.from({ length }, () => passwordAlphabet[randomInt(passwordAlphabet.length)]).join('');
}

/** A ready image the user may use: a system image, one of their own private images or one published in the image community. */
export async function usableImage(tx: Executor, userId: number, imageId: number) {
  const published = tx
    .select({ id: communityImages.id })
    .from(communityImages)
    .where(and(eq(communityImages.imageId, images.id), eq(communityImages.status, ContentStatus.published)));
  const [image] = await tx
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), isNull(images.deletedAt), or(isNull(images.userId), eq(images.userId, userId), exists(published))));
  if (!image) throw notFound('镜像不存在');
  if (image.status !== 1) throw conflict('镜像正在保存中，请稍后再用');
  return image;
}

export interface NewInstance {
  userId: number;
  name: string;
  nodeId: number;
  /** The node's cards the pool picked (gpu-pool.ts takeGpus). */
  gpuIndices: number[];
  gpuCount: number;
  billingType: number;
  packageExpiresAt: Date | null;
  imageId: number;
  imageName: string;
  dataDiskExtraGb: number;
  /** Datasets mounted read-only from the start (a rent from a dataset's share link). */
  datasets?: Array<{ id: number; name: string }>;
  /** The instance whose data disk this one copies (克隆). */
  clonedFromId?: number;
  now: Date;
}

/** Inserts the instance (its GPUs already taken on `nodeId`) and asks the driver to create it. */
export async function createInstance(tx: Executor, driver: ComputeDriver, o: NewInstance, model: ModelPrices, site: SitePrices) {
  const [node] = await tx.select().from(computeNodes).where(eq(computeNodes.id, o.nodeId));
  const dayRate =
    o.billingType === Billing.payAsYouGo
      ? dayRateOf({ gpuHeld: o.gpuCount, noGpu: false, dataDiskExtraGb: o.dataDiskExtraGb }, model, site)
      : 0;
  const [row] = await tx
    .insert(instances)
    .values({
      userId: o.userId,
      name: o.name,
      nodeId: o.nodeId,
      regionCode: node!.regionCode,
      gpuModelId: node!.gpuModelId,
      gpuCount: o.gpuCount,
      gpuHeld: o.gpuCount,
      gpuIndices: o.gpuIndices,
      clonedFromId: o.clonedFromId ?? null,
      status: 0,
      billingType: o.billingType,
      packageExpiresAt: o.packageExpiresAt,
      imageId: o.imageId,
      imageName: o.imageName,
      dataDiskExtraGb: o.dataDiskExtraGb,
      dayRate,
      sshHost: node!.sshHost,
      sshPort: 0,
      sshPassword: newSshPassword(),
      jupyterToken: randomBytes(24).toString('hex'),
      createdAt: o.now,
    })
    .returning();
  await mountRegionNetDisk(tx, row!);
  await mountDatasetsOfNewInstance(tx, row!.id, o.datasets ?? [], o.now);
  const transition = await driver.create(row!, o.now, await mountsOf(tx, row!.id));
  return beginTransition(tx, row!.id, transition, { sshPort: 20_000 + (row!.id % 40_000) });
}
