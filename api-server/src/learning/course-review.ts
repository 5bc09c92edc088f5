import { and, asc, count, countDistinct, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ReviewListBody } from '@rc/api-contract/course/authoring';
import { type SessionUser, notify } from '../accounts/index.js';
import { type Executor, ShelfStatus, courseCategories, coursePeriods, courses, users } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { teachingView } from './course-authoring.js';
import { accessoriesOf } from './course-accessories.js';
import { outlineOf } from './course-outline.js';
import { indexCourse } from './course-search.js';

/** Courses for operators, oldest submission first; by default those waiting for review. */
export async function courseReviewQueue(db: Executor, body: ReviewListBody, window: { limit: number; offset: number }) {
  const where = eq(courses.status, body.status ?? ShelfStatus.reviewing);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(courses).where(where);
  const rows = await db
    .select({
      course: courses,
      teacherName: users.nickname,
      categoryName: sql<string>`coalesce(${courseCategories.name}, '')`,
      periodCount: countDistinct(coursePeriods.id),
    })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(coursePeriods, eq(coursePeriods.courseId, courses.id))
    .where(where)
    .groupBy(courses.id, users.nickname, courseCategories.name)
    .orderBy(asc(courses.submittedAt), asc(courses.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    total,
    list: rows.map(({ course, teacherName, categoryName, periodCount }) => ({
      id: course.id,
      courseName: course.courseName,
      teacherName,
      categoryName,
      isFree: course.isFree,
      price: course.price,
      status: course.status,
      periodCount,
      submittedAt: course.submittedAt,
    })),
  };
}

/** A course with its outline and accessories, as the operator reviews it. */
export async function reviewView(db: Executor, courseId: number) {
  const [row] = await db
    .select({ course: courses, teacherName: users.nickname, categoryName: sql<string>`coalesce(${courseCategories.name}, '')` })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .where(eq(courses.id, courseId));
  if (!row) throw notFound('课程不存在');
  return {
    ...teachingView(row.course),
    teacherName: row.teacherName,
    categoryName: row.categoryName,
    submittedAt: row.course.submittedAt,
    chapters: await outlineOf(db, courseId),
    accessories: await accessoriesOf(db, courseId),
  };
}

async function waitingCourse(db: Executor, courseId: number) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw notFound('课程不存在');
  if (course.status !== ShelfStatus.reviewing) throw conflict('该课程不在待审核状态');
  return course;
}

/** Approves a course: it goes on the shelf and into the search, and its teacher is told. */
export async function approveCourse(app: FastifyInstance, operator: SessionUser, courseId: number) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const course = await waitingCourse(tx, courseId);
    const [saved] = await tx
      .update(courses)
      .set({
        status: ShelfStatus.published,
        reviewNote: '',
        reviewerId: operator.id,
        publishedAt: course.publishedAt ?? now,
        updatedAt: now,
      })
      .where(and(eq(courses.id, course.id), eq(courses.status, ShelfStatus.reviewing)))
      .returning();
    await indexCourse(tx, saved!, saved!.publishedAt ?? now);
    await notify(tx, course.teacherId, '课程审核通过', `你的课程「${course.courseName}」已通过审核并上架。`, now);
  });
}

/** Rejects a course with the reason its teacher reads; they may edit it and submit again. */
export async function rejectCourse(app: FastifyInstance, operator: SessionUser, courseId: number, reason: string) {
  const note = reason.trim();
  if (!note) throw invalid('请填写驳回原因');
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const course = await waitingCourse(tx, courseId);
    await tx
      .update(courses)
      .set({ status: ShelfStatus.rejected, reviewNote: note, reviewerId: operator.id, updatedAt: now })
      .where(eq(courses.id, course.id));
    await notify(tx, course.teacherId, '课程审核未通过', `你的课程「${course.courseName}」未通过审核，原因：${note}`, now);
  });
}
