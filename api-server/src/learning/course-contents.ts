import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { ChapterEntry, CourseProgress } from '@rc/api-contract/course/catalogue';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, courseChapters, courseEnrollments, coursePeriods, periodProgress } from '../db/index.js';
import { canOpenPeriod, visibleCourse } from './course-access.js';

/** A course's periods in learning order: by chapter, then by period. */
export function periodsInOrder(db: Executor, courseId: number) {
  return db
    .select({ period: coursePeriods, chapterTitle: courseChapters.title })
    .from(coursePeriods)
    .innerJoin(courseChapters, eq(courseChapters.id, coursePeriods.chapterId))
    .where(eq(coursePeriods.courseId, courseId))
    .orderBy(asc(courseChapters.sort), asc(courseChapters.id), asc(coursePeriods.sort), asc(coursePeriods.id));
}

async function completedPeriodIds(db: Executor, userId: number, courseId: number): Promise<Set<number>> {
  const rows = await db
    .select({ periodId: periodProgress.periodId })
    .from(periodProgress)
    .where(and(eq(periodProgress.userId, userId), eq(periodProgress.courseId, courseId), isNotNull(periodProgress.completedAt)));
  return new Set(rows.map((row) => row.periodId));
}

/**
 * The table of contents as the viewer sees it: chapters with their periods' titles, kinds and
 * lengths, whether the viewer may open each and whether they finished it. Never the content.
 */
export async function chapterList(db: Executor, viewer: SessionUser | null, courseId: number): Promise<ChapterEntry[]> {
  const course = await visibleCourse(db, viewer, courseId);
  const [chapters, periods, completed] = await Promise.all([
    db
      .select({ id: courseChapters.id, title: courseChapters.title })
      .from(courseChapters)
      .where(eq(courseChapters.courseId, course.id))
      .orderBy(asc(courseChapters.sort), asc(courseChapters.id)),
    periodsInOrder(db, course.id),
    viewer ? completedPeriodIds(db, viewer.id, course.id) : new Set<number>(),
  ]);
  const entries: ChapterEntry[] = chapters.map((chapter) => ({ ...chapter, periods: [] }));
  for (const { period } of periods) {
    const chapter = entries.find((entry) => entry.id === period.chapterId);
    chapter?.periods.push({
      id: period.id,
      title: period.title,
      kind: period.kind,
      durationSeconds: period.durationSeconds,
      isPreview: period.isPreview,
      locked: !(await canOpenPeriod(db, viewer, course, period)),
      completed: completed.has(period.id),
    });
  }
  return entries;
}

/** How far a learner got in a course: finished periods of all, and the period to continue from. */
export async function progressOf(db: Executor, userId: number, courseId: number): Promise<CourseProgress> {
  const [[total], [done], [enrolment], [first]] = await Promise.all([
    db.select({ n: count() }).from(coursePeriods).where(eq(coursePeriods.courseId, courseId)),
    db
      .select({ n: count() })
      .from(periodProgress)
      .where(and(eq(periodProgress.userId, userId), eq(periodProgress.courseId, courseId), isNotNull(periodProgress.completedAt))),
    db
      .select({ lastPeriodId: courseEnrollments.lastPeriodId })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId))),
    periodsInOrder(db, courseId).limit(1),
  ]);
  const totalPeriods = total?.n ?? 0;
  const completedPeriods = Math.min(done?.n ?? 0, totalPeriods);
  return {
    completedPeriods,
    totalPeriods,
    percent: totalPeriods === 0 ? 0 : Math.floor((completedPeriods * 100) / totalPeriods),
    continuePeriodId: enrolment?.lastPeriodId ?? first?.period.id ?? null,
  };
}
