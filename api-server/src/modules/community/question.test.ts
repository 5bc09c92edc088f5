import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, questionAnswers, searchDocuments, users } from '../../db/schema.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { answerQuestion, api, ask, auth, body, members, signInAgain, type Member } from '../../test-support/question-test-kit.js';
import { recomputeQuestionHotScores } from '../../community/question-ranking.js';
import { userRowWritten } from '../../test-support/user-written.js';

let t: TestApp;
let asker: Member;
let other: Member;
let third: Member;
beforeAll(async () => {
  t = await createTestApp();
  [asker, other, third] = await members(t, [0, 0, 0]);
});
afterAll(() => t.close());
// Each test starts a fresh hour of posting limits.
beforeEach(() => t.clock.advance(3_600_000));

const inIndex = async (id: number) =>
  (await t.app.db.select().from(searchDocuments).where(eq(searchDocuments.refId, id))).some((doc) => doc.kind === 'question');

describe('asking', () => {
  it('publishes a question with labels, renders its Markdown and indexes it', async () => {
    const labels = await call(t.app, 'POST', '/apis/community/api/label/list', {});
    const labelNo = labels.data.find((label: { labelName: string }) => label.labelName === 'CUDA').labelNo;
    const saved = await call(
      t.app,
      'POST',
      auth('save'),
      { title: '如何查看 CUDA 版本？', contentMd: '用 `nvcc -V` 还是 **nvidia-smi**？<script>alert(1)</script>', labelNos: [labelNo] },
      asker.token,
    );
    expect(saved).toMatchObject({ code: 200, msg: '提问成功', data: { status: 1 } });
    const view = await call(t.app, 'POST', api('view'), { id: saved.data.id });
    expect(view.data).toMatchObject({
      title: '如何查看 CUDA 版本？',
      labels: [{ labelNo, labelName: 'CUDA' }],
      askerId: asker.id,
      viewCount: 1,
      bounty: 0,
    });
    expect(view.data.contentHtml).toContain('<strong>nvidia-smi</strong>');
    expect(view.data.contentHtml).not.toContain('<script>');
    expect(await inIndex(saved.data.id)).toBe(true);
    const latest = await call(t.app, 'POST', api('list'), { tab: 1, labelNo });
    expect(latest.data.list[0]).toMatchObject({ id: saved.data.id, accepted: false });
  });

  it('refuses anonymous callers, bad lengths and unknown labels in Chinese, writing nothing', async () => {
    expect((await call(t.app, 'POST', auth('save'), { title: '五个字以上的标题', contentMd: body })).code).toBe(401);
    const short = await call(t.app, 'POST', auth('save'), { title: '短', contentMd: body }, asker.token);
    expect(short.code).toBe(422);
    expect(short.msg).toMatch(/标题/);
    const blank = await call(t.app, 'POST', auth('save'), { title: '     空白的标题', contentMd: '          。' }, asker.token);
    expect(blank).toMatchObject({ code: 422, msg: '问题描述至少10个字' });
    const label = await call(t.app, 'POST', auth('save'), { title: '一个正常的标题', contentMd: body, labelNos: [99_999] }, asker.token);
    expect(label).toMatchObject({ code: 422, msg: '标签不存在' });
    const mine = await call(t.app, 'POST', auth('list'), { type: 1, pageSize: 100 }, asker.token);
    expect(mine.data.list.map((q: { title: string }) => q.title)).not.toContain('一个正常的标题');
  });

  it('holds a question with a sensitive word for review: not listed, not indexed, visible to its asker only', async () => {
    const saved = await call(t.app, 'POST', auth('save'), { title: '哪里可以代开发票？', contentMd: body }, asker.token);
    expect(saved).toMatchObject({ code: 200, data: { status: 2, reviewNote: '含敏感词：代开发票' } });
    expect(await inIndex(saved.data.id)).toBe(false);
    expect((await call(t.app, 'POST', api('view'), { id: saved.data.id })).code).toBe(404);
    expect((await call(t.app, 'POST', auth('view'), { id: saved.data.id }, other.token)).code).toBe(404);
    expect((await call(t.app, 'POST', auth('view'), { id: saved.data.id }, asker.token)).data).toMatchObject({
      status: 2,
      mine: true,
      canAccept: false,
    });
    const latest = await call(t.app, 'POST', api('list'), { pageSize: 100 });
    expect(latest.data.list.map((q: { id: number }) => q.id)).not.toContain(saved.data.id);
  });

  it('limits a day-old account to three questions an hour', async () => {
    const fresh = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, fresh.id));
    await userRowWritten(t.app, fresh.id);
    for (let i = 0; i < 3; i++) await ask(t, fresh, { title: `新用户的第${i + 1}个问题` });
    const fourth = await call(t.app, 'POST', auth('save'), { title: '新用户的第4个问题', contentMd: body }, fresh.token);
    expect(fourth).toMatchObject({ code: 429, msg: '发布太频繁，请稍后再试' });
  });

  it('counts answers and comments against the comment limit: five in ten minutes for a day-old account', async () => {
    const id = await ask(t, asker);
    const fresh = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ createdAt: t.clock.now() }).where(eq(users.id, fresh.id));
    await userRowWritten(t.app, fresh.id);
    const answerId = await answerQuestion(t, fresh, id);
    for (let i = 0; i < 4; i++)
      await call(t.app, 'POST', auth('comment/save'), { questionId: id, parentId: answerId, contentMd: `补充${i}` }, fresh.token);
    const sixth = await call(t.app, 'POST', auth('comment/save'), { questionId: id, contentMd: '第六条' }, fresh.token);
    expect(sixth).toMatchObject({ code: 429, msg: '评论太频繁，请稍后再试' });
  });
});

