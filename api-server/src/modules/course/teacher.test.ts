import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus, incomeHolds, messages, teacherApplications, users } from '../../db/schema.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { signUp } from '../../learning/course-purchase.js';
import { userRowWritten } from '../../test-support/user-written.js';

let t: TestApp;
let operator: Person;
let teacher: Person;
let otherTeacher: Person;
beforeAll(async () => {
  t = await createTestApp();
  operator = await newOperator(t.app);
  teacher = await newTeacher(t.app);
  otherTeacher = await newTeacher(t.app);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/course${path}`, body, who?.token);

let idCards = 0;
/** A learner whose real name is verified, as the certification call leaves it. */
async function verifiedLearner(realName = '张三'): Promise<Person> {
  const person = await newLearner(t.app);
  idCards += 1;
  await t.app.db
    .update(users)
    .set({ idCardCheckStatus: 1, realName, idCardMasked: '1101**********1234', idCardHash: `test-${process.pid}-${idCards}-${person.id}` })
    .where(eq(users.id, person.id));
  await userRowWritten(t.app, person.id);
  return person;
}

const application = {
  realName: '张三',
  title: '高级工程师',
  fields: '深度学习、PyTorch',
  intro: '十年机器学习工程经验，讲授深度学习入门课程。',
};

async function pendingApplicationOf(person: Person): Promise<number> {
  const answer = await post('/auth/teacher/apply/view', {}, person);
  return answer.data.application.id;
}

describe('applying to teach', () => {
  it('refuses anonymous callers on every teacher call', async () => {
    for (const path of ['apply', 'apply/view', 'review/list', 'review/approve', 'review/reject', 'overview']) {
      const answer = await post(`/auth/teacher/${path}`, path === 'apply' ? application : { id: 1, reviewNote: '资料不全' });
      expect(answer.code, path).toBe(401);
    }
  });

  it('asks for real-name verification first, and for the verified name', async () => {
    const learner = await newLearner(t.app);
    expect(await post('/auth/teacher/apply', application, learner)).toMatchObject({ code: 409, msg: '请先完成实名认证再申请成为讲师' });
    const verified = await verifiedLearner('李四');
    expect(await post('/auth/teacher/apply', application, verified)).toMatchObject({ code: 422, msg: '真实姓名须与实名认证的姓名一致' });
    const state = await post('/auth/teacher/apply/view', {}, verified);
    expect(state.data).toEqual({ isTeacher: false, realNameVerified: true, verifiedRealName: '李四', application: null });
  });

  it('refuses bad input with a Chinese message and stores nothing', async () => {
    const learner = await verifiedLearner();
    const answer = await post('/auth/teacher/apply', { ...application, intro: '太短' }, learner);
    expect(answer.code).toBe(422);
    expect(answer.msg).toMatch(/个人简介/);
    expect(await t.app.db.select().from(teacherApplications).where(eq(teacherApplications.userId, learner.id))).toEqual([]);
  });

  it('keeps one application open at a time and refuses teachers', async () => {
    const learner = await verifiedLearner();
    const first = await post('/auth/teacher/apply', application, learner);
    expect(first).toMatchObject({ code: 200, msg: '申请已提交，请等待审核' });
    expect(first.data.application).toMatchObject({ status: 0, realName: '张三', fields: '深度学习、PyTorch', reviewNote: '' });
    expect(await post('/auth/teacher/apply', application, learner)).toMatchObject({ code: 409, msg: '你的讲师申请正在审核中，请耐心等待' });
    expect(await post('/auth/teacher/apply', application, teacher)).toMatchObject({ code: 409, msg: '你已经是讲师，无需再次申请' });
  });

  it('lets only operators review; approval makes a teacher (userType 2) and tells them', async () => {
    const learner = await verifiedLearner();
    await post('/auth/teacher/apply', application, learner);
    const id = await pendingApplicationOf(learner);
    for (const who of [learner, teacher, otherTeacher]) {
      expect(await post('/auth/teacher/review/list', {}, who)).toMatchObject({ code: 403, msg: '仅运营人员可以执行此操作' });
      expect((await post('/auth/teacher/review/approve', { id }, who)).code).toBe(403);
      expect((await post('/auth/teacher/review/reject', { id, reviewNote: '资料不全' }, who)).code).toBe(403);
    }
    const queue = await post('/auth/teacher/review/list', {}, operator);
    expect(queue.data.list).toContainEqual(
      expect.objectContaining({ id, userId: learner.id, status: 0, mobile: expect.stringMatching(/\*\*\*\*/) }),
    );
    expect((await post('/auth/teacher/overview', {}, learner)).code).toBe(403);

    expect(await post('/auth/teacher/review/approve', { id }, operator)).toMatchObject({ code: 200, msg: '已通过' });
    const info = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', {}, learner.token);
    expect(info.data).toMatchObject({ isTeacher: true, userType: 2 });
    const state = await post('/auth/teacher/apply/view', {}, learner);
    expect(state.data).toMatchObject({ isTeacher: true, application: { id, status: 1 } });
    const inbox = await t.app.db.select().from(messages).where(eq(messages.userId, learner.id));
    expect(inbox.map((message) => message.title)).toContain('讲师申请已通过');
    expect(await post('/auth/teacher/review/approve', { id }, operator)).toMatchObject({ code: 409, msg: '该申请已审核，无需重复操作' });
    expect(await post('/auth/teacher/review/reject', { id, reviewNote: '资料不全' }, operator)).toMatchObject({ code: 409 });
    expect(await post('/auth/teacher/apply', application, learner)).toMatchObject({ code: 409, msg: '你已经是讲师，无需再次申请' });
    expect((await post('/auth/teacher/overview', {}, learner)).code).toBe(200);
  });

  it('rejects only with a reason, which the applicant sees, and then lets them apply again', async () => {
    const learner = await verifiedLearner();
    await post('/auth/teacher/apply', application, learner);
    const id = await pendingApplicationOf(learner);
    expect((await post('/auth/teacher/review/reject', { id }, operator)).code).toBe(422);
    expect((await post('/auth/teacher/review/reject', { id, reviewNote: '' }, operator)).code).toBe(422);
    expect(await post('/auth/teacher/review/reject', { id, reviewNote: '请补充教学经历' }, operator)).toMatchObject({ code: 200 });
    const state = await post('/auth/teacher/apply/view', {}, learner);
    expect(state.data).toMatchObject({ isTeacher: false, application: { status: 2, reviewNote: '请补充教学经历' } });
    const [row] = await t.app.db
      .select({ isTeacher: users.isTeacher, userType: users.userType })
      .from(users)
      .where(eq(users.id, learner.id));
    expect(row).toEqual({ isTeacher: false, userType: 1 });
    const rejected = await post('/auth/teacher/review/list', { status: 2 }, operator);
    expect(rejected.data.list.map((item: { id: number }) => item.id)).toContain(id);
    expect((await post('/auth/teacher/apply', application, learner)).data.application).toMatchObject({ status: 0 });
    expect(await post('/auth/teacher/review/approve', { id: 99_999_999 }, operator)).toMatchObject({ code: 404, msg: '申请不存在' });
  });

  it('keeps an organization an organization when it becomes a teacher', async () => {
    const organization = await verifiedLearner();
    await t.app.db.update(users).set({ userType: 3 }).where(eq(users.id, organization.id));
    await userRowWritten(t.app, organization.id);
    await post('/auth/teacher/apply', application, organization);
    await post('/auth/teacher/review/approve', { id: await pendingApplicationOf(organization) }, operator);
    const [row] = await t.app.db
      .select({ isTeacher: users.isTeacher, userType: users.userType })
      .from(users)
      .where(eq(users.id, organization.id));
    expect(row).toEqual({ isTeacher: true, userType: 3 });
  });
});

describe('the teacher overview', () => {
  it('counts my courses, learners and course income, and never another teacher’s', async () => {
    const me = await newTeacher(t.app);
    const free = await courseFixture(t.app, me.id);
    const paid = await courseFixture(t.app, me.id, { price: 10_000 });
    await courseFixture(t.app, me.id, { status: ShelfStatus.draft });
    await courseFixture(t.app, otherTeacher.id, { price: 10_000 });
    const buyer = await newLearner(t.app, 50_000);
    const freeLearner = await newLearner(t.app);
    for (const [person, courseId, price] of [
      [buyer, paid.courseId, 10_000],
      [freeLearner, free.courseId, 0],
    ] as const) {
      await t.app.db.transaction((tx) => signUp(tx, { userId: person.id, courseId, expectedPrice: price, now: t.clock.now() }));
    }
    const answer = await post('/auth/teacher/overview', {}, me);
    expect(answer.data.courses).toEqual({ total: 3, draft: 1, published: 2, reviewing: 0, rejected: 0, offShelf: 0 });
    expect(answer.data.learners).toBe(2);
    const [hold] = await t.app.db
      .select()
      .from(incomeHolds)
      .where(and(eq(incomeHolds.userId, me.id), eq(incomeHolds.sourceKind, 'course')));
    expect(answer.data.income).toEqual({ held: hold!.amount, released: 0, thisMonth: hold!.amount });
    expect(answer.data.latestSales).toEqual([
      expect.objectContaining({ price: 10_000, income: hold!.amount, released: false, buyerNickname: expect.any(String) }),
    ]);

    await t.app.db.update(incomeHolds).set({ releasedAt: t.clock.now() }).where(eq(incomeHolds.id, hold!.id));
    expect((await post('/auth/teacher/overview', {}, me)).data.income).toMatchObject({ held: 0, released: hold!.amount });
    const others = await post('/auth/teacher/overview', {}, otherTeacher);
    expect(others.data.latestSales).toEqual([]);
    expect((await post('/auth/teacher/overview', {}, operator)).code).toBe(403);
  });
});
