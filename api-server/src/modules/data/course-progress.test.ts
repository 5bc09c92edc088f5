import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus, courseEnrollments, coursePeriods, courses } from '../../db/schema.js';
import { signUp } from '../../learning/course-purchase.js';
import {
  courseFixture,
  newLearner,
  newOperator,
  newTeacher,
  type CourseFixture,
  type Person,
} from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let teacher: Person, otherTeacher: Person, learner: Person, classmate: Person, stranger: Person, operator: Person;

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, learner, classmate, stranger, operator] = [
    await newTeacher(t.app),
    await newTeacher(t.app),
    await newLearner(t.app),
    await newLearner(t.app),
    await newLearner(t.app),
    await newOperator(t.app),
  ];
});
afterAll(() => t.close());

/** A free course of one document (preview), one 20-second video and one lab, with `learner` and `classmate` signed up. */
async function course(options: { noSkip?: boolean } = {}): Promise<CourseFixture & { video: number; document: number; lab: number }> {
  const fixture = await courseFixture(t.app, teacher.id, { kinds: ['video', 'lab'], durationSeconds: 20, ...options });
  for (const person of [learner, classmate])
    await t.app.db.transaction((tx) => signUp(tx, { userId: person.id, courseId: fixture.courseId, expectedPrice: 0, now: t.clock.now() }));
  const [document, video, lab] = fixture.periodIds as [number, number, number];
  return { ...fixture, document, video, lab };
}

const report = (person: Person | null, periodId: number, intervals: Array<[number, number]>, position: number) =>
  call(t.app, 'POST', '/apis/data/auth/course/user/period/progress/report', { periodId, intervals, position }, person?.token);
const periodList = (person: Person | null, courseId: number) =>
  call(t.app, 'POST', '/apis/data/auth/course/user/period/progress/list', { courseId }, person?.token);
const courseList = (person: Person | null) => call(t.app, 'POST', '/apis/data/auth/course/user/progress/list', {}, person?.token);
const content = (person: Person | null, periodId: number) =>
  call(t.app, 'POST', '/apis/course/api/course/period/content', { periodId }, person?.token);

describe('progress reports', () => {
  it('keeps the union of what was played: overlaps count once, a seek to the end adds only the second played there', async () => {
    const { video } = await course();
    expect((await report(learner, video, [[0, 10]], 10)).data).toMatchObject({
      watchedSeconds: 10,
      percent: 50,
      completed: false,
      lastPosition: 10,
    });
    expect((await report(learner, video, [[5, 12]], 12)).data).toMatchObject({ watchedSeconds: 12, completed: false });
    expect((await report(learner, video, [[19, 20]], 20)).data).toMatchObject({
      watchedSeconds: 13,
      percent: 65,
      completed: false,
      lastPosition: 20,
    });
    const done = await report(learner, video, [[12, 19]], 19);
    expect(done.data).toMatchObject({ watchedSeconds: 20, percent: 100, completed: true });
  });

  it('refuses ranges outside the video and keeps what was there', async () => {
    const { video, courseId } = await course();
    await report(learner, video, [[0, 4]], 4);
    expect(await report(learner, video, [[0, 25]], 4)).toMatchObject({ code: 422, msg: '播放区间超出视频长度，进度未记录' });
    expect(await report(learner, video, [[2, 3]], 40)).toMatchObject({ code: 422, msg: '播放区间超出视频长度，进度未记录' });
    expect((await report(learner, video, [[-1, 3]], 3)).code).not.toBe(200);
    const [mine] = (await periodList(learner, courseId)).data.filter((row: { periodId: number }) => row.periodId === video);
    expect(mine).toMatchObject({ watchedSeconds: 4, lastPosition: 4 });
  });

  it('records only enrolled learners: anonymous, strangers, another teacher, the teacher and operators are refused', async () => {
    const { video } = await course();
    expect((await report(null, video, [[0, 5]], 5)).code).toBe(401);
    expect(await report(stranger, video, [[0, 5]], 5)).toMatchObject({ code: 403, msg: '请先报名课程' });
    expect(await report(otherTeacher, video, [[0, 5]], 5)).toMatchObject({ code: 403, msg: '请先报名课程' });
    for (const person of [teacher, operator])
      expect(await report(person, video, [[0, 5]], 5)).toMatchObject({ code: 403, msg: '报名课程后才会记录学习进度' });
  });

  it('refuses a preview viewer who has not signed up', async () => {
    const { video } = await course();
    await t.app.db.update(coursePeriods).set({ isPreview: true }).where(eq(coursePeriods.id, video));
    expect(await report(stranger, video, [[0, 5]], 5)).toMatchObject({ code: 403, msg: '报名课程后才会记录学习进度' });
  });

  it('notes where the learner stopped on the enrollment', async () => {
    const { video, courseId } = await course();
    await report(learner, video, [[0, 3]], 3);
    const [enrollment] = await t.app.db
      .select()
      .from(courseEnrollments)
      .where(and(eq(courseEnrollments.courseId, courseId), eq(courseEnrollments.userId, learner.id)));
    expect(enrollment).toMatchObject({ lastPeriodId: video, lastStudiedAt: t.clock.now() });
  });
});

