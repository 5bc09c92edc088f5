import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { ShelfStatus, courseCategories, courseEnrollments, courses, images, messages, searchDocuments, videos } from '../../db/schema.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';

let t: TestApp;
let owner: Person;
let otherTeacher: Person;
let learner: Person;
let operator: Person;
let categoryId: number;

const post = (path: string, body: unknown, token?: string) => call(t.app, 'POST', `/apis/course/${path}`, body, token);

const draft = (name: string) => ({
  courseName: name,
  categoryId,
  summary: '从零开始',
  introMarkdown: '# 介绍\n\n**动手**学',
  isFree: false,
  price: 99_000,
  noSkip: false,
  coverKey: '',
});

async function statusOf(courseId: number) {
  const [row] = await t.app.db.select().from(courses).where(eq(courses.id, courseId));
  return row;
}

async function indexed(courseId: number) {
  const rows = await t.app.db.select().from(searchDocuments).where(eq(searchDocuments.refId, courseId));
  return rows.some((row) => row.kind === 'course');
}

async function videoOf(userId: number, durationSeconds: number | null = 20) {
  const [video] = await t.app.db
    .insert(videos)
    .values({ userId, fileName: 'lesson.webm', size: 10, md5: '0'.repeat(32), title: '第一讲', durationSeconds })
    .returning();
  return video!.id;
}

