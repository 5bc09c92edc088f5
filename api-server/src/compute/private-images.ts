import { and, count, eq, sql } from 'drizzle-orm';
import { images, instances, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';
import { imageColumns, privateImagesOf } from './image-lists.js';

export async function renamePrivateImage(db: Executor, userId: number, imageId: number, name: string) {
  const [renamed] = await db
    .update(images)
    .set({ name })
    .where(and(eq(images.id, imageId), privateImagesOf(userId)))
    .returning(imageColumns);
  if (!renamed) throw notFound('镜像不存在');
  return renamed;
}

/** A saved image that no live instance runs on is marked deleted. */
export async function deletePrivateImage(db: Executor, userId: number, imageId: number, now: Date) {
  const [image] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), privateImagesOf(userId)));
  if (!image) throw notFound('镜像不存在');
  if (image.status !== 1) throw conflict('镜像正在保存中，请保存完成后再删除');
  const [inUse] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.imageId, image.id), sql`${instances.status} not in (5, 6)`));
  if ((inUse?.n ?? 0) > 0) throw conflict(`有 ${inUse!.n} 个实例正在使用该镜像，请先为它们更换镜像或释放后再删除`);
  await db.update(images).set({ deletedAt: now }).where(eq(images.id, image.id));
}
