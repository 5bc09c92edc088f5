import { and, count, desc, eq, notInArray, sql, sum } from 'drizzle-orm';
import type { BloggerCard, BloggerProfile, FanView } from '@rc/api-contract/community/blogger';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, bloggerFollows, bloggers, ContentStatus, posts, users } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { blogItemColumns, blogItems, latestFirst, pageOf, publishedBlogs, type PageArgs } from './blog-views.js';

const recentPostCount = 5;
const bloggerNotFound = () => notFound('博主不存在');

const cleanName = (blogName: string) => {
  const name = blogName.trim();
  if (!name) throw invalid('博客名称不能为空');
  return name;
};

/** Opens the user's blog, once. */
export async function openBlog(db: Executor, userId: number, body: { blogName: string; intro?: string }) {
  const [opened] = await db
    .insert(bloggers)
    .values({ userId, blogName: cleanName(body.blogName), intro: body.intro?.trim() ?? '' })
    .onConflictDoNothing()
    .returning({ userId: bloggers.userId });
  if (!opened) throw conflict('你已开通博客');
}

export async function updateBloggerInfo(db: Executor, userId: number, body: { blogName: string; intro?: string }, now: Date) {
  const [updated] = await db
    .update(bloggers)
    .set({ blogName: cleanName(body.blogName), ...(body.intro === undefined ? {} : { intro: body.intro.trim() }), updatedAt: now })
    .where(eq(bloggers.userId, userId))
    .returning({ userId: bloggers.userId });
  if (!updated) throw notFound('你还没有开通博客');
}

/** A first post opens the blog as「<昵称>的博客」. */
export async function ensureBlogger(db: Executor, user: SessionUser) {
  const blogName = Array.from(`${user.account.nickname}的博客`).slice(0, 40).join('');
  await db.insert(bloggers).values({ userId: user.id, blogName }).onConflictDoNothing();
}

const fanCountOf = (userId: number) =>
  sql<number>`(select count(*)::int from ${bloggerFollows} where ${bloggerFollows.bloggerId} = ${userId})`;

const cardColumns = {
  userId: bloggers.userId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  blogName: bloggers.blogName,
  intro: bloggers.intro,
  postCount: sql<number>`(select count(*)::int from ${posts} where ${posts.authorId} = ${bloggers.userId} and ${publishedBlogs})`,
  fanCount: sql<number>`(select count(*)::int from ${bloggerFollows} where ${bloggerFollows.bloggerId} = ${bloggers.userId})`,
};

const isFollowing = async (db: Executor, followerId: number, bloggerId: number) =>
  (
    await db
      .select({ one: sql`1` })
      .from(bloggerFollows)
      .where(and(eq(bloggerFollows.followerId, followerId), eq(bloggerFollows.bloggerId, bloggerId)))
  ).length > 0;

/** A blogger's public page, as the viewer (null: anonymous) sees it. */
export async function bloggerProfile(db: Executor, bloggerId: number, viewerId: number | null): Promise<BloggerProfile | null> {
  const [row] = await db
    .select({ ...cardColumns, createdAt: bloggers.createdAt })
    .from(bloggers)
    .innerJoin(users, eq(users.id, bloggers.userId))
    .where(eq(bloggers.userId, bloggerId));
  if (!row) return null;
  const [[counts], recent, following] = await Promise.all([
    db
      .select({
        followCount: sql<number>`(select count(*)::int from ${bloggerFollows} where ${bloggerFollows.followerId} = ${bloggerId})`,
        likeCount: sum(posts.likeCount).mapWith(Number),
      })
      .from(posts)
      .where(and(eq(posts.authorId, bloggerId), publishedBlogs)),
    db
      .select(blogItemColumns)
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(and(eq(posts.authorId, bloggerId), publishedBlogs))
      .orderBy(...latestFirst)
      .limit(recentPostCount),
    viewerId === null || viewerId === bloggerId ? false : isFollowing(db, viewerId, bloggerId),
  ]);
  const { createdAt, ...card } = row;
  return {
    ...card,
    followCount: counts?.followCount ?? 0,
    likeCount: counts?.likeCount ?? 0,
    gmtCreate: createdAt.toISOString(),
    recentPosts: await blogItems(db, recent, viewerId),
    following,
    mine: viewerId === bloggerId,
  };
}

export async function requireBloggerProfile(db: Executor, bloggerId: number, viewerId: number | null) {
  const profile = await bloggerProfile(db, bloggerId, viewerId);
  if (!profile) throw bloggerNotFound();
  return profile;
}

