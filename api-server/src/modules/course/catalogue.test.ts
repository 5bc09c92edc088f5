import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ShelfStatus, courseCategories, courses } from '../../db/schema.js';
import { indexDocument } from '../../content/search-index.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let owner: Person;
let otherTeacher: Person;
let learner: Person;
let operator: Person;
let published: number;
let draft: number;
let paid: number;
let paidPeriods: number[];

const post = (path: string, body: unknown, who?: Person) => call(t.app, 'POST', `/apis/course${path}`, body, who?.token);

beforeAll(async () => {
  t = await createTestApp();
  [owner, otherTeacher, learner, operator] = await Promise.all([
    newTeacher(t.app),
    newTeacher(t.app),
    newLearner(t.app, 0),
    newOperator(t.app),
  ]);
  published = (await courseFixture(t.app, owner.id)).courseId;
  t.clock.advance(1000);
  draft = (await courseFixture(t.app, owner.id, { status: ShelfStatus.reviewing })).courseId;
  t.clock.advance(1000);
  const paidCourse = await courseFixture(t.app, owner.id, { price: 50_000, kinds: ['video', 'lab'] });
  paid = paidCourse.courseId;
  paidPeriods = paidCourse.periodIds;
  await indexDocument(t.app.db, { kind: 'course', refId: paid, title: '量子退火优化课程', body: '退火', publishedAt: t.clock.now() });
  await indexDocument(t.app.db, { kind: 'course', refId: draft, title: '量子退火草稿课程', body: '退火', publishedAt: t.clock.now() });
});
afterAll(() => t.close());

const everyone = () => [undefined, learner, owner, otherTeacher, operator];

describe('the public catalogue', () => {
  it('lists the course categories to everyone', async () => {
    for (const who of everyone()) {
      const answer = await post('/api/course/category/list', {}, who);
      expect(answer.code).toBe(200);
      expect(answer.data.length).toBeGreaterThan(0);
    }
  });

  it('lists published courses only, to everyone alike, filtered by free or paid and sorted', async () => {
    for (const who of everyone()) {
      const all = await post('/api/course/list', { pageSize: 100 }, who);
      const ids = all.data.list.map((c: { id: number }) => c.id);
      expect(ids).toEqual(expect.arrayContaining([published, paid]));
      expect(ids).not.toContain(draft);
    }
    const free = await post('/api/course/list', { pageSize: 100, isFree: true });
    expect(free.data.list.every((c: { isFree: boolean; price: number }) => c.isFree && c.price === 0)).toBe(true);
    const paidOnly = await post('/api/course/list', { pageSize: 100, isFree: false });
    expect(paidOnly.data.list.map((c: { id: number }) => c.id)).toContain(paid);
    expect(paidOnly.data.list.map((c: { id: number }) => c.id)).not.toContain(published);
    const newest = await post('/api/course/list', { pageSize: 2, sort: 1 });
    expect(newest.data.list[0].id).toBe(paid);
    expect(newest.data).toMatchObject({ pageNum: 1, pageSize: 2 });
    expect(newest.data.total).toBeGreaterThanOrEqual(2);
  });

  it('refuses a malformed filter with a Chinese message', async () => {
    const answer = await post('/api/course/list', { sort: 9 });
    expect(answer.code).toBe(422);
    expect(answer.msg).toMatch(/取值不正确/);
  });

  it('finds published courses by keyword, never unpublished ones', async () => {
    for (const who of everyone()) {
      const found = await post('/api/course/search/list', { keyword: '量子退火' }, who);
      expect(found.data.list.map((c: { id: number }) => c.id)).toEqual([paid]);
    }
    expect((await post('/api/course/search/list', { keyword: '！？' })).data).toMatchObject({ list: [], total: 0 });
  });

  it('shows a published course to everyone, an unpublished one only to its teacher and operators', async () => {
    for (const who of everyone()) {
      const answer = await post('/api/course/view', { courseId: published }, who);
      expect(answer.code).toBe(200);
      expect(answer.data).toMatchObject({ id: published, isFree: true, periodCount: 2, lecturerProfile: { userId: owner.id } });
      expect(answer.data).not.toHaveProperty('progress');
    }
    for (const who of [undefined, learner, otherTeacher]) {
      const answer = await post('/api/course/view', { courseId: draft }, who);
      expect(answer).toMatchObject({ code: 404, msg: '课程不存在或未上架', data: null });
    }
    for (const who of [owner, operator])
      expect((await post('/api/course/view', { courseId: draft }, who)).data.status).toBe(ShelfStatus.reviewing);
  });

  it('lists chapters and periods without their content, locking paid periods for those who did not buy', async () => {
    for (const who of [undefined, learner, otherTeacher]) {
      const answer = await post('/api/course/chapter/list', { courseId: paid }, who);
      const periods = answer.data[0].periods;
      expect(periods.map((p: { id: number }) => p.id)).toEqual(paidPeriods);
      expect(periods.map((p: { locked: boolean }) => p.locked)).toEqual([false, true, true]);
      expect(periods[1]).toMatchObject({ kind: 'video', durationSeconds: 120, isPreview: false });
      expect(JSON.stringify(answer.data)).not.toMatch(/课程讲义|documentHtml|documentMarkdown|videoId/);
    }
    for (const who of [owner, operator]) {
      const answer = await post('/api/course/chapter/list', { courseId: paid }, who);
      expect(answer.data[0].periods.every((p: { locked: boolean }) => !p.locked)).toBe(true);
    }
    expect((await post('/api/course/chapter/list', { courseId: draft }, learner)).code).toBe(404);
    expect((await post('/api/course/chapter/list', { courseId: draft }, owner)).code).toBe(200);
  });

  it('recommends other published courses, never the course itself or unpublished ones', async () => {
    for (const who of everyone()) {
      const answer = await post('/api/course/recommend/list', { courseId: published }, who);
      const ids = answer.data.map((c: { id: number }) => c.id);
      expect(ids).toContain(paid);
      expect(ids).not.toContain(published);
      expect(ids).not.toContain(draft);
    }
    expect((await post('/api/course/recommend/list', { courseId: draft }, learner)).code).toBe(404);

    const [category] = await t.app.db.insert(courseCategories).values({ name: '测试专用分类' }).returning();
    const { courseId: sibling } = await courseFixture(t.app, otherTeacher.id);
    await t.app.db
      .update(courses)
      .set({ categoryId: category!.id })
      .where(inArray(courses.id, [published, sibling]));
    await t.app.db.update(courses).set({ learnerCount: 1_000_000 }).where(eq(courses.id, paid));
    const related = await post('/api/course/recommend/list', { courseId: published, size: 2 });
    expect(related.data.map((c: { id: number }) => c.id)).toEqual([sibling, paid]);
    const home = await post('/api/resource/recommend/list', { size: 20 });
    expect(home.data.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([published, paid]));
    expect(home.data.map((c: { id: number }) => c.id)).not.toContain(draft);
  });
});
