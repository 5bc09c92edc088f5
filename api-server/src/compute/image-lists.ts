import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { images, type Executor } from '../db/index.js';
import { hasDesktop } from './desktop/desktop-image.js';

export const imageColumns = {
  id: images.id,
  name: images.name,
  framework: images.framework,
  frameworkVersion: images.frameworkVersion,
  python: images.python,
  cuda: images.cuda,
  os: images.os,
  sizeBytes: images.sizeBytes,
  status: images.status,
  sourceInstanceId: images.sourceInstanceId,
  desktop: hasDesktop(images.id),
  gmtCreate: images.createdAt,
};

interface Window {
  limit: number;
  offset: number;
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;
const systemImages = isNull(images.userId);

export const privateImagesOf = (userId: number) => and(eq(images.userId, userId), isNull(images.deletedAt));

async function imagePage(db: Executor, where: SQL | undefined, window: Window) {
  const list = await db.select(imageColumns).from(images).where(where).orderBy(desc(images.id)).limit(window.limit).offset(window.offset);
  const [total] = await db.select({ n: count() }).from(images).where(where);
  return { list, total: total?.n ?? 0 };
}

export function allSystemImages(db: Executor) {
  return db.select(imageColumns).from(images).where(systemImages).orderBy(asc(images.id));
}

/** System images whose name or framework contains the keyword. */
export function systemImagePage(db: Executor, keyword: string | undefined, window: Window) {
  const matches = keyword ? or(ilike(images.name, like(keyword)), ilike(images.framework, like(keyword))) : undefined;
  return imagePage(db, and(systemImages, matches), window);
}

/** The user's own images (not deleted) whose name contains the keyword. */
export function privateImagePage(db: Executor, userId: number, keyword: string | undefined, window: Window) {
  return imagePage(db, and(privateImagesOf(userId), keyword ? ilike(images.name, like(keyword)) : undefined), window);
}
