import { and, count, desc, eq, gte, isNotNull, isNull, sum } from 'drizzle-orm';
import type { TeacherOverview } from '@rc/api-contract/course/teacher';
import { type Executor, ShelfStatus, courseEnrollments, courses, incomeHolds, orders, users } from '../db/index.js';

const beijingOffsetMs = 8 * 3_600_000;

/** The first instant of the current month in China time. */
export function monthStart(now: Date): Date {
  const local = new Date(now.getTime() + beijingOffsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - beijingOffsetMs);
}

const statusNames = Object.fromEntries(Object.entries(ShelfStatus).map(([name, value]) => [value, name])) as Record<
  number,
  keyof typeof ShelfStatus
>;

async function coursesByStatus(db: Executor, teacherId: number): Promise<TeacherOverview['courses']> {
  const rows = await db
    .select({ status: courses.status, n: count() })
    .from(courses)
    .where(eq(courses.teacherId, teacherId))
    .groupBy(courses.status);
  const tally = { total: 0, draft: 0, published: 0, reviewing: 0, rejected: 0, offShelf: 0 };
  for (const row of rows) {
    tally.total += row.n;
    const name = statusNames[row.status];
    if (name) tally[name] += row.n;
  }
  return tally;
}

async function courseIncome(db: Executor, teacherId: number, now: Date): Promise<TeacherOverview['income']> {
  const mine = and(eq(incomeHolds.userId, teacherId), eq(incomeHolds.sourceKind, 'course'));
  const total = async (condition: ReturnType<typeof and>) => {
    const [row] = await db
      .select({ amount: sum(incomeHolds.amount).mapWith(Number) })
      .from(incomeHolds)
      .where(and(mine, condition));
    return row?.amount ?? 0;
  };
  return {
    held: await total(isNull(incomeHolds.releasedAt)),
    released: await total(isNotNull(incomeHolds.releasedAt)),
    thisMonth: await total(gte(incomeHolds.createdAt, monthStart(now))),
  };
}

async function latestSales(db: Executor, teacherId: number): Promise<TeacherOverview['latestSales']> {
  const rows = await db
    .select({
      courseName: courses.courseName,
      buyerNickname: users.nickname,
      price: incomeHolds.baseAmount,
      income: incomeHolds.amount,
      soldAt: incomeHolds.createdAt,
      releasedAt: incomeHolds.releasedAt,
    })
    .from(incomeHolds)
    .innerJoin(orders, eq(orders.orderNo, incomeHolds.sourceRef))
    .innerJoin(courseEnrollments, eq(courseEnrollments.orderId, orders.id))
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .leftJoin(users, eq(users.id, incomeHolds.fromUserId))
    .where(and(eq(incomeHolds.userId, teacherId), eq(incomeHolds.sourceKind, 'course')))
    .orderBy(desc(incomeHolds.id))
    .limit(10);
  return rows.map((row) => ({
    courseName: row.courseName,
    buyerNickname: row.buyerNickname ?? '',
    price: row.price,
    income: row.income,
    soldAt: row.soldAt.toISOString(),
    released: row.releasedAt !== null,
  }));
}

/** The lecturer's desk: courses by status, learners over all courses, course-sale income and the latest sales. */
export async function teacherOverview(db: Executor, teacherId: number, now: Date): Promise<TeacherOverview> {
  const [learners] = await db
    .select({ n: count() })
    .from(courseEnrollments)
    .innerJoin(courses, eq(courses.id, courseEnrollments.courseId))
    .where(eq(courses.teacherId, teacherId));
  return {
    courses: await coursesByStatus(db, teacherId),
    learners: learners!.n,
    income: await courseIncome(db, teacherId, now),
    latestSales: await latestSales(db, teacherId),
  };
}
