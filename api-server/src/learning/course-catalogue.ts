import { and, asc, avg, count, desc, eq, gt, isNull, ne, sql, sum, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { CourseCard, CourseListBody, CourseView, LecturerProfile } from '@rc/api-contract/course/catalogue';
import type { SessionUser } from '../accounts/index.js';
import {
  type Executor,
  ShelfStatus,
  courseCategories,
  courseComments,
  coursePeriods,
  courses,
  searchDocuments,
  teacherApplications,
  users,
} from '../db/index.js';
import { tsqueryOf } from '../content/index.js';
import { courseCoverUrl } from './course-covers.js';
import { visibleCourse } from './course-access.js';
import { accessoriesOf } from './course-accessories.js';

export interface Window {
  limit: number;
  offset: number;
}

const cardColumns = {
  id: courses.id,
  courseName: courses.courseName,
  summary: courses.summary,
  coverKey: courses.coverKey,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  isFree: courses.isFree,
  price: courses.price,
  learnerCount: courses.learnerCount,
  collectCount: courses.collectCount,
  commentCount: courses.commentCount,
  teacherId: courses.teacherId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  publishedAt: courses.publishedAt,
};

interface CardRow {
  id: number;
  courseName: string;
  summary: string;
  coverKey: string;
  categoryId: number | null;
  categoryName: string | null;
  isFree: boolean;
  price: number;
  learnerCount: number;
  collectCount: number;
  commentCount: number;
  teacherId: number;
  nickname: string;
  avatar: string;
  publishedAt: Date | null;
}

export function courseCard(row: CardRow): CourseCard {
  return {
    id: row.id,
    courseName: row.courseName,
    summary: row.summary,
    coverUrl: courseCoverUrl(row.coverKey),
    categoryId: row.categoryId ?? null,
    categoryName: row.categoryName ?? '',
    isFree: row.isFree,
    price: row.isFree ? 0 : row.price,
    learnerCount: row.learnerCount,
    collectCount: row.collectCount,
    commentCount: row.commentCount,
    lecturer: { userId: row.teacherId, nickname: row.nickname, avatar: row.avatar },
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

/** Course cards with their category and lecturer; callers add the joins they need after this one. */
export const selectCards = <Extra extends SelectedFields>(db: Executor, extra: Extra = {} as Extra) =>
  db
    .select({ ...cardColumns, ...extra })
    .from(courses)
    .innerJoin(users, eq(users.id, courses.teacherId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .$dynamic();

export const published = eq(courses.status, ShelfStatus.published);

export async function courseCategoryList(db: Executor) {
  return db.select().from(courseCategories).orderBy(asc(courseCategories.sort), asc(courseCategories.id));
}

async function pageOfCards(db: Executor, where: SQL | undefined, order: SQL[], window: Window) {
  const [rows, [counted]] = await Promise.all([
    selectCards(db)
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(courses).where(where),
  ]);
  return { list: rows.map(courseCard), total: counted?.total ?? 0 };
}

const newestFirst = [desc(courses.publishedAt), desc(courses.id)];
const mostLearnersFirst = [desc(courses.learnerCount), ...newestFirst];

/** Published courses, optionally of one category, free or paid only; newest or most learned first. */
export function listCourses(db: Executor, filter: CourseListBody, window: Window) {
  const where = and(
    published,
    filter.categoryId === undefined ? undefined : eq(courses.categoryId, filter.categoryId),
    filter.isFree === undefined ? undefined : eq(courses.isFree, filter.isFree),
  );
  return pageOfCards(db, where, filter.sort === 2 ? mostLearnersFirst : newestFirst, window);
}

/** Published courses whose indexed title and introduction match every word of the keyword; best matches first. */
export async function searchCourses(db: Executor, keyword: string, window: Window) {
  const query = await tsqueryOf(keyword);
  if (query === null) return { list: [], total: 0 };
  const matching = sql`${courses.id} in (select ${searchDocuments.refId} from ${searchDocuments} where ${searchDocuments.kind} = 'course' and ${searchDocuments.tokens} @@ ${query}::tsquery)`;
  return pageOfCards(db, and(published, matching), mostLearnersFirst, window);
}

/** Other published courses for a course's side panel: its category first, then by learners. */
export async function recommendedFor(db: Executor, viewer: SessionUser | null, courseId: number, size: number) {
  const course = await visibleCourse(db, viewer, courseId);
  const sameCategoryFirst =
    course.categoryId === null ? [] : [sql`(${courses.categoryId} is not distinct from ${course.categoryId}::integer) desc`];
  const rows = await selectCards(db)
    .where(and(published, ne(courses.id, course.id)))
    .orderBy(...sameCategoryFirst, ...mostLearnersFirst)
    .limit(size);
  return rows.map(courseCard);
}

/** The most learned published courses, for the home and side panels. */
export async function recommendedCourses(db: Executor, size: number) {
  const rows = await selectCards(db)
    .where(published)
    .orderBy(...mostLearnersFirst)
    .limit(size);
  return rows.map(courseCard);
}

async function lecturerProfile(db: Executor, teacherId: number, exceptCourseId: number): Promise<LecturerProfile> {
  const ofTeacher = and(published, eq(courses.teacherId, teacherId));
  const [[person], [approved], [counted], others] = await Promise.all([
    db.select({ userId: users.id, nickname: users.nickname, avatar: users.headImgUrl }).from(users).where(eq(users.id, teacherId)),
    db
      .select({ title: teacherApplications.title, intro: teacherApplications.intro })
      .from(teacherApplications)
      .where(and(eq(teacherApplications.userId, teacherId), eq(teacherApplications.status, 1)))
      .orderBy(desc(teacherApplications.id))
      .limit(1),
    db.select({ total: count() }).from(courses).where(ofTeacher),
    selectCards(db)
      .where(and(ofTeacher, ne(courses.id, exceptCourseId)))
      .orderBy(...mostLearnersFirst)
      .limit(4),
  ]);
  return {
    userId: teacherId,
    nickname: person?.nickname ?? '',
    avatar: person?.avatar ?? '',
    title: approved?.title ?? '',
    intro: approved?.intro ?? '',
    courseCount: counted?.total ?? 0,
    otherCourses: others.map(courseCard),
  };
}

/** A course's public detail as the viewer may see it (unpublished ones only for their teacher and operators). */
export async function courseView(db: Executor, viewer: SessionUser | null, courseId: number): Promise<CourseView> {
  const course = await visibleCourse(db, viewer, courseId);
  const [[card], [periods], [scores], lecturer] = await Promise.all([
    selectCards(db).where(eq(courses.id, course.id)),
    db
      .select({ total: count(), seconds: sum(coursePeriods.durationSeconds).mapWith(Number) })
      .from(coursePeriods)
      .where(eq(coursePeriods.courseId, course.id)),
    db
      .select({ average: avg(courseComments.score).mapWith(Number), total: count() })
      .from(courseComments)
      .where(and(eq(courseComments.courseId, course.id), isNull(courseComments.parentId), gt(courseComments.score, 0))),
    lecturerProfile(db, course.teacherId, course.id),
  ]);
  return {
    ...courseCard(card!),
    introHtml: course.introHtml,
    noSkip: course.noSkip,
    status: course.status,
    periodCount: periods?.total ?? 0,
    totalSeconds: periods?.seconds ?? 0,
    scoreAverage: scores?.total ? Math.round((scores.average ?? 0) * 10) / 10 : 0,
    scoreCount: scores?.total ?? 0,
    lecturerProfile: lecturer,
    accessoryList: (await accessoriesOf(db, course.id)).map((file) => ({ ...file, createdAt: file.createdAt.toISOString() })),
  };
}
