import { and, count, countDistinct, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CourseSaveBody, CourseUpdateBody, TeachingListBody } from '@rc/api-contract/course/authoring';
import type { SessionUser } from '../accounts/index.js';
import {
  type Executor,
  ContentStatus,
  ShelfStatus,
  courseAccessories,
  courseCategories,
  courseChapters,
  courseEnrollments,
  coursePeriods,
  courses,
} from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import { renderMarkdown, removeDocument } from '../content/index.js';
import { statusOnSubmit } from '../community/index.js';
import { ownCourse, requireTeacher } from './course-access.js';
import { courseCoverUrl } from './course-covers.js';
import { indexCourse } from './course-search.js';

type Course = typeof courses.$inferSelect;

const coverKeyShape = /^([0-9a-f]{64}\.(png|jpg|webp))?$/;

/** The fields a teacher writes, checked: a known category, a price of ¥1–¥9999 in whole fen for a paid course, no sensitive words. */
async function courseValues(db: Executor, body: CourseSaveBody) {
  const [category] = await db.select({ id: courseCategories.id }).from(courseCategories).where(eq(courseCategories.id, body.categoryId));
  if (!category) throw invalid('课程分类不存在');
  if (!body.isFree && (body.price < 1000 || body.price > 9_999_000)) throw invalid('收费课程的价格应在1元到9999元之间');
  if (body.price % 10 !== 0) throw invalid('价格最多精确到分');
  if (!coverKeyShape.test(body.coverKey ?? '')) throw invalid('封面不存在，请重新上传');
  const courseName = body.courseName.trim();
  if (!courseName) throw invalid('课程名称不能为空');
  const introMarkdown = body.introMarkdown ?? '';
  const screening = await statusOnSubmit(db, [courseName, body.summary ?? '', introMarkdown]);
  if (screening.status !== ContentStatus.published) throw invalid(`${screening.reviewNote}，请修改后保存`);
  return {
    courseName,
    categoryId: body.categoryId,
    summary: (body.summary ?? '').trim(),
    introMarkdown,
    introHtml: renderMarkdown(introMarkdown),
    isFree: body.isFree,
    price: body.isFree ? 0 : body.price,
    noSkip: body.noSkip ?? false,
    coverKey: body.coverKey ?? '',
  };
}

/** A new draft course of the teacher. */
export async function saveCourse(app: FastifyInstance, user: SessionUser, body: CourseSaveBody) {
  requireTeacher(user);
  const values = await courseValues(app.db, body);
  const now = app.clock.now();
  const [course] = await app.db
    .insert(courses)
    .values({ ...values, teacherId: user.id, status: ShelfStatus.draft, createdAt: now, updatedAt: now })
    .returning({ id: courses.id, status: courses.status });
  return course!;
}

/**
 * Edits a course. A course under review cannot change (the operator reviews what was submitted).
 * A published or off-shelf course is edited in place and stays where it is: its learners keep it,
 * whatever price they paid; a new price only applies to those who sign up later.
 */
export async function updateCourse(app: FastifyInstance, user: SessionUser, body: CourseUpdateBody) {
  const course = await ownCourse(app.db, user, body.id);
  if (course.status === ShelfStatus.reviewing) throw conflict('课程审核中，不能修改');
  const values = await courseValues(app.db, body);
  const [saved] = await app.db
    .update(courses)
    .set({ ...values, updatedAt: app.clock.now() })
    .where(eq(courses.id, course.id))
    .returning();
  if (saved!.status === ShelfStatus.published) await indexCourse(app.db, saved!, saved!.publishedAt ?? app.clock.now());
  return { id: saved!.id, status: saved!.status };
}

export const teachingView = (course: Course) => ({
  id: course.id,
  courseName: course.courseName,
  categoryId: course.categoryId,
  summary: course.summary,
  introMarkdown: course.introMarkdown,
  introHtml: course.introHtml,
  isFree: course.isFree,
  price: course.price,
  noSkip: course.noSkip,
  coverKey: course.coverKey,
  coverUrl: courseCoverUrl(course.coverKey),
  status: course.status,
  reviewNote: course.reviewNote,
  learnerCount: course.learnerCount,
});

export async function viewTeachingCourse(db: Executor, user: SessionUser, courseId: number) {
  return teachingView(await ownCourse(db, user, courseId));
}

