import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { postCollections, postComments, postLikes, posts, searchDocuments } from '../../db/schema.js';
import { recomputeHotScores } from '../../community/hot-ranking.js';

const day = 86_400_000;
let t: TestApp;
let author: string;
let other: string;
let labelNos: number[];

const api = (path: string, body: unknown = {}, token?: string) => call(t.app, 'POST', `/apis/community/${path}`, body, token);
const publish = async (token: string, body: Record<string, unknown> = {}) => {
  const saved = await api(
    'auth/blog/save',
    { title: '挂载网盘的正确姿势', content: '把数据集放进**网盘**，实例释放也不丢。', ...body },
    token,
  );
  expect(saved.code, saved.msg).toBe(200);
  return saved.data.id as number;
};
const indexed = async (id: number) =>
  (await t.app.db.select().from(searchDocuments).where(eq(searchDocuments.refId, id))).filter((doc) => doc.kind === 'blog').length > 0;

beforeAll(async () => {
  t = await createTestApp();
  // The demo accounts were created just now: move past their first day so the stricter new-account limits do not apply.
  t.clock.advance(2 * day);
  author = await login(t.app, '13800000002', 'Demo@2026');
  other = await login(t.app, '13800000003', 'Demo@2026');
  labelNos = (await api('api/label/list')).data.map((label: { labelNo: number }) => label.labelNo);
});
afterAll(() => t.close());

describe('writing a post', () => {
  it('publishes with labels, renders the Markdown, indexes it and shows it first in 最新', async () => {
    const id = await publish(author, { labelIds: [labelNos[1], labelNos[0]] });
    const view = await api('api/blog/view', { id });
    expect(view.code).toBe(200);
    expect(view.data).toMatchObject({
      id,
      status: 1,
      contentHtml: expect.stringContaining('<strong>网盘</strong>'),
      viewCount: 1,
      mine: false,
      liked: false,
    });
    expect(view.data.labelList.map((label: { labelNo: number }) => label.labelNo)).toEqual([labelNos[0], labelNos[1]]);
    expect(view.data).toMatchObject({
      labelNo: labelNos[0],
      labelName: 'PyTorch',
      gmtCreate: expect.any(String),
      gmtModified: expect.any(String),
    });
    expect(await indexed(id)).toBe(true);
    const latest = await api('api/blog/list', { tab: 1, pageNum: 1, pageSize: 5 });
    expect(latest.data.list[0].id).toBe(id);
    expect(latest.data.total).toBeGreaterThanOrEqual(7);
  });

  it('keeps a draft to its author: not listed, not viewable by others, not indexed', async () => {
    const id = await publish(author, { title: '草稿：还没写完', status: 0 });
    expect((await api('api/blog/view', { id })).code).toBe(404);
    expect((await api('auth/blog/view', { id }, other)).msg).toBe('文章不存在');
    const mine = await api('auth/blog/view', { id }, author);
    expect(mine.data).toMatchObject({ id, status: 0, mine: true });
    expect((await api('api/blog/list', { pageSize: 100 })).data.list.map((post: { id: number }) => post.id)).not.toContain(id);
    expect(await indexed(id)).toBe(false);
    const drafts = await api('auth/blog/list', { status: 0 }, author);
    expect(drafts.data.list.map((post: { id: number }) => post.id)).toContain(id);
    expect((await api('auth/blog/list', { status: 0 }, other)).data.list.map((post: { id: number }) => post.id)).not.toContain(id);
  });

  it('holds a post with a sensitive word for review: not listed, not indexed, its author sees why', async () => {
    const saved = await api('auth/blog/save', { title: '副业', content: '高价刷单返利，日入过千' }, author);
    expect(saved.data).toMatchObject({ status: 2, reviewNote: expect.stringContaining('刷单返利') });
    expect(saved.msg).toBe('文章含敏感词，已提交审核');
    expect((await api('api/blog/view', { id: saved.data.id })).code).toBe(404);
    expect(await indexed(saved.data.id)).toBe(false);
    const reviewing = await api('auth/blog/list', { status: 2 }, author);
    expect(reviewing.data.list[0]).toMatchObject({ id: saved.data.id, reviewNote: expect.stringContaining('刷单返利') });
  });

  it('refuses blank or over-long fields and unknown labels in Chinese, and anonymous writers', async () => {
    expect((await api('auth/blog/save', { title: '   ', content: '正文' }, author)).msg).toBe('标题不能为空');
    const long = await api('auth/blog/save', { title: '标'.repeat(101), content: '正文' }, author);
    expect(long.code).toBe(422);
    expect(long.msg).toContain('标题');
    expect((await api('auth/blog/save', { title: '标题', content: '正文', labelIds: [99999] }, author)).msg).toBe('标签不存在');
    expect((await api('auth/blog/save', { title: '标题', content: '正文' })).code).toBe(401);
  });

  it('opens the blog of a first-time writer as「<昵称>的博客」', async () => {
    expect((await api('auth/blogger/myself', {}, other)).data).toBeNull();
    await publish(other, { title: '我的第一篇' });
    const mine = await api('auth/blogger/myself', {}, other);
    expect(mine.data.blogName).toMatch(/的博客$/);
    expect(mine.data.postCount).toBe(1);
  });
});