describe('changing and deleting', () => {
  it('lets only the asker update; the new text is re-rendered and re-indexed', async () => {
    const id = await ask(t, asker);
    const edit = { id, title: '怎样配置 cuDNN 环境？', contentMd: '更新后的描述，**加粗**说明。' };
    expect(await call(t.app, 'POST', auth('update'), edit, other.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', auth('update'), edit)).toMatchObject({ code: 401 });
    expect((await call(t.app, 'POST', auth('update'), { ...edit, id: 2_000_000 }, asker.token)).code).toBe(404);
    expect(await call(t.app, 'POST', auth('update'), edit, asker.token)).toMatchObject({ code: 200, msg: '修改成功' });
    const view = await call(t.app, 'POST', api('view'), { id });
    expect(view.data).toMatchObject({ title: '怎样配置 cuDNN 环境？' });
    expect(view.data.contentHtml).toContain('<strong>加粗</strong>');
    const found = await call(t.app, 'POST', api('search/list'), { keyword: 'cuDNN' });
    expect(found.data.list.map((q: { id: number }) => q.id)).toContain(id);
  });

  it('lets only the asker delete, taking answers, comments and the index entry with it', async () => {
    const id = await ask(t, asker);
    const answerId = await answerQuestion(t, other, id);
    await call(t.app, 'POST', auth('comment/save'), { questionId: id, parentId: answerId, contentMd: '补充一句' }, third.token);
    expect((await call(t.app, 'POST', auth('delete'), { id }, other.token)).code).toBe(403);
    expect((await call(t.app, 'POST', auth('delete'), { id })).code).toBe(401);
    expect(await call(t.app, 'POST', auth('delete'), { id }, asker.token)).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await call(t.app, 'POST', api('view'), { id })).code).toBe(404);
    expect(await t.app.db.select().from(questionAnswers).where(eq(questionAnswers.questionId, id))).toEqual([]);
    expect(await inIndex(id)).toBe(false);
  });
});