/** The teacher's courses, newest first, with their chapter, period and learner counts. */
export async function myTeachingCourses(
  db: Executor,
  user: SessionUser,
  body: TeachingListBody,
  window: { limit: number; offset: number },
) {
  requireTeacher(user);
  const where = and(eq(courses.teacherId, user.id), body.status === undefined ? undefined : eq(courses.status, body.status));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await db
    .select({
      course: courses,
      categoryName: sql<string>`coalesce(${courseCategories.name}, '')`,
      chapterCount: countDistinct(courseChapters.id),
      periodCount: countDistinct(coursePeriods.id),
    })
    .from(courses)
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(courseChapters, eq(courseChapters.courseId, courses.id))
    .leftJoin(coursePeriods, eq(coursePeriods.courseId, courses.id))
    .where(where)
    .groupBy(courses.id, courseCategories.name)
    .orderBy(desc(courses.updatedAt), desc(courses.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total,
    list: rows.map(({ course, categoryName, chapterCount, periodCount }) => ({
      id: course.id,
      courseName: course.courseName,
      categoryName,
      coverUrl: courseCoverUrl(course.coverKey),
      isFree: course.isFree,
      price: course.price,
      status: course.status,
      reviewNote: course.reviewNote,
      chapterCount,
      periodCount,
      learnerCount: course.learnerCount,
      updatedAt: course.updatedAt,
    })),
  };
}

/** 上架 / 下架: only a course that passed review moves between the shelf and off it, without a new review. */
export async function standCourse(app: FastifyInstance, user: SessionUser, courseId: number, onShelf: boolean) {
  const course = await ownCourse(app.db, user, courseId);
  const from = onShelf ? ShelfStatus.offShelf : ShelfStatus.published;
  if (course.status !== from) throw conflict(onShelf ? '只有已下架的课程可以上架' : '只有已上架的课程可以下架');
  return app.db.transaction(async (tx) => {
    const status = onShelf ? ShelfStatus.published : ShelfStatus.offShelf;
    const [saved] = await tx.update(courses).set({ status, updatedAt: app.clock.now() }).where(eq(courses.id, course.id)).returning();
    if (onShelf) await indexCourse(tx, saved!, saved!.publishedAt ?? app.clock.now());
    else await removeDocument(tx, 'course', course.id);
    return { id: course.id, status };
  });
}

/** Deletes a course nobody signed up to, with its chapters, periods and accessory files. */
export async function deleteCourse(app: FastifyInstance, user: SessionUser, courseId: number) {
  const course = await ownCourse(app.db, user, courseId);
  const accessories = await app.db.transaction(async (tx) => {
    const [learner] = await tx
      .select({ userId: courseEnrollments.userId })
      .from(courseEnrollments)
      .where(eq(courseEnrollments.courseId, course.id))
      .limit(1);
    if (learner) throw conflict('已有学员报名的课程不能删除，可将其下架');
    const files = await tx
      .select({ blobKey: courseAccessories.blobKey })
      .from(courseAccessories)
      .where(eq(courseAccessories.courseId, course.id));
    await removeDocument(tx, 'course', course.id);
    await tx.delete(courses).where(eq(courses.id, course.id));
    return files;
  });
  for (const { blobKey } of accessories) await app.blobs.remove(blobKey);
}

/**
 * Sends a draft or rejected course to review. It needs at least one chapter with a period, and
 * every video period needs its video.
 */
export async function submitCourse(app: FastifyInstance, user: SessionUser, courseId: number) {
  const course = await ownCourse(app.db, user, courseId);
  if (course.status !== ShelfStatus.draft && course.status !== ShelfStatus.rejected)
    throw conflict(course.status === ShelfStatus.reviewing ? '课程已在审核中' : '课程已通过审核，无需再次提交');
  const periods = await app.db
    .select({ kind: coursePeriods.kind, videoId: coursePeriods.videoId, title: coursePeriods.title })
    .from(coursePeriods)
    .where(eq(coursePeriods.courseId, course.id));
  if (periods.length === 0) throw invalid('请至少添加一个章节和一个课时后再提交审核');
  const withoutVideo = periods.find((period) => period.kind === 'video' && period.videoId === null);
  if (withoutVideo) throw invalid(`视频课时「${withoutVideo.title}」还没有视频，请先上传或选择视频`);
  const now = app.clock.now();
  await app.db
    .update(courses)
    .set({ status: ShelfStatus.reviewing, reviewNote: '', submittedAt: now, updatedAt: now })
    .where(eq(courses.id, course.id));
  return { id: course.id, status: ShelfStatus.reviewing };
}
