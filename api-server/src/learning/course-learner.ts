import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MyCourseView } from '@rc/api-contract/course/catalogue';
import type { SignBody, SignResult } from '@rc/api-contract/course/learning';
import type { SessionUser } from '../accounts/index.js';
import {
  type Executor,
  courseCollections,
  courseComments,
  courseEnrollments,
  courses,
  lecturerFollows,
  orders,
  users,
} from '../db/index.js';
import { courseCard, courseView, selectCards, type Window } from './course-catalogue.js';
import { progressOf } from './course-contents.js';
import { courseOrderType, signUp } from './course-purchase.js';

const noProgress = { completedPeriods: 0, totalPeriods: 0, percent: 0, continuePeriodId: null };

/** The detail for a signed-in viewer: the public detail plus whether they joined, bought, collected, follow the lecturer, and how far they got. */
export async function myCourseView(db: Executor, viewer: SessionUser, courseId: number): Promise<MyCourseView> {
  const view = await courseView(db, viewer, courseId);
  const [[enrolment], [collection], [follow], [review]] = await Promise.all([
    db
      .select({ orderId: courseEnrollments.orderId })
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, viewer.id))),
    db
      .select({ courseId: courseCollections.courseId })
      .from(courseCollections)
      .where(and(eq(courseCollections.courseId, courseId), eq(courseCollections.userId, viewer.id))),
    db
      .select({ lecturerId: lecturerFollows.lecturerId })
      .from(lecturerFollows)
      .where(and(eq(lecturerFollows.userId, viewer.id), eq(lecturerFollows.lecturerId, view.lecturer.userId))),
    db
      .select({ id: courseComments.id })
      .from(courseComments)
      .where(and(eq(courseComments.courseId, courseId), eq(courseComments.userId, viewer.id), isNull(courseComments.parentId))),
  ]);
  const progress = enrolment ? await progressOf(db, viewer.id, courseId) : { ...noProgress, totalPeriods: view.periodCount };
  return {
    ...view,
    mine: view.lecturer.userId === viewer.id,
    enrolled: Boolean(enrolment),
    bought: Boolean(enrolment?.orderId),
    collected: Boolean(collection),
    followingLecturer: Boolean(follow),
    reviewed: Boolean(review),
    progress,
  };
}

/** Signs the user up to a course (a paid one bought from the balance, with its quote's voucher) at the price they were shown. */
export async function signUpFor(app: FastifyInstance, user: SessionUser, body: SignBody): Promise<SignResult> {
  return app.db.transaction(async (tx) => {
    const { orderId, paidAmount } = await signUp(tx, {
      userId: user.id,
      courseId: body.courseId,
      expectedPrice: body.price,
      now: app.clock.now(),
      quote: body.quoteToken ? { key: app.quotes, token: body.quoteToken } : undefined,
    });
    const [order] = orderId === null ? [] : await tx.select({ orderNo: orders.orderNo }).from(orders).where(eq(orders.id, orderId));
    const [account] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, user.id));
    return { courseId: body.courseId, orderNo: order?.orderNo ?? null, paidAmount, balance: account?.balance ?? 0 };
  });
}

/** The courses I signed up to, the one I studied last first, with my progress in each. */
export async function myCourses(db: Executor, user: SessionUser, window: Window) {
  const mine = eq(courseEnrollments.userId, user.id);
  const [rows, [counted]] = await Promise.all([
    selectCards(db, {
      enrolledAt: courseEnrollments.createdAt,
      lastStudiedAt: courseEnrollments.lastStudiedAt,
      paidAmount: courseEnrollments.paidAmount,
    })
      .innerJoin(courseEnrollments, eq(courseEnrollments.courseId, courses.id))
      .where(mine)
      .orderBy(desc(sql`coalesce(${courseEnrollments.lastStudiedAt}, ${courseEnrollments.createdAt})`), desc(courses.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ total: count() }).from(courseEnrollments).where(mine),
  ]);
  const enrolments = await Promise.all(
    rows.map(async (row) => ({
      ...courseCard(row),
      progress: await progressOf(db, user.id, row.id),
      enrolledAt: row.enrolledAt.toISOString(),
      lastStudiedAt: row.lastStudiedAt?.toISOString() ?? null,
      paidAmount: row.paidAmount,
    })),
  );
  return { list: enrolments, total: counted?.total ?? 0 };
}

/** My course purchase orders, newest first. */
export async function myCourseOrders(db: Executor, user: SessionUser, window: Window) {
  const mine = and(eq(orders.userId, user.id), eq(orders.orderType, courseOrderType));
  const [rows, [counted]] = await Promise.all([
    db.select().from(orders).where(mine).orderBy(desc(orders.createdAt), desc(orders.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(orders).where(mine),
  ]);
  const list = rows.map((order) => {
    const detail = order.detail as { courseId?: number; courseName?: string };
    return {
      orderNo: order.orderNo,
      courseId: detail.courseId ?? 0,
      courseName: detail.courseName ?? '',
      amount: order.amount,
      gmtCreate: order.createdAt.toISOString(),
    };
  });
  return { list, total: counted?.total ?? 0 };
}
