import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus, courses, sysConfig } from '../../db/schema.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: Person;
let otherTeacher: Person;
let learner: Person;
let outsider: Person;
let operator: Person;
let courseId: number;

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/course${path}`, body, who?.token);
const commentCount = async () => (await t.app.db.select({ n: courses.commentCount }).from(courses).where(eq(courses.id, courseId)))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  [owner, otherTeacher, learner, outsider, operator] = await Promise.all([
    newTeacher(t.app),
    newTeacher(t.app),
    newLearner(t.app, 0),
    newLearner(t.app, 0),
    newOperator(t.app),
  ]);
  courseId = (await courseFixture(t.app, owner.id)).courseId;
  expect((await post('/auth/course/sign', { courseId, price: 0 }, learner)).code).toBe(200);
});
afterAll(() => t.close());

describe('course reviews and replies', () => {
  it('takes a scored review only from an enrolled learner, once', async () => {
    expect((await post('/auth/courseComment/save', { courseId, score: 5, content: '很好' })).code).toBe(401);
    for (const who of [outsider, otherTeacher, operator, owner])
      expect(await post('/auth/courseComment/save', { courseId, score: 5, content: '很好' }, who)).toMatchObject({
        code: 403,
        msg: '报名课程后才能评价',
      });
    expect(await post('/auth/courseComment/save', { courseId, content: '没有分数' }, learner)).toMatchObject({
      code: 422,
      msg: '请为课程评分（1-5分）',
    });
    expect((await post('/auth/courseComment/save', { courseId, score: 6, content: '六分' }, learner)).code).toBe(422);
    const saved = await post('/auth/courseComment/save', { courseId, score: 4, content: '讲得清楚' }, learner);
    expect(saved).toMatchObject({ code: 200, msg: '评价成功' });
    expect(await post('/auth/courseComment/save', { courseId, score: 3, content: '再评一次' }, learner)).toMatchObject({ code: 409 });
    expect((await post('/auth/course/view', { courseId }, learner)).data.reviewed).toBe(true);
    expect((await post('/auth/course/view', { courseId }, outsider)).data.reviewed).toBe(false);

    for (const who of [undefined, learner, owner, otherTeacher, operator]) {
      const list = await post('/api/courseComment/list', { courseId }, who);
      expect(list.data.list[0]).toMatchObject({ id: saved.data.id, score: 4, content: '讲得清楚', author: { userId: learner.id } });
      expect(list.data.list[0].canDelete).toBe(who === learner || who === owner);
    }
    expect((await post('/api/course/view', { courseId })).data).toMatchObject({ scoreAverage: 4, scoreCount: 1, commentCount: 1 });
  });

  it('takes replies from anyone signed in, threads replies to replies, and refuses sensitive words', async () => {
    const [top] = (await post('/api/courseComment/list', { courseId })).data.list;
    const reply = await post('/auth/courseComment/save', { courseId, parentId: top.id, content: '谢谢支持' }, owner);
    expect(reply).toMatchObject({ code: 200, msg: '回复成功' });
    const nested = await post('/auth/courseComment/save', { courseId, parentId: reply.data.id, content: '同感', score: 5 }, outsider);
    expect(nested.code).toBe(200);
    const [thread] = (await post('/api/courseComment/list', { courseId })).data.list;
    expect(thread.replies.map((r: { id: number; score: number }) => [r.id, r.score])).toEqual([
      [reply.data.id, 0],
      [nested.data.id, 0],
    ]);
    expect(thread.replies[0].isLecturer).toBe(true);

    await t.app.db
      .insert(sysConfig)
      .values({ key: 'sensitiveWords', value: ['违禁词'] })
      .onConflictDoUpdate({ target: sysConfig.key, set: { value: ['违禁词'] } });
    const refused = await post('/auth/courseComment/save', { courseId, parentId: top.id, content: '这是违禁词' }, outsider);
    expect(refused).toMatchObject({ code: 422, msg: '评论含敏感词：违禁词，请修改后再发布' });

    const { courseId: other } = await courseFixture(t.app, owner.id);
    expect((await post('/auth/courseComment/save', { courseId: other, parentId: top.id, content: '串门' }, outsider)).code).toBe(404);
    const { courseId: draft } = await courseFixture(t.app, owner.id, { status: ShelfStatus.reviewing });
    expect((await post('/auth/courseComment/save', { courseId: draft, parentId: top.id, content: '草稿' }, outsider)).code).toBe(404);
    expect((await post('/api/courseComment/list', { courseId: draft }, outsider)).code).toBe(404);
  });

  it('lets authors delete their own comments and the course teacher delete any on the course', async () => {
    const [thread] = (await post('/api/courseComment/list', { courseId })).data.list;
    const outsiderReply = thread.replies[1].id;
    for (const who of [learner, otherTeacher, operator])
      expect(await post('/auth/courseComment/delete', { id: outsiderReply }, who)).toMatchObject({ code: 403, msg: '只能删除自己的评论' });
    expect((await post('/auth/courseComment/delete', { id: outsiderReply })).code).toBe(401);
    expect((await post('/auth/courseComment/delete', { id: outsiderReply }, outsider)).code).toBe(200);
    expect((await post('/auth/courseComment/delete', { id: outsiderReply }, outsider)).code).toBe(404);
    expect(await commentCount()).toBe(2);
    expect((await post('/auth/courseComment/delete', { id: thread.id }, owner)).code).toBe(200);
    expect(await commentCount()).toBe(0);
    expect((await post('/api/courseComment/list', { courseId })).data).toMatchObject({ list: [], total: 0 });
  });
});
