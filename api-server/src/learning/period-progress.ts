import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, courseEnrollments, coursePeriods, courses, periodProgress } from '../db/index.js';
import { forbidden, invalid } from '../errors.js';
import { isEnrolled, openablePeriod, visibleCourse } from './course-access.js';
import { coveredSeconds, isWatched, mergeIntervals, type Interval } from './watch-intervals.js';

type Period = typeof coursePeriods.$inferSelect;
type Progress = typeof periodProgress.$inferSelect;

/** A played range may end this far past the recorded length: containers and browsers round the last frame differently. */
const lengthToleranceSeconds = 0.5;

export interface ProgressReport {
  periodId: number;
  intervals: Interval[];
  position: number;
}

export interface PeriodProgressView {
  periodId: number;
  watchedSeconds: number;
  durationSeconds: number | null;
  completed: boolean;
  lastPosition: number;
  percent: number;
}

function progressView(period: Pick<Period, 'id' | 'kind' | 'durationSeconds'>, row: Progress | undefined): PeriodProgressView {
  const completed = Boolean(row?.completedAt);
  const watchedSeconds = row?.watchedSeconds ?? 0;
  const duration = period.durationSeconds;
  const share = period.kind === 'video' && duration ? Math.min(100, Math.floor((watchedSeconds / duration) * 100)) : 0;
  return {
    periodId: period.id,
    watchedSeconds,
    durationSeconds: duration,
    completed,
    lastPosition: row?.lastPosition ?? 0,
    percent: completed ? 100 : share,
  };
}

async function noteStudied(db: Executor, userId: number, period: Period, now: Date): Promise<void> {
  await db
    .update(courseEnrollments)
    .set({ lastPeriodId: period.id, lastStudiedAt: now })
    .where(and(eq(courseEnrollments.courseId, period.courseId), eq(courseEnrollments.userId, userId)));
}

async function lockedProgress(db: Executor, userId: number, period: Period): Promise<Progress> {
  await db.insert(periodProgress).values({ userId, periodId: period.id, courseId: period.courseId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(periodProgress)
    .where(and(eq(periodProgress.userId, userId), eq(periodProgress.periodId, period.id)))
    .for('update');
  return row!;
}

/** The played ranges of a report, refused when any leaves the video's length, clipped to it otherwise. */
function checkedIntervals(report: ProgressReport, duration: number): Interval[] {
  const limit = duration + lengthToleranceSeconds;
  if (report.position > limit || report.intervals.some(([start, end]) => start > end || end > limit))
    throw invalid('播放区间超出视频长度，进度未记录');
  return report.intervals.map(([start, end]) => [start, Math.min(end, duration)]);
}

/**
 * Adds what the player actually played to a learner's progress: the union of the stored and the new
 * ranges (seeking adds nothing), completed once watched. Only enrolled learners' reports are kept.
 */
export async function reportProgress(db: Executor, user: SessionUser, report: ProgressReport, now: Date): Promise<PeriodProgressView> {
  const { course, period } = await openablePeriod(db, user, report.periodId);
  if (!(await isEnrolled(db, user.id, course.id))) throw forbidden('报名课程后才会记录学习进度');
  if (period.kind !== 'video') throw invalid('该课时不是视频，无需上报播放进度');
  const duration = period.durationSeconds;
  if (!duration) throw invalid('视频时长未知，暂不记录进度');
  const played = checkedIntervals(report, duration);
  return db.transaction(async (tx) => {
    const row = await lockedProgress(tx, user.id, period);
    const intervals = mergeIntervals([...row.intervals, ...played]);
    const watchedSeconds = Math.min(duration, coveredSeconds(intervals));
    const completedAt = row.completedAt ?? (isWatched(watchedSeconds, duration) ? now : null);
    const [saved] = await tx
      .update(periodProgress)
      .set({ intervals, watchedSeconds, lastPosition: Math.min(report.position, duration), completedAt, updatedAt: now })
      .where(and(eq(periodProgress.userId, user.id), eq(periodProgress.periodId, period.id)))
      .returning();
    await noteStudied(tx, user.id, period, now);
    return progressView(period, saved);
  });
}

/** Documents and labs are learned by opening them: an enrolled learner's opening completes them. */
export async function completeOnOpen(db: Executor, userId: number, period: Period, now: Date): Promise<void> {
  if (period.kind === 'video' || !(await isEnrolled(db, userId, period.courseId))) return;
  await db
    .insert(periodProgress)
    .values({ userId, periodId: period.id, courseId: period.courseId, completedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [periodProgress.userId, periodProgress.periodId],
      set: { completedAt: sql`coalesce(${periodProgress.completedAt}, excluded.completed_at)`, updatedAt: now },
    });
  await noteStudied(db, userId, period, now);
}

/** The viewer's own progress on one period (zero when none, or when they are not a learner). */
export async function ownProgress(db: Executor, userId: number, periodId: number): Promise<Progress | undefined> {
  const [row] = await db
    .select()
    .from(periodProgress)
    .where(and(eq(periodProgress.userId, userId), eq(periodProgress.periodId, periodId)));
  return row;
}

/** My progress on every period of a course I may see; rows of other learners are never read. */
export async function periodProgressList(db: Executor, user: SessionUser, courseId: number): Promise<PeriodProgressView[]> {
  await visibleCourse(db, user, courseId);
  const periods = await db
    .select({ id: coursePeriods.id, kind: coursePeriods.kind, durationSeconds: coursePeriods.durationSeconds })
    .from(coursePeriods)
    .where(eq(coursePeriods.courseId, courseId))
    .orderBy(asc(coursePeriods.id));
  const rows = await db
    .select()
    .from(periodProgress)
    .where(and(eq(periodProgress.userId, user.id), eq(periodProgress.courseId, courseId)));
  const byPeriod = new Map(rows.map((row) => [row.periodId, row]));
  return periods.map((period) => progressView(period, byPeriod.get(period.id)));
}

/** Completed and total periods of every course I signed up to, newest first. */
export async function courseProgressList(db: Executor, userId: number) {
  const enrolled = await db
    .select({
      courseId: courseEnrollments.courseId,
      courseName: courses.courseName,
      lastPeriodId: courseEnrollments.lastPeriodId,
      lastStudiedAt: courseEnrollments.lastStudiedAt,
    })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(eq(courseEnrollments.userId, userId))
    .orderBy(sql`${courseEnrollments.createdAt} desc`);
  const courseIds = enrolled.map((row) => row.courseId);
  if (courseIds.length === 0) return [];
  const totals = await db
    .select({ courseId: coursePeriods.courseId, total: count() })
    .from(coursePeriods)
    .where(inArray(coursePeriods.courseId, courseIds))
    .groupBy(coursePeriods.courseId);
  const done = await db
    .select({ courseId: periodProgress.courseId, completed: count() })
    .from(periodProgress)
    .where(and(eq(periodProgress.userId, userId), inArray(periodProgress.courseId, courseIds), isNotNull(periodProgress.completedAt)))
    .groupBy(periodProgress.courseId);
  const totalOf = new Map(totals.map((row) => [row.courseId, row.total]));
  const doneOf = new Map(done.map((row) => [row.courseId, row.completed]));
  return enrolled.map((row) => {
    const totalPeriods = totalOf.get(row.courseId) ?? 0;
    const completedPeriods = doneOf.get(row.courseId) ?? 0;
    return { ...row, totalPeriods, completedPeriods, percent: totalPeriods ? Math.floor((completedPeriods / totalPeriods) * 100) : 0 };
  });
}