/** My own profile with my drafts and held posts counted; null when my blog is not opened. */
export async function myBloggerProfile(db: Executor, userId: number) {
  const profile = await bloggerProfile(db, userId, userId);
  if (!profile) return null;
  const [counts] = await db
    .select({
      draftCount: sql<number>`count(*) filter (where ${posts.status} = ${ContentStatus.draft})::int`,
      reviewingCount: sql<number>`count(*) filter (where ${posts.status} = ${ContentStatus.reviewing})::int`,
    })
    .from(posts)
    .where(and(eq(posts.authorId, userId), eq(posts.kind, 'blog')));
  return { ...profile, draftCount: counts?.draftCount ?? 0, reviewingCount: counts?.reviewingCount ?? 0 };
}

/** Bloggers with published posts the user does not follow yet, most recently active first. */
export async function recommendBloggers(db: Executor, userId: number, limit: number): Promise<BloggerCard[]> {
  const lastPublished = sql`(select max(${posts.publishedAt}) from ${posts} where ${posts.authorId} = ${bloggers.userId} and ${publishedBlogs})`;
  return db
    .select(cardColumns)
    .from(bloggers)
    .innerJoin(users, eq(users.id, bloggers.userId))
    .where(
      and(
        sql`${bloggers.userId} <> ${userId}`,
        sql`${lastPublished} is not null`,
        notInArray(
          bloggers.userId,
          sql`(select ${bloggerFollows.bloggerId} from ${bloggerFollows} where ${bloggerFollows.followerId} = ${userId})`,
        ),
      ),
    )
    .orderBy(sql`${lastPublished} desc`, desc(bloggers.userId))
    .limit(limit);
}

/** Follows or unfollows a blogger. */
export async function setFollowing(db: Executor, followerId: number, bloggerId: number, attention: boolean) {
  if (followerId === bloggerId) throw invalid('不能关注自己');
  const [blogger] = await db.select({ userId: bloggers.userId }).from(bloggers).where(eq(bloggers.userId, bloggerId));
  if (!blogger) throw bloggerNotFound();
  if (attention) await db.insert(bloggerFollows).values({ followerId, bloggerId }).onConflictDoNothing();
  else await db.delete(bloggerFollows).where(and(eq(bloggerFollows.followerId, followerId), eq(bloggerFollows.bloggerId, bloggerId)));
  const [fans] = await db
    .select({ fanCount: fanCountOf(bloggerId) })
    .from(bloggers)
    .where(eq(bloggers.userId, bloggerId));
  return { following: attention, fanCount: fans?.fanCount ?? 0 };
}

/** The bloggers the user follows, most recently followed first. */
export async function followedBloggers(db: Executor, userId: number, page: PageArgs) {
  const { pageNum, pageSize, offset } = pageOf(page);
  const where = eq(bloggerFollows.followerId, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...cardColumns, followedAt: bloggerFollows.createdAt })
      .from(bloggerFollows)
      .innerJoin(bloggers, eq(bloggers.userId, bloggerFollows.bloggerId))
      .innerJoin(users, eq(users.id, bloggers.userId))
      .where(where)
      .orderBy(desc(bloggerFollows.createdAt), desc(bloggerFollows.bloggerId))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(bloggerFollows).where(where),
  ]);
  return { list: rows.map((row) => ({ ...row, followedAt: row.followedAt.toISOString() })), total: counted?.total ?? 0, pageNum, pageSize };
}

/** A blogger's fans, most recent first, with whether the viewer follows each back. */
export async function fansOf(db: Executor, bloggerId: number, viewerId: number | null, page: PageArgs) {
  const [blogger] = await db.select({ userId: bloggers.userId }).from(bloggers).where(eq(bloggers.userId, bloggerId));
  const { pageNum, pageSize, offset } = pageOf(page);
  if (!blogger) {
    if (bloggerId === viewerId) return { list: [], total: 0, pageNum, pageSize };
    throw bloggerNotFound();
  }
  const where = eq(bloggerFollows.bloggerId, bloggerId);
  const followingBack =
    viewerId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${bloggerFollows} f where f.follower_id = ${viewerId} and f.blogger_id = ${bloggerFollows.followerId})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        userId: users.id,
        nickname: users.nickname,
        avatar: users.headImgUrl,
        blogName: bloggers.blogName,
        followedAt: bloggerFollows.createdAt,
        followingBack,
      })
      .from(bloggerFollows)
      .innerJoin(users, eq(users.id, bloggerFollows.followerId))
      .leftJoin(bloggers, eq(bloggers.userId, bloggerFollows.followerId))
      .where(where)
      .orderBy(desc(bloggerFollows.createdAt), desc(bloggerFollows.followerId))
      .limit(pageSize)
      .offset(offset),
    db.select({ total: count() }).from(bloggerFollows).where(where),
  ]);
  const list: FanView[] = rows.map((row) => ({
    ...row,
    followedAt: row.followedAt.toISOString(),
    followingBack: Boolean(row.followingBack),
  }));
  return { list, total: counted?.total ?? 0, pageNum, pageSize };
}