describe('answers and comments', () => {
  it('answers (the asker may answer too), comments on answers, lists accepted first and tells followers', async () => {
    const id = await ask(t, asker);
    expect(await call(t.app, 'POST', auth('user/record/save'), { questionId: id, kind: 2 }, third.token)).toMatchObject({
      code: 200,
      msg: '已关注',
    });
    const first = await answerQuestion(t, other, id, '第一个回答');
    const own = await answerQuestion(t, asker, id, '提问者自己的补充回答');
    const comment = await call(
      t.app,
      'POST',
      auth('comment/save'),
      { questionId: id, parentId: first, replyToUserId: other.id, contentMd: '有用' },
      third.token,
    );
    expect(comment).toMatchObject({ code: 200, msg: '评论成功' });
    const notes = await t.app.db.select().from(messages).where(eq(messages.userId, third.id));
    expect(notes.filter((note) => note.title === '你关注的问题有新回答')).toHaveLength(2);
    expect(await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: own }, asker.token)).toMatchObject({
      code: 409,
      msg: '不能采纳自己的回答',
    });
    expect(await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: first }, other.token)).toMatchObject({ code: 403 });
    expect(await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: first })).toMatchObject({ code: 401 });
    const later = await answerQuestion(t, third, id, '更晚的回答');
    expect(await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: later }, asker.token)).toMatchObject({
      code: 200,
      msg: '已采纳',
      data: { bountyPaid: 0 },
    });
    expect(await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: first }, asker.token)).toMatchObject({
      code: 409,
      msg: '该问题已采纳过回答',
    });
    const list = await call(t.app, 'POST', api('comment/list'), { questionId: id });
    expect(list.data.total).toBe(3);
    expect(list.data.list.map((a: { id: number; accepted: boolean }) => [a.id, a.accepted])).toEqual([
      [later, true],
      [first, false],
      [own, false],
    ]);
    expect(list.data.list[1].comments).toEqual([
      expect.objectContaining({ authorId: third.id, replyToName: expect.any(String), contentHtml: '<p>有用</p>\n' }),
    ]);
    const view = await call(t.app, 'POST', api('view'), { id });
    expect(view.data).toMatchObject({ answerCount: 3, accepted: true, acceptedAnswerId: later });
  });

  it('refuses empty answers, comments under a missing answer and answers to a missing question', async () => {
    const id = await ask(t, asker);
    expect(await call(t.app, 'POST', auth('comment/save'), { questionId: id, contentMd: '   ' }, other.token)).toMatchObject({
      code: 422,
      msg: '回答内容不能为空',
    });
    expect(
      (await call(t.app, 'POST', auth('comment/save'), { questionId: id, parentId: 2_000_000, contentMd: '评论' }, other.token)).code,
    ).toBe(404);
    expect((await call(t.app, 'POST', auth('comment/save'), { questionId: 2_000_000, contentMd: '回答' }, other.token)).code).toBe(404);
    expect((await call(t.app, 'POST', auth('comment/save'), { questionId: id, contentMd: '回答' })).code).toBe(401);
  });

  it('deletes only my own answers, never the accepted one, and lists the answers I wrote', async () => {
    const id = await ask(t, asker);
    const kept = await answerQuestion(t, other, id, '会被采纳的回答');
    const dropped = await answerQuestion(t, other, id, '要删除的回答');
    expect((await call(t.app, 'POST', auth('comment/delete'), { id: dropped }, third.token)).code).toBe(403);
    expect((await call(t.app, 'POST', auth('comment/delete'), { id: dropped })).code).toBe(401);
    expect(await call(t.app, 'POST', auth('comment/delete'), { id: dropped }, other.token)).toMatchObject({ code: 200 });
    await call(t.app, 'POST', auth('accept'), { questionId: id, answerId: kept }, asker.token);
    expect(await call(t.app, 'POST', auth('comment/delete'), { id: kept }, other.token)).toMatchObject({
      code: 409,
      msg: '已采纳的回答不能删除',
    });
    expect((await call(t.app, 'POST', api('view'), { id })).data.answerCount).toBe(1);
    const mine = await call(t.app, 'POST', auth('comment/list'), {}, other.token);
    expect(mine.data.list[0]).toMatchObject({ id: kept, questionId: id, accepted: true, summary: '会被采纳的回答' });
    const theirs = await call(t.app, 'POST', auth('comment/list'), {}, third.token);
    expect(theirs.data.list.map((a: { id: number }) => a.id)).not.toContain(kept);
    const answered = await call(t.app, 'POST', auth('list'), { type: 2 }, other.token);
    expect(answered.data.list.map((q: { id: number }) => q.id)).toContain(id);
  });
});

describe('collect and follow', () => {
  it('records, lists and removes my collect and follow, counting each once, and shows them in my view', async () => {
    const id = await ask(t, asker);
    for (let i = 0; i < 2; i++) await call(t.app, 'POST', auth('user/record/save'), { questionId: id, kind: 1 }, other.token);
    await call(t.app, 'POST', auth('user/record/save'), { questionId: id, kind: 2 }, other.token);
    expect((await call(t.app, 'POST', auth('view'), { id }, other.token)).data).toMatchObject({
      collected: true,
      followed: true,
      collectCount: 1,
      followCount: 1,
      mine: false,
      canAccept: false,
    });
    expect((await call(t.app, 'POST', auth('view'), { id }, asker.token)).data).toMatchObject({
      collected: false,
      mine: true,
      canAccept: true,
    });
    const collected = await call(t.app, 'POST', auth('user/record/list'), { kind: 1 }, other.token);
    expect(collected.data.list.map((q: { id: number }) => q.id)).toEqual([id]);
    expect((await call(t.app, 'POST', auth('user/record/list'), { kind: 1 }, third.token)).data.list).toEqual([]);
    await call(t.app, 'POST', auth('user/record/delete'), { questionId: id, kind: 1 }, third.token);
    expect((await call(t.app, 'POST', api('view'), { id })).data.collectCount).toBe(1);
    await call(t.app, 'POST', auth('user/record/delete'), { questionId: id, kind: 1 }, other.token);
    expect((await call(t.app, 'POST', auth('view'), { id }, other.token)).data).toMatchObject({
      collected: false,
      followed: true,
      collectCount: 0,
    });
    expect((await call(t.app, 'POST', auth('user/record/save'), { questionId: id, kind: 1 })).code).toBe(401);
    expect((await call(t.app, 'POST', auth('user/record/save'), { questionId: 2_000_000, kind: 1 }, other.token)).code).toBe(404);
  });
});

