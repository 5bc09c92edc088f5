import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, courseCollections, courses } from '../db/index.js';
import { notFound } from '../errors.js';
import { courseCard, published, selectCards, type Window } from './course-catalogue.js';
import { visibleCourse } from './course-access.js';

async function collectCountOf(db: Executor, courseId: number) {
  const [row] = await db.select({ n: courses.collectCount }).from(courses).where(eq(courses.id, courseId));
  return row?.n ?? 0;
}

/** Collects a course the user may see; collecting twice changes nothing. */
export async function collectCourse(db: Executor, user: SessionUser, courseId: number) {
  const course = await visibleCourse(db, user, courseId);
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(courseCollections)
      .values({ userId: user.id, courseId: course.id })
      .onConflictDoNothing()
      .returning({ courseId: courseCollections.courseId });
    if (added.length > 0)
      await tx
        .update(courses)
        .set({ collectCount: sql`${courses.collectCount} + 1` })
        .where(eq(courses.id, course.id));
    return { collected: true, collectCount: await collectCountOf(tx, course.id) };
  });
}

export async function uncollectCourse(db: Executor, user: SessionUser, courseId: number) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(courseCollections)
      .where(and(eq(courseCollections.userId, user.id), eq(courseCollections.courseId, courseId)))
      .returning({ courseId: courseCollections.courseId });
    if (removed.length === 0) throw notFound('尚未收藏该课程');
    await tx
      .update(courses)
      .set({ collectCount: sql`greatest(${courses.collectCount} - 1, 0)` })
      .where(eq(courses.id, courseId));
    return { collected: false, collectCount: await collectCountOf(tx, courseId) };
  });
}

/** The published courses I collected, newest collection first. */
export async function collectedCourses(db: Executor, user: SessionUser, window: Window) {
  const where = and(eq(courseCollections.userId, user.id), published);
  const [rows, [counted]] = await Promise.all([
    selectCards(db, { collectedAt: courseCollections.createdAt })
      .innerJoin(courseCollections, eq(courseCollections.courseId, courses.id))
      .where(where)
      .orderBy(desc(courseCollections.createdAt), desc(courses.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(courseCollections).innerJoin(courses, eq(courses.id, courseCollections.courseId)).where(where),
  ]);
  return { list: rows.map((row) => ({ ...courseCard(row), collectedAt: row.collectedAt.toISOString() })), total: counted?.total ?? 0 };
}
