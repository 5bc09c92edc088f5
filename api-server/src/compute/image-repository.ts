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