describe('progress lists', () => {
  it('answers my own periods only: a classmate sees none of my progress', async () => {
    const { video, courseId, document, lab } = await course();
    await report(learner, video, [[0, 10]], 10);
    const mine = await periodList(learner, courseId);
    expect(mine.data.map((row: { periodId: number }) => row.periodId)).toEqual([document, video, lab]);
    expect(mine.data[1]).toEqual({
      periodId: video,
      watchedSeconds: 10,
      durationSeconds: 20,
      completed: false,
      lastPosition: 10,
      percent: 50,
    });
    expect((await periodList(classmate, courseId)).data[1]).toMatchObject({ watchedSeconds: 0, lastPosition: 0 });
    for (const person of [teacher, operator, stranger, otherTeacher])
      expect((await periodList(person, courseId)).data.every((row: { watchedSeconds: number }) => row.watchedSeconds === 0)).toBe(true);
    expect((await periodList(null, courseId)).code).toBe(401);
  });

  it('hides an unpublished course’s periods from everyone but its teacher and operators', async () => {
    const { courseId } = await course();
    await t.app.db.update(courses).set({ status: ShelfStatus.reviewing }).where(eq(courses.id, courseId));
    for (const person of [stranger, otherTeacher])
      expect(await periodList(person, courseId)).toMatchObject({ code: 404, msg: '课程不存在或未上架' });
    for (const person of [teacher, operator]) expect((await periodList(person, courseId)).code).toBe(200);
  });

  it('counts completed periods per course: documents and labs complete when an enrolled learner opens them', async () => {
    const { video, courseId, document, lab } = await course();
    const row = async () => (await courseList(learner)).data.find((entry: { courseId: number }) => entry.courseId === courseId);
    expect(await row()).toMatchObject({ completedPeriods: 0, totalPeriods: 3, percent: 0 });
    expect((await content(learner, document)).data).toMatchObject({ kind: 'document', documentHtml: '<p>课程讲义</p>' });
    expect((await content(learner, lab)).data).toMatchObject({ kind: 'lab' });
    expect(await row()).toMatchObject({ completedPeriods: 2, totalPeriods: 3, percent: 66 });
    await report(learner, video, [[0, 20]], 20);
    expect(await row()).toMatchObject({ completedPeriods: 3, percent: 100, lastPeriodId: video });
    expect((await courseList(classmate)).data.find((entry: { courseId: number }) => entry.courseId === courseId)).toMatchObject({
      completedPeriods: 0,
    });
    await content(stranger, document);
    expect((await courseList(stranger)).data.some((entry: { courseId: number }) => entry.courseId === courseId)).toBe(false);
    expect((await courseList(null)).code).toBe(401);
  });
});

describe('period content and outline', () => {
  it('opens preview periods to anyone and the rest to learners, the teacher and operators', async () => {
    const { courseId, video, document } = await course();
    expect((await content(null, document)).code).toBe(200);
    expect(await content(null, video)).toMatchObject({ code: 403, msg: '请先登录后学习' });
    expect(await content(stranger, video)).toMatchObject({ code: 403, msg: '请先报名课程' });
    expect(await content(otherTeacher, video)).toMatchObject({ code: 403, msg: '请先报名课程' });
    for (const person of [learner, teacher, operator])
      expect((await content(person, video)).data).toMatchObject({ kind: 'video', video: { periodId: video } });

    const outline = async (person: Person | null) =>
      (await call(t.app, 'POST', '/apis/course/api/course/learn/outline', { courseId }, person?.token)).data;
    const open = (data: { chapters: Array<{ periods: Array<{ locked: boolean }> }> }) => data.chapters[0]!.periods.map((p) => !p.locked);
    expect(open(await outline(null))).toEqual([true, false, false]);
    expect(open(await outline(stranger))).toEqual([true, false, false]);
    expect(open(await outline(learner))).toEqual([true, true, true]);
    expect(open(await outline(operator))).toEqual([true, true, true]);
    expect((await outline(learner)).enrolled).toBe(true);
  });

  it('answers the resume position and the furthest continuous second for a no-skipping course', async () => {
    const { video } = await course({ noSkip: true });
    await report(
      learner,
      video,
      [
        [0, 8],
        [12, 15],
      ],
      14,
    );
    const ref = await call(t.app, 'POST', '/apis/course/auth/course/video/ref', { periodId: video }, learner.token);
    expect(ref.data).toMatchObject({ noSkip: true, furthestSeconds: 8, resumeSeconds: 14, tracked: true, durationSeconds: 20 });
  });
});
