import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ContentStatus, messages, postComments, posts, questionAnswers, questions, users } from '../../db/schema.js';
import { indexDocument } from '../../content/search-index.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let author: { id: number; token: string };
let reader: { id: number; token: string };
let operator: { id: number; token: string };

async function account(mobile: string) {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  return { id: row!.id, token: await login(t.app, mobile, demoPassword) };
}

async function post(title: string, status: number, body = `${title}的正文`) {
  const [row] = await t.app.db
    .insert(posts)
    .values({
      authorId: author.id,
      title,
      contentMd: body,
      contentHtml: `<p>${body}</p>`,
      status,
      publishedAt: new Date(),
      commentCount: 1,
    })
    .returning();
  if (status === ContentStatus.published)
    await indexDocument(t.app.db, { kind: 'blog', refId: row!.id, title, body, publishedAt: row!.publishedAt! });
  return row!;
}

const report = (token: string, body: object) => call(t.app, 'POST', '/apis/community/auth/report/save', body, token);
const queue = (token: string) => call(t.app, 'POST', '/apis/community/auth/review/list', { pageNum: 1, pageSize: 50 }, token);
const decide = (token: string, body: object) => call(t.app, 'POST', '/apis/community/auth/review/decide', body, token);
const search = (keyword: string) => call(t.app, 'POST', '/apis/community/api/search/list', { keyword });
const lastMessage = async (userId: number) =>
  (await t.app.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp();
  author = await account(demoAccounts.teacher);
  reader = await account(demoAccounts.user);
  operator = await account(demoAccounts.operator);
});
afterAll(() => t.close());

describe('reports', () => {
  it('takes one report per user and thing, and refuses reporting your own', async () => {
    const target = await post('被举报一次的文章', ContentStatus.published);
    const first = await report(reader.token, { kind: 'blog', refId: target.id, reason: '广告' });
    expect(first.code).toBe(200);
    expect(await report(reader.token, { kind: 'blog', refId: target.id, reason: '还是广告' })).toMatchObject({
      code: 409,
      msg: '已举报，请等待处理',
    });
    expect(await report(author.token, { kind: 'blog', refId: target.id, reason: '自己' })).toMatchObject({
      code: 403,
      msg: '不能举报自己发布的内容',
    });
  });

  it('refuses unknown or unpublished things, blank and overlong reasons, and anonymous callers', async () => {
    const held = await post('待审的文章', ContentStatus.reviewing);
    expect((await report(reader.token, { kind: 'blog', refId: held.id, reason: '广告' })).code).toBe(404);
    expect((await report(reader.token, { kind: 'question', refId: 999_999, reason: '广告' })).msg).toBe('问题不存在');
    expect(await report(reader.token, { kind: 'blog', refId: held.id, reason: '  ' })).toMatchObject({
      code: 422,
      msg: '举报原因不能为空',
    });
    expect((await report(reader.token, { kind: 'blog', refId: held.id, reason: '长'.repeat(201) })).code).toBe(422);
    expect((await report(reader.token, { kind: 'user', refId: held.id, reason: '广告' })).code).toBe(422);
    expect((await call(t.app, 'POST', '/apis/community/auth/report/save', { kind: 'blog', refId: held.id, reason: '广告' })).code).toBe(
      401,
    );
  });
});

