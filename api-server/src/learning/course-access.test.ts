import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateToken, type SessionUser } from '../accounts/sessions.js';
import { ShelfStatus, courses } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { openablePeriod, ownCourse, visibleCourse } from './course-access.js';
import { signUp } from './course-purchase.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../test-support/learning-test-kit.js';

let t: TestApp;
const who: Record<'teacher' | 'otherTeacher' | 'learner' | 'stranger' | 'operator', SessionUser> = {} as never;
beforeAll(async () => {
  t = await createTestApp();
  const people: Record<keyof typeof who, Person> = {
    teacher: await newTeacher(t.app),
    otherTeacher: await newTeacher(t.app),
    learner: await newLearner(t.app, 1_000_000),
    stranger: await newLearner(t.app, 0),
    operator: await newOperator(t.app),
  };
  for (const [role, person] of Object.entries(people)) who[role as keyof typeof who] = await authenticateToken(t.app, person.token);
});
afterAll(() => t.close());

const setStatus = (courseId: number, status: number) => t.app.db.update(courses).set({ status }).where(eq(courses.id, courseId));
const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('who sees a course and opens its periods', () => {
  it('lets only the teacher edit a course; another teacher and a learner are told it does not exist', async () => {
    const { courseId } = await courseFixture(t.app, who.teacher.id);
    expect((await ownCourse(t.app.db, who.teacher, courseId)).id).toBe(courseId);
    expect(await reason(ownCourse(t.app.db, who.otherTeacher, courseId))).toBe('课程不存在');
    expect(await reason(ownCourse(t.app.db, who.learner, courseId))).toBe('仅讲师可以执行此操作，请先在讲师中心申请成为讲师');
  });

  it('hides an unpublished course from everyone but its teacher and operators', async () => {
    const { courseId } = await courseFixture(t.app, who.teacher.id, { status: ShelfStatus.reviewing });
    for (const viewer of [null, who.learner, who.otherTeacher])
      expect(await reason(visibleCourse(t.app.db, viewer, courseId))).toBe('课程不存在或未上架');
    for (const viewer of [who.teacher, who.operator]) expect(await reason(visibleCourse(t.app.db, viewer, courseId))).toBe('allowed');
  });

  it('serves a paid course’s preview to anyone, its other periods only after buying, and keeps them after it leaves the shelf', async () => {
    const { courseId, periodIds } = await courseFixture(t.app, who.teacher.id, { price: 10_000 });
    const [preview, paid] = periodIds as [number, number];
    expect(await reason(openablePeriod(t.app.db, null, preview))).toBe('allowed');
    expect(await reason(openablePeriod(t.app.db, null, paid))).toBe('请先登录后学习');
    expect(await reason(openablePeriod(t.app.db, who.learner, paid))).toBe('请先购买课程后学习');
    expect(await reason(openablePeriod(t.app.db, who.otherTeacher, paid))).toBe('请先购买课程后学习');
    expect(await reason(openablePeriod(t.app.db, who.operator, paid))).toBe('allowed');
    await t.app.db.transaction((tx) => signUp(tx, { userId: who.learner.id, courseId, expectedPrice: 10_000, now: t.clock.now() }));
    expect(await reason(openablePeriod(t.app.db, who.learner, paid))).toBe('allowed');

    await setStatus(courseId, ShelfStatus.offShelf);
    expect(await reason(openablePeriod(t.app.db, who.learner, paid))).toBe('allowed');
    expect(await reason(visibleCourse(t.app.db, who.stranger, courseId))).toBe('课程不存在或未上架');
    expect(await reason(openablePeriod(t.app.db, null, preview))).toBe('课程不存在或未上架');
  });

  it('asks for sign-up before the non-preview periods of a free course', async () => {
    const { periodIds } = await courseFixture(t.app, who.teacher.id);
    expect(await reason(openablePeriod(t.app.db, who.stranger, periodIds[1]!))).toBe('请先报名课程');
  });
});