describe('lists, search and similar questions', () => {
  it('tab 4 shows only unanswered questions, tab 3 ranks by interest', async () => {
    const quiet = await ask(t, asker, { title: '没有人回答的冷门问题' });
    const busy = await ask(t, asker, { title: '大家都在讨论的热门问题' });
    await answerQuestion(t, other, busy);
    await answerQuestion(t, third, busy);
    const unanswered = await call(t.app, 'POST', api('list'), { tab: 4, pageSize: 100 });
    const ids = unanswered.data.list.map((q: { id: number }) => q.id);
    expect(ids).toContain(quiet);
    expect(ids).not.toContain(busy);
    const hot = await call(t.app, 'POST', api('list'), { tab: 3, pageSize: 100 });
    const order = hot.data.list.map((q: { id: number }) => q.id);
    expect(order.indexOf(busy)).toBeLessThan(order.indexOf(quiet));
  });

  it('the community pass rescores questions as they age: a two-day-old question with more views sinks below a new one', async () => {
    const older = await ask(t, asker, { title: '两天前提出的问题' });
    // Three views then: it outranks the newer one's single view until the pass ages it.
    for (let i = 0; i < 3; i++) await call(t.app, 'POST', api('view'), { id: older });
    t.clock.advance(48 * 3_600_000);
    await signInAgain(t, [asker, other, third]);
    const newer = await ask(t, asker, { title: '刚刚提出的问题' });
    await call(t.app, 'POST', api('view'), { id: newer });
    expect(await recomputeQuestionHotScores(t.app.db, t.clock.now())).toBeGreaterThanOrEqual(2);
    const order = (await call(t.app, 'POST', api('list'), { tab: 3, pageSize: 100 })).data.list.map((q: { id: number }) => q.id);
    expect(order.indexOf(newer)).toBeLessThan(order.indexOf(older));
  });

  it('searches titles and bodies by Chinese words, and refuses an empty keyword', async () => {
    const id = await ask(t, asker, { title: '关于实例的一个问题', contentMd: '实例的数据盘如何挂载到指定目录下面？' });
    const found = await call(t.app, 'POST', api('search/list'), { keyword: '挂载' });
    expect(found.data.list.map((q: { id: number }) => q.id)).toContain(id);
    expect(await call(t.app, 'POST', api('search/list'), { keyword: '  ' })).toMatchObject({ code: 422, msg: '请输入搜索关键词' });
  });

  it('suggests similar published questions by title words found in bodies too', async () => {
    const id = await ask(t, asker, { title: '训练脚本报错了', contentMd: '分布式训练时 NCCL 通信超时，节点之间连不上。' });
    const similar = await call(t.app, 'POST', api('similar'), { title: 'NCCL 超时怎么处理' });
    expect(similar.data.length).toBeLessThanOrEqual(5);
    expect(similar.data[0]).toMatchObject({ id, title: '训练脚本报错了' });
    expect((await call(t.app, 'POST', api('similar'), { title: '' })).data).toEqual([]);
  });

  it('renders a Markdown preview for signed-in users only, by the renderer that renders on save', async () => {
    const preview = '/apis/community/auth/markdown/preview';
    expect((await call(t.app, 'POST', preview, { content: '**粗**' }, asker.token)).data).toEqual({ html: '<p><strong>粗</strong></p>\n' });
    expect((await call(t.app, 'POST', preview, { content: '**粗**' })).code).toBe(401);
  });

  it('shows the seeded demo questions, one accepted and one with a held bounty', async () => {
    const bounties = await call(t.app, 'POST', api('list'), { tab: 5 });
    expect(bounties.data.list[0]).toMatchObject({ bounty: 20_000, bountyState: 1 });
    const latest = await call(t.app, 'POST', api('list'), { pageSize: 100 });
    expect(latest.data.list.some((q: { accepted: boolean }) => q.accepted)).toBe(true);
  });
});
