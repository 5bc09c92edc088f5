import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../billing/ledger.js';
import { bills, courseEnrollments, courses, incomeHolds, orders, sysConfig, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { courseFixture, newLearner, newTeacher, type Person } from '../test-support/learning-test-kit.js';
import { lecturerShare, signUp } from './course-purchase.js';

let t: TestApp;
let teacher: Person;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await newTeacher(t.app);
});
afterAll(() => t.close());

const buy = (userId: number, courseId: number, expectedPrice: number) =>
  t.app.db.transaction((tx) => signUp(tx, { userId, courseId, expectedPrice, now: t.clock.now() }));
const money = async (id: number) => {
  const [row] = await t.app.db.select({ cash: users.balance, held: users.incomeHeld }).from(users).where(eq(users.id, id));
  return row!;
};

describe('signing up to a course', () => {
  it('joins a free course at once, without an order or a charge', async () => {
    const learner = await newLearner(t.app, 0);
    const { courseId } = await courseFixture(t.app, teacher.id);
    expect(await buy(learner.id, courseId, 0)).toEqual({ orderId: null, paidAmount: 0 });
    const [course] = await t.app.db.select({ learners: courses.learnerCount }).from(courses).where(eq(courses.id, courseId));
    expect(course!.learners).toBe(1);
    await expect(buy(learner.id, courseId, 0)).rejects.toThrow('你已报名该课程');
  });

  it('charges a paid course once from the balance, as an order and a course bill, and holds the lecturer share', async () => {
    const learner = await newLearner(t.app, 100_000);
    const { courseId } = await courseFixture(t.app, teacher.id, { price: 99_000 });
    const teacherBefore = await money(teacher.id);
    const { orderId, paidAmount } = await buy(learner.id, courseId, 99_000);
    expect(paidAmount).toBe(99_000);
    expect((await money(learner.id)).cash).toBe(1_000);
    const share = lecturerShare(99_000, { lecturerShareBasisPoints: 7000, holdDays: 7 });
    expect(share).toBe(69_300);
    expect((await money(teacher.id)).held).toBe(teacherBefore.held + share);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId!));
    expect(order).toMatchObject({ userId: learner.id, orderType: 7, status: 1, amount: 99_000, instanceId: null });
    const [bill] = await t.app.db.select().from(bills).where(eq(bills.orderId, orderId!));
    expect(bill).toMatchObject({ userId: learner.id, product: 'course', kind: 'course', amount: 99_000 });
    const [hold] = await t.app.db.select().from(incomeHolds).where(eq(incomeHolds.sourceRef, order!.orderNo));
    expect(hold).toMatchObject({ userId: teacher.id, sourceKind: 'course', amount: share, baseAmount: 99_000, fromUserId: learner.id });
    const [enrolment] = await t.app.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, learner.id)));
    expect(enrolment).toMatchObject({ orderId, paidAmount: 99_000 });

    await expect(buy(learner.id, courseId, 99_000)).rejects.toThrow('你已购买该课程');
    expect((await money(learner.id)).cash).toBe(1_000);
    expect(await checkLedger(t.app.db)).toMatchObject({ trialBalance: 0, unbalancedTransactions: [], mismatches: [] });
  });

  it('refuses a learner who cannot pay, and leaves nothing behind', async () => {
    const learner = await newLearner(t.app, 10_000);
    const { courseId } = await courseFixture(t.app, teacher.id, { price: 99_000 });
    await expect(buy(learner.id, courseId, 99_000)).rejects.toThrow('账户余额不足');
    expect((await money(learner.id)).cash).toBe(10_000);
    const rows = await t.app.db.select().from(courseEnrollments).where(eq(courseEnrollments.courseId, courseId));
    expect(rows).toEqual([]);
  });

  it('refuses a price the learner was not shown, unpublished courses and the teacher’s own course', async () => {
    const learner = await newLearner(t.app, 500_000);
    const paid = await courseFixture(t.app, teacher.id, { price: 99_000 });
    await expect(buy(learner.id, paid.courseId, 50_000)).rejects.toThrow('课程价格已变为 ¥99.00，请刷新后确认');
    const draft = await courseFixture(t.app, teacher.id, { status: 0 });
    await expect(buy(learner.id, draft.courseId, 0)).rejects.toThrow('课程不存在或未上架');
    await expect(buy(teacher.id, paid.courseId, 99_000)).rejects.toThrow('不能报名自己的课程');
  });

  it('pays the lecturer the configured share, rounded down to whole fen', async () => {
    await t.app.db.insert(sysConfig).values({ key: 'courseSale', value: { lecturerShareBasisPoints: 3333, holdDays: 3 } });
    const learner = await newLearner(t.app, 100_000);
    const { courseId } = await courseFixture(t.app, teacher.id, { price: 9_990 });
    const { orderId } = await buy(learner.id, courseId, 9_990);
    const [order] = await t.app.db.select().from(orders).where(eq(orders.id, orderId!));
    const [hold] = await t.app.db.select().from(incomeHolds).where(eq(incomeHolds.sourceRef, order!.orderNo));
    expect(hold!.amount).toBe(3_320);
    expect(hold!.releaseAt.getTime() - hold!.createdAt.getTime()).toBe(3 * 86_400_000);
    await t.app.db.delete(sysConfig).where(eq(sysConfig.key, 'courseSale'));
  });
});
