import { and, asc, eq, inArray, isNull, max, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PeriodSaveBody, PeriodUpdateBody } from '@rc/api-contract/course/authoring';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ShelfStatus, courseChapters, coursePeriods, courses, images, videos } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { renderMarkdown } from '../content/index.js';
import { ownCourse, requireTeacher } from './course-access.js';

type Course = typeof courses.$inferSelect;

/** A course of the teacher whose outline may change: anything but one waiting for review. */
export async function editableCourse(db: Executor, user: SessionUser, courseId: number): Promise<Course> {
  const course = await ownCourse(db, user, courseId);
  if (course.status === ShelfStatus.reviewing) throw conflict('课程审核中，不能修改');
  return course;
}

async function ownChapter(db: Executor, user: SessionUser, chapterId: number) {
  const [chapter] = await db.select().from(courseChapters).where(eq(courseChapters.id, chapterId));
  if (!chapter) throw notFound('章节不存在');
  const course = await editableCourse(db, user, chapter.courseId);
  return { chapter, course };
}

async function ownPeriod(db: Executor, user: SessionUser, periodId: number) {
  const [period] = await db.select().from(coursePeriods).where(eq(coursePeriods.id, periodId));
  if (!period) throw notFound('课时不存在');
  const course = await editableCourse(db, user, period.courseId);
  return { period, course };
}

const touch = (db: Executor, courseId: number, now: Date) => db.update(courses).set({ updatedAt: now }).where(eq(courses.id, courseId));

export async function saveChapter(app: FastifyInstance, user: SessionUser, courseId: number, title: string) {
  const course = await editableCourse(app.db, user, courseId);
  const name = title.trim();
  if (!name) throw invalid('章节名称不能为空');
  const [last] = await app.db
    .select({ sort: max(courseChapters.sort) })
    .from(courseChapters)
    .where(eq(courseChapters.courseId, course.id));
  const [chapter] = await app.db
    .insert(courseChapters)
    .values({ courseId: course.id, title: name, sort: (last?.sort ?? 0) + 1, createdAt: app.clock.now() })
    .returning({ id: courseChapters.id });
  await touch(app.db, course.id, app.clock.now());
  return chapter!;
}

export async function renameChapter(app: FastifyInstance, user: SessionUser, chapterId: number, title: string) {
  const { chapter } = await ownChapter(app.db, user, chapterId);
  const name = title.trim();
  if (!name) throw invalid('章节名称不能为空');
  await app.db.update(courseChapters).set({ title: name }).where(eq(courseChapters.id, chapter.id));
  return { id: chapter.id };
}

/** Deletes a chapter with its periods. */
export async function deleteChapter(app: FastifyInstance, user: SessionUser, chapterId: number) {
  const { chapter, course } = await ownChapter(app.db, user, chapterId);
  await app.db.delete(courseChapters).where(eq(courseChapters.id, chapter.id));
  await touch(app.db, course.id, app.clock.now());
}

/** Puts every chapter of the course in the given order. */
export async function sortChapters(app: FastifyInstance, user: SessionUser, courseId: number, chapterIds: number[]) {
  const course = await editableCourse(app.db, user, courseId);
  const existing = await app.db.select({ id: courseChapters.id }).from(courseChapters).where(eq(courseChapters.courseId, course.id));
  const known = new Set(existing.map((row) => row.id));
  if (known.size !== chapterIds.length || chapterIds.some((id) => !known.has(id))) throw invalid('章节顺序应包含本课程的全部章节');
  await app.db.transaction(async (tx) => {
    for (const [index, id] of chapterIds.entries())
      await tx
        .update(courseChapters)
        .set({ sort: index + 1 })
        .where(eq(courseChapters.id, id));
  });
}

/** A lab opens a system image or one of the teacher's own, ready and not deleted. */
async function checkLabImage(db: Executor, user: SessionUser, imageId: number | null | undefined): Promise<number> {
  if (!imageId) throw invalid('请选择实验镜像');
  const [image] = await db
    .select({ id: images.id })
    .from(images)
    .where(
      and(eq(images.id, imageId), or(isNull(images.userId), eq(images.userId, user.id)), isNull(images.deletedAt), eq(images.status, 1)),
    );
  if (!image) throw invalid('实验镜像不存在或不可用');
  return image.id;
}

async function periodContent(db: Executor, user: SessionUser, kind: string, body: PeriodUpdateBody | PeriodSaveBody) {
  const title = body.title.trim();
  if (!title) throw invalid('课时名称不能为空');
  const documentMarkdown = kind === 'document' ? (body.documentMarkdown ?? '') : '';
  if (kind === 'document' && !documentMarkdown.trim()) throw invalid('图文课时的内容不能为空');
  return {
    title,
    isPreview: body.isPreview ?? false,
    documentMarkdown,
    documentHtml: documentMarkdown ? renderMarkdown(documentMarkdown) : '',
    labImageId: kind === 'lab' ? await checkLabImage(db, user, body.labImageId) : null,
  };
}

