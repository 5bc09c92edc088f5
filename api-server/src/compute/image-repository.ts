import { count, eq, sql } from 'drizzle-orm';
import { imageRepositories, images, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { uniqueViolation } from '../accounts/index.js';
import { privateImagesOf } from './image-lists.js';

const repositoryQuotaBytes = 30 * 1024 ** 3;

export async function imageRepositoryOf(db: Executor, userId: number) {
  const [repository] = await db.select().from(imageRepositories).where(eq(imageRepositories.userId, userId));
  const [usage] = await db
    .select({ n: count(), bytes: sql<number>`coalesce(sum(${images.sizeBytes}), 0)::bigint` })
    .from(images)
    .where(privateImagesOf(userId));
  return {
    activated: Boolean(repository),
    namespace: repository?.namespace ?? '',
    registry: repository ? `registry.suanli.example/${repository.namespace}` : '',
    imageCount: usage?.n ?? 0,
    usedBytes: Number(usage?.bytes ?? 0),
    quotaBytes: repositoryQuotaBytes,
  };
}

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GB`;

/**
 * Saving one more private image needs room: once the images take the whole quota, saving is refused until some are
 * deleted. The images page warns from 80 % on, so this refusal never comes unannounced.
 */
export async function requireRepositoryRoom(db: Executor, userId: number) {
  const { usedBytes, quotaBytes } = await imageRepositoryOf(db, userId);
  if (usedBytes >= quotaBytes)
    throw conflict(`私有镜像已用 ${gigabytes(usedBytes)} / ${gigabytes(quotaBytes)}，已超出配额：请先删除不再使用的私有镜像，再保存新镜像`);
}

/** Opens (or renames) the user's repository under a namespace no one else holds. */
export async function activateImageRepository(db: Executor, userId: number, namespace: string, now: Date) {
  try {
    await db
      .insert(imageRepositories)
      .values({ userId, namespace, createdAt: now })
      .onConflictDoUpdate({ target: imageRepositories.userId, set: { namespace } });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('该命名空间已被占用');
    throw error;
  }
  return imageRepositoryOf(db, userId);
}
