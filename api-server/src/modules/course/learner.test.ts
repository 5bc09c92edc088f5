import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus, courseEnrollments, periodProgress, users } from '../../db/schema.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: Person;
let otherTeacher: Person;
let learner: Person;
let operator: Person;

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/course${path}`, body, who?.token);
const balanceOf = async (person: Person) => (await t.app.db.select({ b: users.balance }).from(users).where(eq(users.id, person.id)))[0]!.b;

beforeAll(async () => {
  t = await createTestApp();
  [owner, otherTeacher, learner, operator] = await Promise.all([
    newTeacher(t.app),
    newTeacher(t.app),
    newLearner(t.app, 120_000),
    newOperator(t.app),
  ]);
});
afterAll(() => t.close());

describe('signing up and buying', () => {
  it('asks anonymous visitors to sign in for every learner call', async () => {
    const { courseId } = await courseFixture(t.app, owner.id);
    for (const path of [
      '/auth/course/view',
      '/auth/course/sign',
      '/auth/user/collection/course/save',
      '/auth/user/collection/course/delet',
    ])
      expect((await post(path, { courseId, price: 0 })).code).toBe(401);
    for (const path of ['/auth/course/page', '/auth/user/collection/course/list', '/auth/user/order/course/ref/list'])
      expect((await post(path, {})).code).toBe(401);
  });

  it('buys a paid course once from the balance; the detail then shows it bought with the period to continue from', async () => {
    const { courseId, periodIds } = await courseFixture(t.app, owner.id, { price: 99_000 });
    const before = await post('/auth/course/view', { courseId }, learner);
    expect(before.data).toMatchObject({ enrolled: false, bought: false, mine: false, collected: false, followingLecturer: false });
    expect(before.data.progress).toMatchObject({ completedPeriods: 0, totalPeriods: 2, continuePeriodId: null });

    expect((await post('/auth/course/sign', { courseId, price: 9_000 }, learner)).code).toBe(409);
    expect(await balanceOf(learner)).toBe(120_000);
    const bought = await post('/auth/course/sign', { courseId, price: 99_000 }, learner);
    expect(bought).toMatchObject({ code: 200, msg: '购买成功', data: { courseId, paidAmount: 99_000, balance: 21_000 } });
    expect(bought.data.orderNo).toMatch(/\S/);
    const again = await post('/auth/course/sign', { courseId, price: 99_000 }, learner);
    expect(again).toMatchObject({ code: 409, msg: '你已购买该课程' });
    expect(await balanceOf(learner)).toBe(21_000);

    const after = await post('/auth/course/view', { courseId }, learner);
    expect(after.data).toMatchObject({ enrolled: true, bought: true, learnerCount: 1 });
    expect(after.data.progress).toMatchObject({ completedPeriods: 0, totalPeriods: 2, percent: 0, continuePeriodId: periodIds[0] });
    const chapters = await post('/api/course/chapter/list', { courseId }, learner);
    expect(chapters.data[0].periods.every((p: { locked: boolean }) => !p.locked)).toBe(true);

    await t.app.db.insert(periodProgress).values({ userId: learner.id, periodId: periodIds[1]!, courseId, completedAt: t.clock.now() });
    await t.app.db
      .update(courseEnrollments)
      .set({ lastPeriodId: periodIds[1]!, lastStudiedAt: t.clock.now() })
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, learner.id)));
    const studied = await post('/auth/course/view', { courseId }, learner);
    expect(studied.data.progress).toEqual({ completedPeriods: 1, totalPeriods: 2, percent: 50, continuePeriodId: periodIds[1] });

    const orders = await post('/auth/user/order/course/ref/list', {}, learner);
    expect(orders.data.list[0]).toMatchObject({ orderNo: bought.data.orderNo, courseId, amount: 99_000 });
    for (const who of [owner, otherTeacher, operator])
      expect((await post('/auth/user/order/course/ref/list', {}, who)).data.list.map((o: { orderNo: string }) => o.orderNo)).not.toContain(
        bought.data.orderNo,
      );

    const mine = await post('/auth/course/page', {}, learner);
    expect(mine.data.list[0]).toMatchObject({
      id: courseId,
      paidAmount: 99_000,
      progress: { percent: 50, continuePeriodId: periodIds[1] },
    });
    for (const who of [owner, otherTeacher, operator])
      expect((await post('/auth/course/page', {}, who)).data.list.map((c: { id: number }) => c.id)).not.toContain(courseId);
  });

  it('refuses a purchase the balance cannot cover, charging nothing', async () => {
    const poor = await newLearner(t.app, 1_000);
    const { courseId } = await courseFixture(t.app, owner.id, { price: 99_000 });
    const answer = await post('/auth/course/sign', { courseId, price: 99_000 }, poor);
    expect(answer.code).not.toBe(200);
    expect(answer.msg).toMatch(/余额/);
    expect(await balanceOf(poor)).toBe(1_000);
    expect((await post('/auth/course/view', { courseId }, poor)).data.enrolled).toBe(false);
  });

  it('joins a free course; its teacher cannot sign up to it; unpublished courses cannot be joined or viewed by others', async () => {
    const { courseId } = await courseFixture(t.app, owner.id);
    expect(await post('/auth/course/sign', { courseId, price: 0 }, otherTeacher)).toMatchObject({
      code: 200,
      msg: '报名成功',
      data: { orderNo: null },
    });
    expect((await post('/auth/course/sign', { courseId, price: 0 }, owner)).code).toBe(409);
    expect((await post('/auth/course/view', { courseId }, owner)).data.mine).toBe(true);

    const { courseId: draft } = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    for (const who of [learner, otherTeacher, operator])
      expect((await post('/auth/course/sign', { courseId: draft, price: 0 }, who)).code).toBe(404);
    for (const who of [learner, otherTeacher]) expect((await post('/auth/course/view', { courseId: draft }, who)).code).toBe(404);
    expect((await post('/auth/course/view', { courseId: draft }, operator)).code).toBe(200);
    expect((await post('/auth/course/view', { courseId: draft }, owner)).code).toBe(200);
  });
});

describe('collections', () => {
  it('collects and uncollects a course; each user sees only their own collection', async () => {
    const { courseId } = await courseFixture(t.app, owner.id);
    expect(await post('/auth/user/collection/course/save', { courseId }, learner)).toMatchObject({
      code: 200,
      data: { collected: true, collectCount: 1 },
    });
    expect((await post('/auth/user/collection/course/save', { courseId }, learner)).data.collectCount).toBe(1);
    expect((await post('/auth/course/view', { courseId }, learner)).data.collected).toBe(true);
    const list = await post('/auth/user/collection/course/list', {}, learner);
    expect(list.data.list[0]).toMatchObject({ id: courseId });
    for (const who of [owner, otherTeacher, operator])
      expect((await post('/auth/user/collection/course/list', {}, who)).data.list.map((c: { id: number }) => c.id)).not.toContain(courseId);
    expect((await post('/auth/user/collection/course/delet', { courseId }, otherTeacher)).code).toBe(404);
    expect(await post('/auth/user/collection/course/delet', { courseId }, learner)).toMatchObject({
      code: 200,
      data: { collected: false, collectCount: 0 },
    });
    expect((await post('/auth/user/collection/course/delet', { courseId }, learner)).code).toBe(404);

    const { courseId: draft } = await courseFixture(t.app, owner.id, { status: ShelfStatus.reviewing });
    expect((await post('/auth/user/collection/course/save', { courseId: draft }, learner)).code).toBe(404);
  });
});