export async function savePeriod(app: FastifyInstance, user: SessionUser, body: PeriodSaveBody) {
  const { chapter, course } = await ownChapter(app.db, user, body.chapterId);
  const content = await periodContent(app.db, user, body.kind, body);
  const [last] = await app.db
    .select({ sort: max(coursePeriods.sort) })
    .from(coursePeriods)
    .where(eq(coursePeriods.chapterId, chapter.id));
  const [period] = await app.db
    .insert(coursePeriods)
    .values({
      ...content,
      courseId: course.id,
      chapterId: chapter.id,
      kind: body.kind,
      sort: (last?.sort ?? 0) + 1,
      createdAt: app.clock.now(),
    })
    .returning({ id: coursePeriods.id });
  await touch(app.db, course.id, app.clock.now());
  return period!;
}

/** Edits a period; its kind stays what it was created as. */
export async function updatePeriod(app: FastifyInstance, user: SessionUser, body: PeriodUpdateBody) {
  const { period, course } = await ownPeriod(app.db, user, body.id);
  const content = await periodContent(app.db, user, period.kind, body);
  await app.db.update(coursePeriods).set(content).where(eq(coursePeriods.id, period.id));
  await touch(app.db, course.id, app.clock.now());
  return { id: period.id };
}

export async function deletePeriod(app: FastifyInstance, user: SessionUser, periodId: number) {
  const { period, course } = await ownPeriod(app.db, user, periodId);
  await app.db.delete(coursePeriods).where(eq(coursePeriods.id, period.id));
  await touch(app.db, course.id, app.clock.now());
}

/**
 * The whole new order of a chapter's periods. It must keep every period the chapter has; periods of
 * other chapters of the same course listed here move into this chapter.
 */
export async function sortPeriods(app: FastifyInstance, user: SessionUser, chapterId: number, periodIds: number[]) {
  const { chapter, course } = await ownChapter(app.db, user, chapterId);
  const listed = periodIds.length
    ? await app.db
        .select({ id: coursePeriods.id, chapterId: coursePeriods.chapterId })
        .from(coursePeriods)
        .where(and(eq(coursePeriods.courseId, course.id), inArray(coursePeriods.id, periodIds)))
    : [];
  if (listed.length !== periodIds.length) throw invalid('课时不存在或不属于本课程');
  const current = await app.db.select({ id: coursePeriods.id }).from(coursePeriods).where(eq(coursePeriods.chapterId, chapter.id));
  const order = new Set(periodIds);
  if (current.some((row) => !order.has(row.id))) throw invalid('课时顺序应包含本章节的全部课时');
  await app.db.transaction(async (tx) => {
    for (const [index, id] of periodIds.entries())
      await tx
        .update(coursePeriods)
        .set({ chapterId: chapter.id, sort: index + 1 })
        .where(eq(coursePeriods.id, id));
  });
  await touch(app.db, course.id, app.clock.now());
}

/** Shows one of the teacher's uploaded videos in a video period; the period takes the video's length. */
export async function attachVideo(app: FastifyInstance, user: SessionUser, periodId: number, videoId: number) {
  const { period, course } = await ownPeriod(app.db, user, periodId);
  if (period.kind !== 'video') throw invalid('只有视频课时可以关联视频');
  const [video] = await app.db
    .select({ id: videos.id, durationSeconds: videos.durationSeconds })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.userId, user.id)));
  if (!video) throw notFound('视频不存在');
  await app.db
    .update(coursePeriods)
    .set({ videoId: video.id, durationSeconds: video.durationSeconds })
    .where(eq(coursePeriods.id, period.id));
  await touch(app.db, course.id, app.clock.now());
  return { id: period.id };
}

/** The chapters of a course in order, each with its periods in order. */
export async function outlineOf(db: Executor, courseId: number) {
  const chapters = await db
    .select()
    .from(courseChapters)
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id));
  const periods = await db
    .select({ period: coursePeriods, videoTitle: videos.title, videoFileName: videos.fileName, labImageName: images.name })
    .from(coursePeriods)
    .leftJoin(videos, eq(videos.id, coursePeriods.videoId))
    .leftJoin(images, eq(images.id, coursePeriods.labImageId))
    .where(eq(coursePeriods.courseId, courseId))
    .orderBy(asc(coursePeriods.sort), asc(coursePeriods.id));
  return chapters.map((chapter) => ({
    id: chapter.id,
    title: chapter.title,
    sort: chapter.sort,
    periods: periods
      .filter(({ period }) => period.chapterId === chapter.id)
      .map(({ period, videoTitle, videoFileName, labImageName }) => ({
        id: period.id,
        chapterId: period.chapterId,
        title: period.title,
        kind: period.kind,
        sort: period.sort,
        isPreview: period.isPreview,
        videoId: period.videoId,
        videoTitle: videoTitle || videoFileName || '',
        durationSeconds: period.durationSeconds,
        documentMarkdown: period.documentMarkdown,
        documentHtml: period.documentHtml,
        labImageId: period.labImageId,
        labImageName: labImageName ?? '',
      })),
  }));
}

export async function teachingOutline(db: Executor, user: SessionUser, courseId: number) {
  const course = await ownCourse(db, user, courseId);
  return outlineOf(db, course.id);
}

/** The images a lab period may open: system images and the teacher's own. */
export async function labImages(db: Executor, user: SessionUser) {
  requireTeacher(user);
  const rows = await db
    .select({ id: images.id, name: images.name, userId: images.userId })
    .from(images)
    .where(and(or(isNull(images.userId), eq(images.userId, user.id)), isNull(images.deletedAt), eq(images.status, 1)))
    .orderBy(asc(images.id));
  return rows.map((row) => ({ id: row.id, name: row.name, mine: row.userId === user.id }));
}
