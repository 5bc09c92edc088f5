import { and, eq, sql } from 'drizzle-orm';
import { notify } from '../accounts/index.js';
import type { MoneyQuote } from '@rc/api-contract/user/quote';
import {
  charge,
  confirmedPrice,
  formatYuan,
  holdIncome,
  issueQuote,
  recordOrder,
  voucherNote,
  type PricedOperation,
  type QuoteKey,
} from '../billing/index.js';
import { type Executor, ShelfStatus, courseEnrollments, courses, sysConfig } from '../db/index.js';
import { conflict, notFound } from '../errors.js';

/** Order type of a course purchase (OrderTypeEnum 7 COURSE). */
export const courseOrderType = 7;

/** Site configuration key `courseSale`: the lecturer's share of a sale (basis points) and how long it is held before it can be withdrawn. */
export interface CourseSaleSettings {
  lecturerShareBasisPoints: number;
  holdDays: number;
}

export const defaultCourseSaleSettings: CourseSaleSettings = { lecturerShareBasisPoints: 7000, holdDays: 7 };

export async function loadCourseSaleSettings(db: Executor): Promise<CourseSaleSettings> {
  const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, 'courseSale'));
  const value = (row?.value ?? {}) as Partial<Record<keyof CourseSaleSettings, unknown>>;
  const whole = (v: unknown, max: number, fallback: number) =>
    Number.isSafeInteger(v) && (v as number) >= 0 && (v as number) <= max ? (v as number) : fallback;
  return {
    lecturerShareBasisPoints: whole(value.lecturerShareBasisPoints, 10_000, defaultCourseSaleSettings.lecturerShareBasisPoints),
    holdDays: whole(value.holdDays, 365, defaultCourseSaleSettings.holdDays),
  };
}

/** The lecturer's share of a sale, rounded down to whole fen; the platform keeps the rest. */
export function lecturerShare(price: number, settings: CourseSaleSettings): number {
  return Math.floor((price * settings.lecturerShareBasisPoints) / 10_000 / 10) * 10;
}

export interface SignUp {
  userId: number;
  courseId: number;
  /** The price the learner was shown (thousandths); a paid course is refused when it changed since. */
  expectedPrice: number;
  now: Date;
  /** The purchase's quote, confirmed: its voucher (代金券) pays its part. Without one the balance pays it all. */
  quote?: { key: QuoteKey; token: string };
}

const quoteOperation = 'course';
type Course = typeof courses.$inferSelect;

const priceOf = (course: Course): PricedOperation => ({
  amount: course.price,
  unitPrice: course.price,
  unitName: '门',
  items: [{ name: `课程「${course.courseName}」`, amount: course.price }],
  periodEnd: null,
  requiredBalance: course.price,
});

async function courseOnSale(tx: Executor, userId: number, courseId: number) {
  const [course] = await tx.select().from(courses).where(eq(courses.id, courseId));
  if (!course || course.status !== ShelfStatus.published) throw notFound('课程不存在或未上架');
  if (course.teacherId === userId) throw conflict('不能报名自己的课程');
  return course;
}

/** A paid course's quote, with the best usable 课程 voucher unless `voucherId` names another or none (0). */
export async function quoteCourse(
  db: Executor,
  key: QuoteKey,
  o: { userId: number; courseId: number; voucherId?: number; now: Date },
): Promise<MoneyQuote> {
  const course = await courseOnSale(db, o.userId, o.courseId);
  if (course.isFree) throw conflict('免费课程无需购买，直接报名即可');
  const vouchers = { scope: 'course' as const, choice: o.voucherId };
  const request = { userId: o.userId, operation: quoteOperation, params: { courseId: course.id }, priced: priceOf(course), now: o.now };
  return issueQuote(db, key, { ...request, vouchers });
}

/**
 * Signs a learner up to a published course, in the caller's transaction. A free course is joined at
 * once; a paid one is an order charged to the learner's balance (refused when short, never below
 * zero) whose lecturer's share is booked as held income. Signing up twice is refused, never charged
 * twice: the enrolment row is written first and its primary key stops a second one.
 */
export async function signUp(tx: Executor, s: SignUp): Promise<{ orderId: number | null; paidAmount: number }> {
  const course = await courseOnSale(tx, s.userId, s.courseId);
  const price = course.isFree ? 0 : course.price;
  if (price !== s.expectedPrice) throw conflict(`课程价格已变为 ¥${formatYuan(price)}，请刷新后确认`);
  const [enrolled] = await tx
    .insert(courseEnrollments)
    .values({ courseId: course.id, userId: s.userId, paidAmount: price, createdAt: s.now })
    .onConflictDoNothing()
    .returning({ userId: courseEnrollments.userId });
  if (!enrolled) throw conflict(course.isFree ? '你已报名该课程' : '你已购买该课程');
  await tx
    .update(courses)
    .set({ learnerCount: sql`${courses.learnerCount} + 1` })
    .where(eq(courses.id, course.id));
  if (price === 0) return { orderId: null, paidAmount: 0 };
  const { voucher } = s.quote
    ? await confirmedPrice(
        tx,
        s.quote.key,
        s.quote.token,
        { userId: s.userId, operation: quoteOperation, params: { courseId: course.id }, now: s.now },
        () => priceOf(course),
      )
    : { voucher: undefined };

  const order = await recordOrder(tx, {
    userId: s.userId,
    instanceId: null,
    orderType: courseOrderType,
    billingType: 0,
    amount: price,
    detail: { courseId: course.id, courseName: course.courseName, teacherId: course.teacherId },
    now: s.now,
  });
  await charge(tx, {
    userId: s.userId,
    amount: price,
    kind: 'course',
    product: 'course',
    note: `购买课程：${course.courseName}${voucherNote(voucher)}`,
    now: s.now,
    orderId: order.id,
    voucher,
  });
  const paidAmount = price - (voucher?.amount ?? 0);
  await tx
    .update(courseEnrollments)
    .set({ orderId: order.id, paidAmount })
    .where(and(eq(courseEnrollments.courseId, course.id), eq(courseEnrollments.userId, s.userId)));

  const settings = await loadCourseSaleSettings(tx);
  const share = lecturerShare(price, settings);
  if (share > 0) {
    await holdIncome(tx, {
      userId: course.teacherId,
      amount: share,
      sourceKind: 'course',
      sourceRef: order.orderNo,
      fromUserId: s.userId,
      baseAmount: price,
      holdDays: settings.holdDays,
      note: `课程销售：${course.courseName}`,
      at: s.now,
    });
    await notify(
      tx,
      course.teacherId,
      '课程售出',
      `你的课程「${course.courseName}」售出一份，收益 ¥${formatYuan(share)} 将在 ${settings.holdDays} 天后可提现。`,
      s.now,
    );
  }
  return { orderId: order.id, paidAmount };
}
