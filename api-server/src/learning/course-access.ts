import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ShelfStatus, courseEnrollments, coursePeriods, courses } from '../db/index.js';
import { forbidden, notFound } from '../errors.js';

type Course = typeof courses.$inferSelect;
type Period = typeof coursePeriods.$inferSelect;

const courseMissing = () => notFound('课程不存在或未上架');

/** Teaching calls need a teacher account (userType 2 with isTeacher). */
export function requireTeacher(user: SessionUser): SessionUser {
  if (!user.account.isTeacher) throw forbidden('仅讲师可以执行此操作，请先在讲师中心申请成为讲师');
  return user;
}

/** A course its teacher may edit; any other user (another teacher, an operator) is told it does not exist. */
export async function ownCourse(db: Executor, user: SessionUser, courseId: number): Promise<Course> {
  requireTeacher(user);
  const [course] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.teacherId, user.id)));
  if (!course) throw notFound('课程不存在');
  return course;
}

const teachesOrReviews = (viewer: SessionUser | null, course: Course) =>
  viewer !== null && (viewer.id === course.teacherId || viewer.account.isOperator);

/**
 * A course as a viewer may see it: published ones to everyone; one taken off the shelf still to the
 * learners who signed up (a bought course is never lost); any to its teacher and to operators (who
 * review them). Others are answered as missing, never described.
 */
export async function visibleCourse(db: Executor, viewer: SessionUser | null, courseId: number): Promise<Course> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course) throw courseMissing();
  if (course.status === ShelfStatus.published || teachesOrReviews(viewer, course)) return course;
  if (viewer && course.status === ShelfStatus.offShelf && (await isEnrolled(db, viewer.id, course.id))) return course;
  throw courseMissing();
}

export async function isEnrolled(db: Executor, userId: number, courseId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, userId)));
  return Boolean(row);
}

/**
 * Whether a viewer may open a period's content (video, document, lab): its teacher and operators
 * always; anyone a preview period of a published course; others once they signed up (free courses
 * are signed up to in one click, paid ones bought), also after the course left the shelf.
 */
export async function canOpenPeriod(
  db: Executor,
  viewer: SessionUser | null,
  course: Course,
  period: Pick<Period, 'isPreview'>,
): Promise<boolean> {
  if (teachesOrReviews(viewer, course)) return true;
  if (course.status === ShelfStatus.published && period.isPreview) return true;
  const onSale = course.status === ShelfStatus.published || course.status === ShelfStatus.offShelf;
  return onSale && viewer !== null && isEnrolled(db, viewer.id, course.id);
}

/** The period with its course, for a viewer who may open it; refused otherwise with the reason a learner can act on. */
export async function openablePeriod(
  db: Executor,
  viewer: SessionUser | null,
  periodId: number,
): Promise<{ course: Course; period: Period }> {
  const [period] = await db.select().from(coursePeriods).where(eq(coursePeriods.id, periodId));
  if (!period) throw notFound('课时不存在');
  const course = await visibleCourse(db, viewer, period.courseId);
  if (await canOpenPeriod(db, viewer, course, period)) return { course, period };
  if (!viewer) throw forbidden('请先登录后学习');
  throw forbidden(course.isFree ? '请先报名课程' : '请先购买课程后学习');
}