function multipart(fields: Record<string, string>, fileName: string, bytes: Buffer) {
  const boundary = 'rcboundary42';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  return {
    payload: Buffer.concat([
      ...parts,
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadAccessory(courseId: number, token: string | undefined, bytes = Buffer.from('讲义内容')) {
  const form = multipart({ courseId: String(courseId) }, '讲义.pdf', bytes);
  const response = await t.app.inject({
    method: 'POST',
    url: '/apis/course/auth/course/accessory/save',
    payload: form.payload,
    headers: { 'content-type': form.contentType, ...(token ? { token } : {}) },
  });
  return response.json();
}

const download = (id: number, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/apis/course/auth/course/accessory/download',
    payload: new URLSearchParams({ id: String(id), ...(token ? { token } : {}) }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await newTeacher(t.app);
  otherTeacher = await newTeacher(t.app);
  learner = await newLearner(t.app, 1_000_000);
  operator = await newOperator(t.app);
  const [category] = await t.app.db.select().from(courseCategories).limit(1);
  categoryId = category!.id;
});
afterAll(() => t.close());

describe('who may call the teaching calls', () => {
  it('answers anonymous 401, learners and operators 403 (not a teacher), another teacher 404 (not theirs)', async () => {
    const { courseId, chapterId, periodIds } = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    const calls: Array<[string, unknown]> = [
      ['auth/course/audit/view', { id: courseId }],
      ['auth/course/audit/update', { id: courseId, ...draft('改名') }],
      ['auth/course/audit/stand', { id: courseId, onShelf: false }],
      ['auth/course/audit/submit', { id: courseId }],
      ['auth/course/audit/delete', { id: courseId }],
      ['auth/course/chapter/audit/save', { courseId, title: '新章' }],
      ['auth/course/chapter/audit/update', { id: chapterId, title: '新章' }],
      ['auth/course/chapter/audit/sort', { courseId, chapterIds: [chapterId] }],
      ['auth/course/chapter/audit/delete', { id: chapterId }],
      ['auth/course/period/audit/list', { courseId }],
      ['auth/course/period/audit/save', { chapterId, kind: 'document', title: '讲义', documentMarkdown: '内容' }],
      ['auth/course/period/audit/update', { id: periodIds[0], title: '讲义', documentMarkdown: '内容' }],
      ['auth/course/period/audit/sort', { chapterId, periodIds }],
      ['auth/course/period/audit/delete', { id: periodIds[0] }],
      ['auth/course/period/audit/video/save', { periodId: periodIds[1], videoId: 1 }],
      ['auth/course/accessory/list', { courseId }],
    ];
    for (const [path, body] of calls) {
      expect((await post(path, body)).code, path).toBe(401);
      expect(await post(path, body, learner.token), path).toMatchObject({
        code: 403,
        msg: '仅讲师可以执行此操作，请先在讲师中心申请成为讲师',
      });
      expect((await post(path, body, operator.token)).code, path).toBe(403);
      expect(await post(path, body, otherTeacher.token), path).toMatchObject({ code: 404 });
    }
    for (const path of ['auth/course/audit/list', 'auth/course/audit/save', 'auth/course/period/audit/image/list']) {
      expect((await post(path, draft('x'))).code).toBe(401);
      expect((await post(path, draft('x'), learner.token)).code).toBe(403);
    }
    expect((await statusOf(courseId))!.courseName).not.toBe('改名');
    expect((await post('auth/course/period/audit/list', { courseId }, owner.token)).data[0].periods).toHaveLength(2);
  });

  it('keeps the review calls to operators', async () => {
    const { courseId } = await courseFixture(t.app, owner.id, { status: ShelfStatus.reviewing });
    for (const [path, body] of [
      ['auth/course/review/list', {}],
      ['auth/course/review/view', { id: courseId }],
      ['auth/course/review/approve', { id: courseId }],
      ['auth/course/review/reject', { id: courseId, reason: '不行' }],
    ] as const) {
      expect((await post(path, body)).code).toBe(401);
      for (const person of [learner, owner, otherTeacher]) expect((await post(path, body, person.token)).code, path).toBe(403);
    }
    expect((await statusOf(courseId))!.status).toBe(ShelfStatus.reviewing);
  });
});

describe('a course from draft to the shelf', () => {
  it('saves a draft, renders its introduction, and refuses bad prices, unknown categories and sensitive words', async () => {
    expect(await post('auth/course/audit/save', { ...draft('贵'), price: 10_000_000 }, owner.token)).toMatchObject({ code: 422 });
    expect(await post('auth/course/audit/save', { ...draft('便宜'), price: 500 }, owner.token)).toMatchObject({
      code: 422,
      msg: '收费课程的价格应在1元到9999元之间',
    });
    expect(await post('auth/course/audit/save', { ...draft('零头'), price: 1_005 }, owner.token)).toMatchObject({
      msg: '价格最多精确到分',
    });
    expect(await post('auth/course/audit/save', { ...draft('无类'), categoryId: 99_999 }, owner.token)).toMatchObject({
      msg: '课程分类不存在',
    });
    expect(await post('auth/course/audit/save', draft('哪里可以代开发票'), owner.token)).toMatchObject({
      code: 422,
      msg: '含敏感词：代开发票，请修改后保存',
    });
    const saved = await post('auth/course/audit/save', draft('深度学习实战'), owner.token);
    expect(saved).toMatchObject({ code: 200, data: { status: ShelfStatus.draft } });
    const view = await post('auth/course/audit/view', { id: saved.data.id }, owner.token);
    expect(view.data).toMatchObject({ courseName: '深度学习实战', price: 99_000, isFree: false, status: 0 });
    expect(view.data.introHtml).toContain('<strong>动手</strong>');
    const free = await post('auth/course/audit/save', { ...draft('免费课'), isFree: true, price: 5_000 }, owner.token);
    expect((await statusOf(free.data.id))!.price).toBe(0);
    const list = await post('auth/course/audit/list', { status: ShelfStatus.draft }, owner.token);
    expect(list.data.list.map((item: { courseName: string }) => item.courseName)).toEqual(
      expect.arrayContaining(['深度学习实战', '免费课']),
    );
    expect((await post('auth/course/audit/list', {}, otherTeacher.token)).data.total).toBe(0);
  });

  it('submits only a course with a period and videos, then the operator rejects with a reason and approves', async () => {
    const { data } = await post('auth/course/audit/save', draft('审核流程课'), owner.token);
    const id = data.id as number;
    expect(await post('auth/course/audit/submit', { id }, owner.token)).toMatchObject({
      code: 422,
      msg: '请至少添加一个章节和一个课时后再提交审核',
    });
    const chapter = await post('auth/course/chapter/audit/save', { courseId: id, title: '第一章' }, owner.token);
    const period = await post('auth/course/period/audit/save', { chapterId: chapter.data.id, kind: 'video', title: '开篇' }, owner.token);
    expect(await post('auth/course/audit/submit', { id }, owner.token)).toMatchObject({
      code: 422,
      msg: '视频课时「开篇」还没有视频，请先上传或选择视频',
    });
    const othersVideo = await videoOf(otherTeacher.id);
    expect(
      await post('auth/course/period/audit/video/save', { periodId: period.data.id, videoId: othersVideo }, owner.token),
    ).toMatchObject({
      code: 404,
      msg: '视频不存在',
    });
    const video = await videoOf(owner.id, 20);
    expect((await post('auth/course/period/audit/video/save', { periodId: period.data.id, videoId: video }, owner.token)).code).toBe(200);
    const outline = await post('auth/course/period/audit/list', { courseId: id }, owner.token);
    expect(outline.data[0].periods[0]).toMatchObject({ videoId: video, durationSeconds: 20, videoTitle: '第一讲' });

    expect(await post('auth/course/audit/submit', { id }, owner.token)).toMatchObject({
      code: 200,
      data: { status: ShelfStatus.reviewing },
    });
    expect(await post('auth/course/audit/update', { id, ...draft('改') }, owner.token)).toMatchObject({
      code: 409,
      msg: '课程审核中，不能修改',
    });
    expect((await post('auth/course/chapter/audit/save', { courseId: id, title: '偷加' }, owner.token)).code).toBe(409);
    expect(await post('auth/course/audit/submit', { id }, owner.token)).toMatchObject({ code: 409, msg: '课程已在审核中' });

    const queue = await post('auth/course/review/list', {}, operator.token);
    expect(queue.data.list.map((item: { id: number }) => item.id)).toContain(id);
    const review = await post('auth/course/review/view', { id }, operator.token);
    expect(review.data.chapters[0].periods[0]).toMatchObject({ title: '开篇', durationSeconds: 20 });
    expect((await post('auth/course/review/reject', { id, reason: '' }, operator.token)).code).toBe(422);
    expect((await post('auth/course/review/reject', { id, reason: 'x'.repeat(201) }, operator.token)).code).toBe(422);
    expect((await post('auth/course/review/reject', { id, reason: '封面不清晰' }, operator.token)).code).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: ShelfStatus.rejected, reviewNote: '封面不清晰' });
    expect((await post('auth/course/audit/list', { status: ShelfStatus.rejected }, owner.token)).data.list[0]).toMatchObject({
      id,
      reviewNote: '封面不清晰',
      chapterCount: 1,
      periodCount: 1,
    });
    expect((await post('auth/course/review/approve', { id }, operator.token)).code).toBe(409);

    expect((await post('auth/course/audit/submit', { id }, owner.token)).code).toBe(200);
    expect(await indexed(id)).toBe(false);
    expect((await post('auth/course/review/approve', { id }, operator.token)).code).toBe(200);
    expect(await statusOf(id)).toMatchObject({ status: ShelfStatus.published, reviewNote: '', reviewerId: operator.id });
    expect((await statusOf(id))!.publishedAt).not.toBeNull();
    expect(await indexed(id)).toBe(true);
    const inbox = await t.app.db.select().from(messages).where(eq(messages.userId, owner.id));
    expect(inbox.map((m) => m.title)).toEqual(expect.arrayContaining(['课程审核未通过', '课程审核通过']));
    expect(inbox.find((m) => m.title === '课程审核未通过')!.content).toContain('封面不清晰');
    expect(await post('auth/course/audit/submit', { id }, owner.token)).toMatchObject({ code: 409, msg: '课程已通过审核，无需再次提交' });
  });

  it('takes a published course off the shelf and back without review; only published and off-shelf courses move', async () => {
    const { courseId } = await courseFixture(t.app, owner.id);
    const { courseId: draftId } = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    expect(await post('auth/course/audit/stand', { id: draftId, onShelf: true }, owner.token)).toMatchObject({
      code: 409,
      msg: '只有已下架的课程可以上架',
    });
    expect(await post('auth/course/audit/stand', { id: courseId, onShelf: true }, owner.token)).toMatchObject({ code: 409 });
    await post('auth/course/audit/update', { id: courseId, ...draft('上架课程') }, owner.token);
    expect(await indexed(courseId)).toBe(true);
    expect(await post('auth/course/audit/stand', { id: courseId, onShelf: false }, owner.token)).toMatchObject({
      code: 200,
      data: { status: 4 },
    });
    expect(await indexed(courseId)).toBe(false);
    expect(await post('auth/course/audit/stand', { id: courseId, onShelf: true }, owner.token)).toMatchObject({
      code: 200,
      data: { status: 1 },
    });
    expect(await indexed(courseId)).toBe(true);
  });

  it('edits a published course in place: learners keep it whatever the new price', async () => {
    const { courseId } = await courseFixture(t.app, owner.id, { price: 50_000 });
    await t.app.db.insert(courseEnrollments).values({ courseId, userId: learner.id, paidAmount: 50_000 });
    const updated = await post('auth/course/audit/update', { id: courseId, ...draft('涨价后的课'), price: 80_000 }, owner.token);
    expect(updated).toMatchObject({ code: 200, data: { status: ShelfStatus.published } });
    const [enrollment] = await t.app.db.select().from(courseEnrollments).where(eq(courseEnrollments.courseId, courseId));
    expect(enrollment).toMatchObject({ userId: learner.id, paidAmount: 50_000 });
    expect(await post('auth/course/audit/update', { id: courseId, ...draft('代开发票') }, owner.token)).toMatchObject({ code: 422 });
    expect((await statusOf(courseId))!.courseName).toBe('涨价后的课');
  });

  it('deletes only a course nobody signed up to', async () => {
    const taken = await courseFixture(t.app, owner.id);
    await t.app.db.insert(courseEnrollments).values({ courseId: taken.courseId, userId: learner.id });
    expect(await post('auth/course/audit/delete', { id: taken.courseId }, owner.token)).toMatchObject({
      code: 409,
      msg: '已有学员报名的课程不能删除，可将其下架',
    });
    const empty = await courseFixture(t.app, owner.id);
    const accessory = await uploadAccessory(empty.courseId, owner.token);
    expect((await post('auth/course/audit/delete', { id: empty.courseId }, owner.token)).code).toBe(200);
    expect(await statusOf(empty.courseId)).toBeUndefined();
    expect(await indexed(empty.courseId)).toBe(false);
    expect((await download(accessory.data.id, owner.token)).json()).toMatchObject({ code: 404 });
  });
});

describe('chapters and periods', () => {
  it('adds, renames, sorts and moves periods between chapters', async () => {
    const { courseId, chapterId, periodIds } = await courseFixture(t.app, owner.id, {
      status: ShelfStatus.draft,
      kinds: ['video', 'document'],
    });
    const second = await post('auth/course/chapter/audit/save', { courseId, title: '第二章' }, owner.token);
    expect((await post('auth/course/chapter/audit/update', { id: second.data.id, title: '进阶' }, owner.token)).code).toBe(200);
    expect(await post('auth/course/chapter/audit/sort', { courseId, chapterIds: [second.data.id] }, owner.token)).toMatchObject({
      code: 422,
    });
    expect((await post('auth/course/chapter/audit/sort', { courseId, chapterIds: [second.data.id, chapterId] }, owner.token)).code).toBe(
      200,
    );
    const [a, b, c] = periodIds as [number, number, number];
    expect(await post('auth/course/period/audit/sort', { chapterId, periodIds: [c, a] }, owner.token)).toMatchObject({
      msg: '课时顺序应包含本章节的全部课时',
    });
    expect((await post('auth/course/period/audit/sort', { chapterId, periodIds: [c, b, a] }, owner.token)).code).toBe(200);
    expect((await post('auth/course/period/audit/sort', { chapterId: second.data.id, periodIds: [b] }, owner.token)).code).toBe(200);
    const foreign = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    expect(await post('auth/course/period/audit/sort', { chapterId, periodIds: [c, a, foreign.periodIds[0]] }, owner.token)).toMatchObject({
      msg: '课时不存在或不属于本课程',
    });
    const outline = (await post('auth/course/period/audit/list', { courseId }, owner.token)).data;
    expect(outline.map((chapter: { title: string }) => chapter.title)).toEqual(['进阶', '第一章']);
    expect(outline[0].periods.map((p: { id: number }) => p.id)).toEqual([b]);
    expect(outline[1].periods.map((p: { id: number }) => p.id)).toEqual([c, a]);
  });

  it('checks each kind: documents render Markdown, labs need an image of the system or mine, videos only take videos', async () => {
    const { courseId, chapterId, periodIds } = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    const doc = await post(
      'auth/course/period/audit/save',
      { chapterId, kind: 'document', title: '讲义', documentMarkdown: '## 安装', isPreview: true },
      owner.token,
    );
    expect(doc.code).toBe(200);
    expect(
      await post('auth/course/period/audit/save', { chapterId, kind: 'document', title: '空', documentMarkdown: ' ' }, owner.token),
    ).toMatchObject({
      msg: '图文课时的内容不能为空',
    });
    expect(await post('auth/course/period/audit/save', { chapterId, kind: 'lab', title: '实验' }, owner.token)).toMatchObject({
      msg: '请选择实验镜像',
    });
    const [system] = await t.app.db.select().from(images).limit(1);
    const [othersImage] = await t.app.db
      .insert(images)
      .values({
        userId: otherTeacher.id,
        name: '别人的',
        framework: 'PyTorch',
        frameworkVersion: '2',
        python: '3.10',
        cuda: '12',
        os: 'Ubuntu',
        sizeBytes: 1,
      })
      .returning();
    expect(
      await post('auth/course/period/audit/save', { chapterId, kind: 'lab', title: '实验', labImageId: othersImage!.id }, owner.token),
    ).toMatchObject({
      msg: '实验镜像不存在或不可用',
    });
    expect(
      (await post('auth/course/period/audit/save', { chapterId, kind: 'lab', title: '实验', labImageId: system!.id }, owner.token)).code,
    ).toBe(200);
    const labImages = (await post('auth/course/period/audit/image/list', {}, owner.token)).data.map((i: { id: number }) => i.id);
    expect(labImages).toContain(system!.id);
    expect(labImages).not.toContain(othersImage!.id);
    expect(
      await post('auth/course/period/audit/video/save', { periodId: periodIds[0], videoId: await videoOf(owner.id) }, owner.token),
    ).toMatchObject({
      msg: '只有视频课时可以关联视频',
    });
    const outline = (await post('auth/course/period/audit/list', { courseId }, owner.token)).data[0].periods;
    expect(outline.find((p: { id: number }) => p.id === doc.data.id)).toMatchObject({ isPreview: true, documentHtml: '<h2>安装</h2>\n' });
    expect((await post('auth/course/period/audit/delete', { id: doc.data.id }, owner.token)).code).toBe(200);
    expect((await post('auth/course/chapter/audit/delete', { id: chapterId }, owner.token)).code).toBe(200);
    expect((await post('auth/course/period/audit/list', { courseId }, owner.token)).data).toEqual([]);
  });
});

describe('accessories', () => {
  it('uploads for the owner only and downloads for the teacher, operators and learners who signed up', async () => {
    const { courseId } = await courseFixture(t.app, owner.id, { price: 10_000 });
    expect((await uploadAccessory(courseId, undefined)).code).toBe(401);
    expect((await uploadAccessory(courseId, learner.token)).code).toBe(403);
    expect((await uploadAccessory(courseId, otherTeacher.token)).code).toBe(404);
    const saved = await uploadAccessory(courseId, owner.token);
    expect(saved).toMatchObject({ code: 200, data: { fileName: '讲义.pdf', size: Buffer.byteLength('讲义内容') } });
    const id = saved.data.id as number;

    expect((await download(id)).json().code).toBe(401);
    expect((await download(id, learner.token)).json()).toMatchObject({ code: 403, msg: '请先购买课程后下载附件' });
    expect((await download(id, otherTeacher.token)).json()).toMatchObject({ code: 403 });
    for (const person of [owner, operator]) {
      const response = await download(id, person.token);
      expect(response.body).toBe('讲义内容');
      expect(response.headers['content-disposition']).toContain("filename*=UTF-8''%E8%AE%B2%E4%B9%89.pdf");
    }
    await t.app.db.insert(courseEnrollments).values({ courseId, userId: learner.id, paidAmount: 10_000 });
    expect((await download(id, learner.token)).body).toBe('讲义内容');
    await post('auth/course/audit/stand', { id: courseId, onShelf: false }, owner.token);
    expect((await download(id, learner.token)).body).toBe('讲义内容');
    const publicView = await post('api/course/view', { courseId: (await courseFixture(t.app, owner.id)).courseId });
    expect(publicView.data.accessoryList).toEqual([]);
    await post('auth/course/audit/stand', { id: courseId, onShelf: true }, owner.token);
    expect((await post('api/course/view', { courseId })).data.accessoryList).toEqual([
      { id, fileName: '讲义.pdf', size: Buffer.byteLength('讲义内容'), downloadCount: 4, createdAt: expect.any(String) },
    ]);
    const listed = await post('auth/course/accessory/list', { courseId }, owner.token);
    expect(listed.data[0]).toMatchObject({ id, downloadCount: 4 });

    expect((await post('auth/course/accessory/delete', { id }, otherTeacher.token)).code).toBe(404);
    expect((await post('auth/course/accessory/delete', { id }, learner.token)).code).toBe(403);
    expect((await post('auth/course/accessory/delete', { id }, owner.token)).code).toBe(200);
    expect((await download(id, owner.token)).json()).toMatchObject({ code: 404, msg: '附件不存在' });
  });

  it('does not serve an unpublished course to learners', async () => {
    const { courseId } = await courseFixture(t.app, owner.id, { status: ShelfStatus.draft });
    const saved = await uploadAccessory(courseId, owner.token);
    await t.app.db.insert(courseEnrollments).values({ courseId, userId: learner.id });
    expect((await download(saved.data.id, learner.token)).json()).toMatchObject({ code: 404, msg: '课程不存在或未上架' });
  });

  it('refuses an empty file', async () => {
    const { courseId } = await courseFixture(t.app, owner.id);
    expect(await uploadAccessory(courseId, owner.token, Buffer.alloc(0))).toMatchObject({ code: 422, msg: '附件不能为空文件' });
  });
});

describe('covers', () => {
  it('stores a teacher’s cover and serves it publicly', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a cover')]);
    const form = multipart({}, 'cover.png', png);
    const upload = (token?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/apis/course/auth/course/cover/upload',
        payload: form.payload,
        headers: { 'content-type': form.contentType, ...(token ? { token } : {}) },
      });
    expect((await upload()).json().code).toBe(401);
    expect((await upload(learner.token)).json().code).toBe(403);
    const stored = (await upload(owner.token)).json();
    expect(stored.data.url).toBe(`/apis/course/api/course/cover/${stored.data.key}`);
    const served = await t.app.inject({ method: 'GET', url: stored.data.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const saved = await post('auth/course/audit/save', { ...draft('有封面'), coverKey: stored.data.key }, owner.token);
    expect((await post('auth/course/audit/view', { id: saved.data.id }, owner.token)).data.coverUrl).toBe(stored.data.url);
    expect(await post('auth/course/audit/save', { ...draft('假封面'), coverKey: '../x' }, owner.token)).toMatchObject({ code: 422 });
  });
});
