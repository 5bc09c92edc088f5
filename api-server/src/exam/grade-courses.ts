import type { GradeCourseSaveBody } from '@rc/api-contract/exam/grade';
import { and, asc, count, eq } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Database, type Executor, ShelfStatus, gradeCourses, courses } from '../db/index.js';
import { invalid } from '../errors.js';
import { visibleCourse, courseCard, published, selectCards } from '../learning/index.js';
import { gradeMissing, joinedGrade, openGrade, taughtGrade } from './grade-roles.js';

interface Window {
  limit: number;
  offset: number;
}

async function coursesOfGrade(db: Executor, gradeId: number, window: Window) {
  const where = and(eq(gradeCourses.gradeId, gradeId), published);
  const [rows, [total]] = await Promise.all([
    selectCards(db)
      .innerJoin(gradeCourses, eq(gradeCourses.courseId, courses.id))
      .where(where)
      .orderBy(asc(gradeCourses.sort), asc(courses.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(gradeCourses).innerJoin(courses, eq(courses.id, gradeCourses.courseId)).where(where),
  ]);
  return { list: rows.map(courseCard), total: total?.total ?? 0 };
}

/** grade/course/page: the class's published courses, for its members and managers. */
export async function memberGradeCourses(db: Executor, user: SessionUser, gradeId: number, window: Window) {
  const { grade } = await joinedGrade(db, user, gradeId);
  return coursesOfGrade(db, grade.id, window);
}

/** The public grade/course/page: the courses of a public open class. */
export async function publicGradeCourses(db: Executor, gradeId: number, window: Window) {
  const grade = await openGrade(db, gradeId);
  if (!grade.isPublic) throw gradeMissing();
  return coursesOfGrade(db, grade.id, window);
}

/** grade/course/save: the teacher sets the class's courses (published ones only), in the order given. */
export async function saveGradeCourses(db: Database, user: SessionUser, body: GradeCourseSaveBody): Promise<{ total: number }> {
  const grade = await taughtGrade(db, user, body.gradeId);
  const courseIds = [...new Set(body.courseIds)];
  for (const courseId of courseIds) {
    const course = await visibleCourse(db, user, courseId);
    if (course.status !== ShelfStatus.published) throw invalid(`课程「${course.courseName}」未上架，不能加入班级`);
  }
  await db.transaction(async (tx) => {
    await tx.delete(gradeCourses).where(eq(gradeCourses.gradeId, grade.id));
    if (courseIds.length > 0) {
      await tx.insert(gradeCourses).values(courseIds.map((courseId, sort) => ({ gradeId: grade.id, courseId, sort })));
    }
  });
  return { total: courseIds.length };
}