describe('operator review', () => {
  it('is for operators only', async () => {
    expect(await queue(reader.token)).toMatchObject({ code: 403, msg: '仅运营人员可以执行此操作' });
    expect((await decide(reader.token, { kind: 'blog', refId: 1, decision: 'publish' })).code).toBe(403);
  });

  it('lists held content and reported content with the reasons, then publishing held content indexes it', async () => {
    const held = await post('敏感词待审的文章', ContentStatus.reviewing);
    const reported = await post('有人举报的文章', ContentStatus.published);
    await report(reader.token, { kind: 'blog', refId: reported.id, reason: '内容抄袭' });
    const list = (await queue(operator.token)).data.list;
    expect(list).toContainEqual(
      expect.objectContaining({
        kind: 'blog',
        refId: held.id,
        status: ContentStatus.reviewing,
        reportCount: 0,
        url: `/blog/article/${held.id}`,
      }),
    );
    expect(list).toContainEqual(
      expect.objectContaining({ kind: 'blog', refId: reported.id, status: ContentStatus.published, reportCount: 1, reasons: ['内容抄袭'] }),
    );

    expect((await search('敏感词待审')).data.total).toBe(0);
    expect(await decide(operator.token, { kind: 'blog', refId: held.id, decision: 'publish' })).toMatchObject({ code: 200, msg: '已发布' });
    expect((await search('敏感词待审')).data.list[0]).toMatchObject({ kind: 'blog', refId: held.id });
    expect((await lastMessage(author.id))?.content).toBe('你发布的文章「敏感词待审的文章」已通过审核并公开');
    expect((await queue(operator.token)).data.list.map((item: { refId: number }) => item.refId)).not.toContain(held.id);
    expect(await decide(operator.token, { kind: 'blog', refId: held.id, decision: 'publish' })).toMatchObject({
      code: 409,
      msg: '该内容无需审核',
    });
  });

  it('rejecting reported published content takes it down, upholds the reports and tells the author why', async () => {
    const reported = await post('违规挂载教程', ContentStatus.published);
    await report(reader.token, { kind: 'blog', refId: reported.id, reason: '违规' });
    expect((await search('违规挂载')).data.total).toBe(1);
    expect(await decide(operator.token, { kind: 'blog', refId: reported.id, decision: 'reject' })).toMatchObject({
      code: 422,
      msg: '请填写驳回原因',
    });
    expect((await decide(operator.token, { kind: 'blog', refId: reported.id, decision: 'reject', note: '含违规内容' })).code).toBe(200);
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, reported.id));
    expect(row).toMatchObject({ status: ContentStatus.rejected, reviewNote: '含违规内容' });
    expect((await search('违规挂载')).data.total).toBe(0);
    expect((await lastMessage(author.id))?.content).toBe('你发布的文章「违规挂载教程」因被举报经审核已下架，原因：含违规内容');
    expect((await queue(operator.token)).data.list.map((item: { refId: number }) => item.refId)).not.toContain(reported.id);
  });

  it('dismissing reports keeps published content up', async () => {
    const reported = await post('被误报的文章', ContentStatus.published);
    await report(reader.token, { kind: 'blog', refId: reported.id, reason: '看不懂' });
    expect((await decide(operator.token, { kind: 'blog', refId: reported.id, decision: 'publish' })).code).toBe(200);
    const [row] = await t.app.db.select().from(posts).where(eq(posts.id, reported.id));
    expect(row!.status).toBe(ContentStatus.published);
    expect((await search('被误报')).data.total).toBe(1);
  });

  it('rejecting a reported comment or answer hides it and keeps its post or question counts right', async () => {
    const target = await post('带评论的文章', ContentStatus.published);
    const [comment] = await t.app.db
      .insert(postComments)
      .values({ postId: target.id, authorId: author.id, content: '垃圾评论' })
      .returning();
    const [question] = await t.app.db
      .insert(questions)
      .values({ askerId: reader.id, title: '一个问题', contentMd: '问题正文', contentHtml: '<p>问题正文</p>', answerCount: 1 })
      .returning();
    const [answer] = await t.app.db
      .insert(questionAnswers)
      .values({ questionId: question!.id, authorId: author.id, contentMd: '广告回答', contentHtml: '<p>广告回答</p>' })
      .returning();
    await report(reader.token, { kind: 'comment', refId: comment!.id, reason: '垃圾' });
    await report(reader.token, { kind: 'answer', refId: answer!.id, reason: '广告' });
    const list = (await queue(operator.token)).data.list;
    expect(list).toContainEqual(
      expect.objectContaining({ kind: 'comment', refId: comment!.id, url: `/blog/article/${target.id}`, excerpt: '垃圾评论' }),
    );
    expect(list).toContainEqual(expect.objectContaining({ kind: 'answer', refId: answer!.id, url: `/question/view/${question!.id}` }));

    await decide(operator.token, { kind: 'comment', refId: comment!.id, decision: 'reject', note: '垃圾信息' });
    await decide(operator.token, { kind: 'answer', refId: answer!.id, decision: 'reject', note: '广告' });
    const [commentRow] = await t.app.db.select().from(postComments).where(eq(postComments.id, comment!.id));
    const [postRow] = await t.app.db.select().from(posts).where(eq(posts.id, target.id));
    const [answerRow] = await t.app.db.select().from(questionAnswers).where(eq(questionAnswers.id, answer!.id));
    const [questionRow] = await t.app.db
      .select()
      .from(questions)
      .where(and(eq(questions.id, question!.id)));
    expect([commentRow!.status, postRow!.commentCount]).toEqual([ContentStatus.rejected, 0]);
    expect([answerRow!.status, questionRow!.answerCount]).toEqual([ContentStatus.rejected, 0]);
    expect((await lastMessage(author.id))?.content).toBe('你发布的回答因被举报经审核已下架，原因：广告');
  });
});