describe('changing and deleting a post', () => {
  it('lets only the author update: re-rendered and re-indexed; unpublishing takes it out of the index', async () => {
    const id = await publish(author);
    expect((await api('auth/blog/update', { id, title: '别人的', content: '改掉' }, other)).code).toBe(403);
    expect((await api('auth/blog/update', { id: 999999, title: '无', content: '无' }, author)).code).toBe(404);
    const updated = await api('auth/blog/update', { id, title: '挂载网盘（更新）', content: '# 新正文' }, author);
    expect(updated.code).toBe(200);
    expect((await api('api/blog/view', { id })).data).toMatchObject({ title: '挂载网盘（更新）', contentHtml: '<h1>新正文</h1>\n' });
    const [doc] = await t.app.db.select().from(searchDocuments).where(eq(searchDocuments.refId, id));
    expect(doc?.title).toBe('挂载网盘（更新）');
    await api('auth/blog/update', { id, title: '收回', content: '先不公开', status: 0 }, author);
    expect(await indexed(id)).toBe(false);
    expect((await api('api/blog/view', { id })).code).toBe(404);
  });

  it('sends a post an operator rejected back to review when its author changes it', async () => {
    const id = await publish(author, { title: '被驳回的文章' });
    await t.app.db.update(posts).set({ status: 3 }).where(eq(posts.id, id));
    const resubmitted = await api('auth/blog/update', { id, title: '被驳回的文章（已修改）', content: '改好了' }, author);
    expect(resubmitted.data).toMatchObject({ status: 2, reviewNote: '修改后重新提交审核' });
    expect((await api('api/blog/view', { id })).code).toBe(404);
  });

  it('refuses deleting someone else’s post, and deleting one takes its comments, likes and collections along', async () => {
    const id = await publish(author);
    await api('auth/blog/comment/save', { blogId: id, content: '好文' }, other);
    await api('auth/blog/stand', { blogId: id }, other);
    await api('auth/blog/user/record/save', { blogId: id }, other);
    expect((await api('auth/blog/delete', { id }, other)).code).toBe(403);
    expect((await api('auth/blog/delete', { id })).code).toBe(401);
    const deleted = await api('auth/blog/delete', { id }, author);
    expect(deleted.code).toBe(200);
    expect((await api('api/blog/view', { id })).code).toBe(404);
    expect(await t.app.db.select().from(postComments).where(eq(postComments.postId, id))).toHaveLength(0);
    expect(await t.app.db.select().from(postLikes).where(eq(postLikes.postId, id))).toHaveLength(0);
    expect(await t.app.db.select().from(postCollections).where(eq(postCollections.postId, id))).toHaveLength(0);
    expect(await indexed(id)).toBe(false);
    expect((await api('auth/blog/delete', { id }, author)).code).toBe(404);
  });
});

