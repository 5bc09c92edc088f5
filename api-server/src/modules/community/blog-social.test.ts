import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { posts, users } from '../../db/schema.js';
import { createAccount } from '../../accounts/accounts.js';
import { hashPassword } from '../../lib/password.js';
import { userRowWritten } from '../../test-support/user-written.js';

const day = 86_400_000;
let t: TestApp;
let author: string;
let other: string;
let third: string;
let authorId: number;
let otherId: number;

const api = (path: string, body: unknown = {}, token?: string) => call(t.app, 'POST', `/apis/community/${path}`, body, token);
const publish = async (token: string, title = '按量计费省钱') => {
  const saved = await api('auth/blog/save', { title, content: '训练完**自动关机**。' }, token);
  expect(saved.code, saved.msg).toBe(200);
  return saved.data.id as number;
};
const userIdOf = async (mobile: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)))[0]!.id;
const postRow = async (id: number) => (await t.app.db.select().from(posts).where(eq(posts.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(2 * day);
  author = await login(t.app, '13800000002', 'Demo@2026');
  other = await login(t.app, '13800000003', 'Demo@2026');
  third = await login(t.app, '13800000001', 'Demo@2026');
  authorId = await userIdOf('13800000002');
  otherId = await userIdOf('13800000003');
});
afterAll(() => t.close());

describe('comments', () => {
  it('threads replies under their top-level comment and keeps the count right', async () => {
    const id = await publish(author);
    const top = await api('auth/blog/comment/save', { blogId: id, content: '关机命令怎么写？' }, other);
    expect(top.data).toMatchObject({ parentId: null, status: 1, canDelete: true });
    const reply = await api('auth/blog/comment/save', { blogId: id, content: '`shutdown -h now`', parentId: top.data.id }, author);
    expect(reply.data.replyTo).toMatchObject({ userId: otherId });
    const replyToReply = await api('auth/blog/comment/save', { blogId: id, content: '谢谢', parentId: reply.data.id }, other);
    expect(replyToReply.data).toMatchObject({ parentId: top.data.id, replyTo: { userId: authorId } });
    expect((await postRow(id)).commentCount).toBe(3);

    const anonymous = await api('api/blog/comment/list', { blogId: id });
    expect(anonymous.data.total).toBe(1);
    expect(anonymous.data.list[0]).toMatchObject({ id: top.data.id, canDelete: false });
    expect(anonymous.data.list[0].replies.map((r: { id: number }) => r.id)).toEqual([reply.data.id, replyToReply.data.id]);
    const asThird = await api('api/blog/comment/list', { blogId: id }, third);
    expect(asThird.data.list[0].canDelete).toBe(false);
    const asAuthor = await api('api/blog/comment/list', { blogId: id }, author);
    expect(asAuthor.data.list[0].canDelete).toBe(true);
  });

  it('lets the commenter or the post’s author delete a comment, with its replies; nobody else', async () => {
    const id = await publish(author);
    const first = await api('auth/blog/comment/save', { blogId: id, content: '第一条' }, other);
    await api('auth/blog/comment/save', { blogId: id, content: '回复', parentId: first.data.id }, third);
    const second = await api('auth/blog/comment/save', { blogId: id, content: '第二条' }, other);
    expect((await api('auth/blog/comment/delete', { id: first.data.id }, third)).code).toBe(403);
    expect((await api('auth/blog/comment/delete', { id: first.data.id })).code).toBe(401);
    expect((await api('auth/blog/comment/delete', { id: first.data.id }, author)).code).toBe(200);
    expect((await postRow(id)).commentCount).toBe(1);
    expect((await api('auth/blog/comment/delete', { id: second.data.id }, other)).code).toBe(200);
    expect((await postRow(id)).commentCount).toBe(0);
    expect((await api('auth/blog/comment/delete', { id: second.data.id }, other)).msg).toBe('评论不存在');
  });

  it('refuses comments on drafts, blank comments, and holds ones with a sensitive word', async () => {
    const draft = (await api('auth/blog/save', { title: '草稿', content: '草稿', status: 0 }, author)).data.id;
    expect((await api('auth/blog/comment/save', { blogId: draft, content: '看不到' }, other)).msg).toBe('文章不存在');
    const id = await publish(author);
    expect((await api('auth/blog/comment/save', { blogId: id, content: '  ' }, other)).msg).toBe('评论内容不能为空');
    expect((await api('auth/blog/comment/save', { blogId: id, content: '评'.repeat(2001) }, other)).code).toBe(422);
    const held = await api('auth/blog/comment/save', { blogId: id, content: '代开发票找我' }, other);
    expect(held.data.status).toBe(2);
    expect((await api('api/blog/comment/list', { blogId: id })).data.total).toBe(0);
    expect((await postRow(id)).commentCount).toBe(0);
  });

  it('lists comments on my posts only to me', async () => {
    const id = await publish(author, '我的文章收到的评论');
    await api('auth/blog/comment/save', { blogId: id, content: '来自他人的评论' }, other);
    const mine = await api('auth/blog/comment/list', { blogId: id }, author);
    expect(mine.data.list[0]).toMatchObject({ content: '来自他人的评论', blogTitle: '我的文章收到的评论', canDelete: true });
    expect((await api('auth/blog/comment/list', { blogId: id }, other)).code).toBe(403);
    const all = await api('auth/blog/comment/list', { pageSize: 100 }, other);
    expect(all.data.list.map((c: { blogId: number }) => c.blogId)).not.toContain(id);
  });
});

describe('likes and collections', () => {
  it('toggles a like and keeps the count and weight in step; a day-old account weighs 0.3', async () => {
    const id = await publish(author);
    expect((await api('auth/blog/stand', { blogId: id }, other)).data).toEqual({ liked: true, likeCount: 1 });
    const fresh = await createAccount(t.app.db, { mobile: '13700000001', passwordHash: await hashPassword('Demo@2026'), nickname: '新人' });
    await t.app.db.update(users).set({ createdAt: t.app.clock.now() }).where(eq(users.id, fresh.id));
    await userRowWritten(t.app, fresh.id);
    const newcomer = await login(t.app, '13700000001', 'Demo@2026');
    expect((await api('auth/blog/stand', { blogId: id }, newcomer)).data).toEqual({ liked: true, likeCount: 2 });
    expect((await postRow(id)).likeWeight).toBeCloseTo(1.3);
    expect((await api('auth/blog/view', { id }, newcomer)).data.liked).toBe(true);
    expect((await api('auth/blog/stand', { blogId: id }, other)).data).toEqual({ liked: false, likeCount: 1 });
    expect((await postRow(id)).likeWeight).toBeCloseTo(0.3);
    expect((await api('auth/blog/stand', { blogId: id })).code).toBe(401);
    expect((await api('auth/blog/stand', { blogId: 999999 }, other)).code).toBe(404);
  });

  it('collects once, lists my collection, uncollects', async () => {
    const id = await publish(author, '值得收藏');
    expect((await api('auth/blog/user/record/save', { blogId: id }, other)).data).toEqual({ collected: true, collectCount: 1 });
    expect((await api('auth/blog/user/record/save', { blogId: id }, other)).data).toEqual({ collected: true, collectCount: 1 });
    const list = await api('auth/blog/user/record/collection/list', {}, other);
    expect(list.data.list[0]).toMatchObject({ id, title: '值得收藏', collectedAt: expect.any(String) });
    expect((await api('auth/blog/user/record/collection/list', {}, third)).data.list.map((p: { id: number }) => p.id)).not.toContain(id);
    expect((await api('auth/blog/view', { id }, other)).data.collected).toBe(true);
    expect((await api('auth/blog/user/record/delete', { blogId: id }, other)).data).toEqual({ collected: false, collectCount: 0 });
    expect((await api('auth/blog/user/record/collection/list', {}, other)).data.total).toBe(0);
  });
});

describe('bloggers', () => {
  it('opens a blog once, changes it, shows it in public with counts and recent posts', async () => {
    const opened = await api(
      'auth/blogger/save',
      { blogName: '运营的博客', intro: '平台动态' },
      await login(t.app, '13800000004', 'Demo@2026'),
    );
    expect(opened.data).toMatchObject({ blogName: '运营的博客', intro: '平台动态', postCount: 0, draftCount: 0 });
    expect((await api('auth/blogger/save', { blogName: '再开一次' }, author)).code).toBe(409);
    expect((await api('auth/blogger/save', { blogName: '名'.repeat(41) }, other)).code).toBe(422);
    expect((await api('auth/blogger/update', { blogName: '王老师讲 GPU', intro: '深度学习工程' }, author)).data.blogName).toBe(
      '王老师讲 GPU',
    );
    const profile = await api('api/blogger/view', { bloggerId: authorId });
    expect(profile.data).toMatchObject({ userId: authorId, blogName: '王老师讲 GPU', following: false, mine: false });
    expect(profile.data.postCount).toBeGreaterThan(0);
    expect(profile.data.recentPosts.length).toBeGreaterThan(0);
    expect((await api('api/blogger/view', { bloggerId: 999999 })).msg).toBe('博主不存在');
  });

  it('follows and unfollows, never oneself; lists whom I follow and fans', async () => {
    expect((await api('auth/blogger/user/record/save', { bloggerId: authorId, attention: true }, author)).msg).toBe('不能关注自己');
    const followed = await api('auth/blogger/user/record/save', { bloggerId: authorId, attention: true }, other);
    expect(followed.data.following).toBe(true);
    expect((await api('auth/blogger/view', { bloggerId: authorId }, other)).data.following).toBe(true);
    expect((await api('auth/blogger/user/record/list', {}, other)).data.list.map((b: { userId: number }) => b.userId)).toContain(authorId);
    const fans = await api('auth/blogger/user/record/fans/list', {}, author);
    expect(fans.data.list.map((f: { userId: number }) => f.userId)).toContain(otherId);
    const theirFans = await api('auth/blogger/user/record/fans/list', { bloggerId: authorId }, third);
    expect(theirFans.data.total).toBe(fans.data.total);
    const recommended = await api('auth/blogger/recommend/list', {}, other);
    expect(recommended.data.map((b: { userId: number }) => b.userId)).not.toContain(authorId);
    expect(recommended.data.map((b: { userId: number }) => b.userId)).not.toContain(otherId);
    const unfollowed = await api('auth/blogger/user/record/save', { bloggerId: authorId, attention: false }, other);
    expect(unfollowed.data).toEqual({ following: false, fanCount: followed.data.fanCount - 1 });
    expect((await api('auth/blogger/recommend/list', { pageSize: 20 }, other)).data.map((b: { userId: number }) => b.userId)).toContain(
      authorId,
    );
  });
});
