import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, courseAccessories } from '../db/index.js';
import { TooLargeError } from '../blobs/index.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { checkFileName } from '../lib/index.js';
import { areaKey, courseAccessoriesArea } from '../uploads/index.js';
import { canOpenPeriod, ownCourse, visibleCourse } from './course-access.js';

/** Largest accessory file: 100 MB. */
export const maxAccessoryBytes = 100 * 1024 * 1024;

export async function accessoriesOf(db: Executor, courseId: number) {
  return db
    .select({
      id: courseAccessories.id,
      fileName: courseAccessories.fileName,
      size: courseAccessories.size,
      downloadCount: courseAccessories.downloadCount,
      createdAt: courseAccessories.createdAt,
    })
    .from(courseAccessories)
    .where(eq(courseAccessories.courseId, courseId))
    .orderBy(asc(courseAccessories.id));
}

export async function teachingAccessories(db: Executor, user: SessionUser, courseId: number) {
  const course = await ownCourse(db, user, courseId);
  return accessoriesOf(db, course.id);
}

/** Stores a file the teacher adds to their course, in their course-accessories area. */
export async function saveAccessory(app: FastifyInstance, user: SessionUser, courseId: number, fileName: string, source: Readable) {
  const course = await ownCourse(app.db, user, courseId);
  checkFileName(fileName, '附件名称');
  const blobKey = areaKey(user.id, courseAccessoriesArea, `${course.id}/${randomUUID()}/${fileName}`);
  let size: number;
  try {
    ({ size } = await app.blobs.put(blobKey, source, { maxBytes: maxAccessoryBytes }));
  } catch (error) {
    source.resume();
    if (error instanceof TooLargeError) throw invalid('附件不能超过100MB');
    throw error;
  }
  if (size === 0) {
    await app.blobs.remove(blobKey);
    throw invalid('附件不能为空文件');
  }
  const [saved] = await app.db
    .insert(courseAccessories)
    .values({ courseId: course.id, fileName, size, blobKey, createdAt: app.clock.now() })
    .returning();
  return { id: saved!.id, fileName, size, downloadCount: 0, createdAt: saved!.createdAt };
}

async function accessoryById(db: Executor, accessoryId: number) {
  const [accessory] = await db.select().from(courseAccessories).where(eq(courseAccessories.id, accessoryId));
  if (!accessory) throw notFound('附件不存在');
  return accessory;
}

export async function deleteAccessory(app: FastifyInstance, user: SessionUser, accessoryId: number) {
  const accessory = await accessoryById(app.db, accessoryId);
  await ownCourse(app.db, user, accessory.courseId);
  await app.db.delete(courseAccessories).where(eq(courseAccessories.id, accessory.id));
  await app.blobs.remove(accessory.blobKey);
}

/**
 * An accessory for a viewer who may open the course's full content (its teacher, operators, learners
 * who signed up), counted as one more download.
 */
export async function downloadableAccessory(app: FastifyInstance, viewer: SessionUser, accessoryId: number) {
  const accessory = await accessoryById(app.db, accessoryId);
  const course = await visibleCourse(app.db, viewer, accessory.courseId);
  if (!(await canOpenPeriod(app.db, viewer, course, { isPreview: false })))
    throw forbidden(course.isFree ? '请先报名课程后下载附件' : '请先购买课程后下载附件');
  const stat = await app.blobs.stat(accessory.blobKey);
  if (!stat) throw notFound('附件文件已丢失');
  await app.db
    .update(courseAccessories)
    .set({ downloadCount: sql`${courseAccessories.downloadCount} + 1` })
    .where(eq(courseAccessories.id, accessory.id));
  return { fileName: accessory.fileName, blobKey: accessory.blobKey, size: stat.size };
}