describe('the blog tabs', () => {
  it('answers the 关注 tab only to a signed-in reader, with posts of bloggers they follow', async () => {
    expect((await api('api/blog/list', { tab: 2 })).code).toBe(401);
    const reader = await login(t.app, '13800000004', 'Demo@2026');
    expect((await api('api/blog/list', { tab: 2 }, reader)).data.total).toBe(0);
    const teacherId = (await api('auth/blogger/myself', {}, author)).data.userId;
    await api('auth/blogger/user/record/save', { bloggerId: teacherId, attention: true }, reader);
    const following = await api('api/blog/list', { tab: 2, pageSize: 50 }, reader);
    expect(following.data.total).toBeGreaterThan(0);
    expect(new Set(following.data.list.map((post: { author: { userId: number } }) => post.author.userId))).toEqual(new Set([teacherId]));
    expect((await api('auth/blog/attention/list', { pageSize: 50 }, reader)).data.total).toBe(following.data.total);
  });

  it('orders 热门 by the hot score, and filters by label', async () => {
    const quiet = await publish(author, { title: '冷门文章' });
    const loved = await publish(author, { title: '热门文章', labelIds: [labelNos[3]] });
    for (const token of [other, await login(t.app, '13800000001', 'Demo@2026')]) {
      await api('auth/blog/stand', { blogId: loved }, token);
      await api('auth/blog/comment/save', { blogId: loved, content: '学到了' }, token);
    }
    await recomputeHotScores(t.app.db, t.app.clock.now());
    const hot = (await api('api/blog/list', { tab: 3, pageSize: 100 })).data.list.map((post: { id: number }) => post.id);
    expect(hot.indexOf(loved)).toBeLessThan(hot.indexOf(quiet));
    expect(hot[0]).toBe(loved);
    const cuda = await api('api/blog/list', { labelNo: labelNos[3], pageSize: 100 });
    expect(
      cuda.data.list.every((post: { labelList: Array<{ labelNo: number }> }) => post.labelList.some((l) => l.labelNo === labelNos[3])),
    ).toBe(true);
    expect(cuda.data.list.map((post: { id: number }) => post.id)).toContain(loved);
  });

  it('pages 最新 and 热门 without gaps or repeats, the same count on every page and past the end', async () => {
    for (const tab of [1, 3]) {
      const whole = (await api('api/blog/list', { tab, pageSize: 100 })).data;
      const pages = await Promise.all([1, 2, 3].map((pageNum) => api('api/blog/list', { tab, pageNum, pageSize: 3 })));
      expect(pages.flatMap((page) => page.data.list.map((post: { id: number }) => post.id))).toEqual(
        whole.list.slice(0, 9).map((post: { id: number }) => post.id),
      );
      expect(pages.map((page) => page.data.total)).toEqual([whole.total, whole.total, whole.total]);
      const pastTheEnd = (await api('api/blog/list', { tab, pageNum: 1000, pageSize: 3 })).data;
      expect(pastTheEnd).toMatchObject({ list: [], total: whole.total, pageNum: 1000 });
    }
  });

  it('recommends posts sharing labels first, never the current one', async () => {
    const id = await publish(author, { title: '又一篇 CUDA', labelIds: [labelNos[3]] });
    const recommended = await api('api/article/recommend/list', { id, pageSize: 3 });
    expect(recommended.data).toHaveLength(3);
    expect(recommended.data.map((post: { id: number }) => post.id)).not.toContain(id);
    expect(recommended.data[0].labelList.map((label: { labelNo: number }) => label.labelNo)).toContain(labelNos[3]);
  });
});

describe('signed-in calls', () => {
  it('answer anonymous callers 401 before reading anything', async () => {
    const calls = [
      'blog/save',
      'blog/update',
      'blog/delete',
      'blog/list',
      'blog/view',
      'markdown/preview',
      'blog/image/upload',
      'blog/stand',
      'blog/user/record/save',
      'blog/user/record/delete',
      'blog/user/record/collection/list',
      'blog/comment/save',
      'blog/comment/list',
      'blog/comment/delete',
      'blog/attention/list',
      'blogger/save',
      'blogger/update',
      'blogger/myself',
      'blogger/view',
      'blogger/recommend/list',
      'blogger/user/record/save',
      'blogger/user/record/list',
      'blogger/user/record/fans/list',
      'news/save',
      'news/update',
      'news/delete',
    ];
    for (const path of calls) expect((await api(`auth/${path}`, { id: 1, blogId: 1, bloggerId: 1 })).code, path).toBe(401);
  });
});
