import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseLives, messages } from '../../db/schema.js';
import { tokenFor } from '../../test-support/compute-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { signUp } from '../../learning/course-purchase.js';

let t: TestApp;
let operator: Person;
let teacher: Person;
let otherTeacher: Person;
let learner: Person;
let courseId: number;
let otherCourseId: number;
beforeAll(async () => {
  t = await createTestApp();
  operator = await newOperator(t.app);
  teacher = await newTeacher(t.app);
  otherTeacher = await newTeacher(t.app);
  learner = await newLearner(t.app);
  courseId = (await courseFixture(t.app, teacher.id)).courseId;
  otherCourseId = (await courseFixture(t.app, otherTeacher.id)).courseId;
  await t.app.db.transaction((tx) => signUp(tx, { userId: learner.id, courseId, expectedPrice: 0, now: t.clock.now() }));
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/course${path}`, body, who?.token);
const hour = 3_600_000;
const inHours = (hours: number) => new Date(t.clock.now().getTime() + hours * hour).toISOString();
const session = (overrides: Record<string, unknown> = {}) => ({
  courseId,
  title: '第一次答疑直播',
  startsAt: inHours(24),
  endsAt: inHours(25),
  url: 'https://live.bilibili.com/123',
  ...overrides,
});

describe('live channels', () => {
  const channel = { name: '我的B站直播间', platform: '哔哩哔哩', url: 'https://live.bilibili.com/100' };

  it('refuses anonymous callers and non-teachers', async () => {
    for (const path of ['list', 'save', 'update', 'delete']) {
      expect((await post(`/auth/live/channel/${path}`, { id: 1, ...channel })).code, path).toBe(401);
    }
    for (const who of [learner, operator]) {
      expect(await post('/auth/live/channel/save', channel, who)).toMatchObject({
        code: 403,
        msg: '仅讲师可以执行此操作，请先在讲师中心申请成为讲师',
      });
      expect((await post('/auth/live/channel/list', {}, who)).code).toBe(403);
    }
  });

  it('keeps each teacher to their own channels', async () => {
    const saved = await post('/auth/live/channel/save', channel, teacher);
    expect(saved).toMatchObject({ code: 200, data: { name: '我的B站直播间', platform: '哔哩哔哩', url: 'https://live.bilibili.com/100' } });
    const id = saved.data.id;
    expect((await post('/auth/live/channel/list', {}, teacher)).data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await post('/auth/live/channel/list', {}, otherTeacher)).data).toEqual([]);
    expect(await post('/auth/live/channel/update', { id, ...channel, name: '改名' }, otherTeacher)).toMatchObject({
      code: 404,
      msg: '直播频道不存在',
    });
    expect(await post('/auth/live/channel/delete', { id }, otherTeacher)).toMatchObject({ code: 404 });
    expect(await post('/auth/live/channel/update', { id, ...channel, name: '答疑直播间' }, teacher)).toMatchObject({
      code: 200,
      data: { name: '答疑直播间' },
    });
    expect(await post('/auth/live/channel/delete', { id }, teacher)).toMatchObject({ code: 200, msg: '频道已删除' });
    expect((await post('/auth/live/channel/list', {}, teacher)).data).toEqual([]);
  });

  it('accepts only http(s) links', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://example.com/room', 'live.bilibili.com/1', 'https://']) {
      const answer = await post('/auth/live/channel/save', { ...channel, url }, teacher);
      expect(answer.code, url).toBe(422);
      expect(answer.msg).toMatch(/链接/);
    }
    expect((await post('/auth/live/channel/list', {}, teacher)).data).toEqual([]);
  });
});

describe('live sessions', () => {
  it('refuses anonymous callers on every call', async () => {
    for (const path of ['list', 'course/list', 'save', 'update', 'delete', 'learner/list']) {
      expect((await post(`/auth/live/${path}`, { id: 1, ...session() })).code, path).toBe(401);
    }
  });

  it('schedules sessions only for my own courses and tells the enrolled learners', async () => {
    expect(await post('/auth/live/save', session({ courseId: otherCourseId }), teacher)).toMatchObject({ code: 404, msg: '课程不存在' });
    expect((await post('/auth/live/save', session(), learner)).code).toBe(403);
    expect((await post('/auth/live/save', session(), operator)).code).toBe(403);
    expect(await post('/auth/live/save', session(), otherTeacher)).toMatchObject({ code: 404, msg: '课程不存在' });
    expect((await post('/auth/live/course/list', {}, teacher)).data).toEqual([expect.objectContaining({ id: courseId })]);

    const saved = await post('/auth/live/save', session(), teacher);
    expect(saved).toMatchObject({ code: 200, msg: '直播已安排' });
    const list = await post('/auth/live/list', {}, teacher);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: saved.data.id,
        courseId,
        title: '第一次答疑直播',
        state: 'upcoming',
        url: 'https://live.bilibili.com/123',
      }),
    ]);
    expect((await post('/auth/live/list', {}, otherTeacher)).data.list).toEqual([]);
    const inbox = await t.app.db.select().from(messages).where(eq(messages.userId, learner.id));
    expect(inbox).toContainEqual(expect.objectContaining({ title: '课程直播预告', content: expect.stringContaining('第一次答疑直播') }));

    const id = saved.data.id;
    expect(await post('/auth/live/update', { id, ...session({ title: '改期' }) }, otherTeacher)).toMatchObject({ code: 404 });
    expect(await post('/auth/live/delete', { id }, otherTeacher)).toMatchObject({ code: 404, msg: '直播不存在' });
    expect(await post('/auth/live/update', { id, ...session({ courseId: otherCourseId }) }, teacher)).toMatchObject({ code: 404 });
    expect(await post('/auth/live/update', { id, ...session({ title: '改期后的答疑' }) }, teacher)).toMatchObject({ code: 200 });
    const [row] = await t.app.db.select().from(courseLives).where(eq(courseLives.id, id));
    expect(row).toMatchObject({ title: '改期后的答疑', courseId });
    expect(await post('/auth/live/delete', { id }, teacher)).toMatchObject({ code: 200 });
    expect((await post('/auth/live/list', {}, teacher)).data.total).toBe(0);
  });

  it('refuses bad times and links and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: inHours(2), endsAt: inHours(1) }, '结束时间须晚于开始时间'],
      [{ startsAt: inHours(2), endsAt: inHours(2) }, '结束时间须晚于开始时间'],
      [{ startsAt: inHours(-2), endsAt: inHours(1) }, '开始时间不能早于当前时间'],
      [{ startsAt: inHours(1), endsAt: inHours(30) }, '单场直播不能超过24小时'],
      [{ url: '' }, '请填写直播链接或选择直播频道'],
    ];
    for (const [overrides, msg] of cases)
      expect(await post('/auth/live/save', session(overrides), teacher)).toMatchObject({ code: 422, msg });
    for (const overrides of [{ url: 'javascript:alert(1)' }, { startsAt: '明天' }]) {
      expect((await post('/auth/live/save', session(overrides), teacher)).code).toBe(422);
    }
    const foreign = await post('/auth/live/channel/save', { name: '别人的', url: 'https://example.com/room' }, otherTeacher);
    expect(await post('/auth/live/save', session({ url: '', channelId: foreign.data.id }), teacher)).toMatchObject({
      code: 404,
      msg: '直播频道不存在',
    });
    expect((await post('/auth/live/list', {}, teacher)).data.total).toBe(0);
  });

  it('takes the link of my channel when none is given', async () => {
    const channel = await post(
      '/auth/live/channel/save',
      { name: '频道', platform: '腾讯会议', url: 'https://meeting.example.com/42' },
      teacher,
    );
    const saved = await post('/auth/live/save', session({ url: '', channelId: channel.data.id }), teacher);
    const [live] = (await post('/auth/live/learner/list', {}, learner)).data.filter((row: { id: number }) => row.id === saved.data.id);
    expect(live).toMatchObject({ url: 'https://meeting.example.com/42', channelName: '频道', platform: '腾讯会议' });
    await post('/auth/live/delete', { id: saved.data.id }, teacher);
  });

  it('shows learners only the sessions of the courses they signed up to, upcoming first', async () => {
    const stranger = await newLearner(t.app);
    const later = await post('/auth/live/save', session({ title: '第二场', startsAt: inHours(48), endsAt: inHours(49) }), teacher);
    const sooner = await post('/auth/live/save', session({ title: '第一场', startsAt: inHours(1), endsAt: inHours(2) }), teacher);
    const foreign = await post('/auth/live/save', session({ courseId: otherCourseId, title: '别的课' }), otherTeacher);
    expect([later.code, sooner.code, foreign.code]).toEqual([200, 200, 200]);

    const titles = async (who: Person) => (await post('/auth/live/learner/list', {}, who)).data.map((row: { title: string }) => row.title);
    expect(await titles(learner)).toEqual(['第一场', '第二场']);
    expect(await titles(stranger)).toEqual([]);
    expect(await titles(otherTeacher)).toEqual([]);

    t.clock.advance(1.5 * hour);
    const now = (await post('/auth/live/learner/list', {}, learner)).data;
    expect(now.map((row: { state: string }) => row.state)).toEqual(['live', 'upcoming']);
    t.clock.advance(hour);
    expect(await titles(learner)).toEqual(['第二场', '第一场']);
    t.clock.advance(32 * 24 * hour);
    expect(await titles({ ...learner, token: await tokenFor(t.app, learner.id) })).toEqual([]);
  });
});
