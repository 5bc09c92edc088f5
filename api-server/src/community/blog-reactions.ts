import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, postCollections, postLikes, posts, users } from '../db/index.js';
import { blogItemColumns, blogItems, pageOf, postNotFound, publishedBlogs, type PageArgs } from './blog-views.js';
import { isNewAccount } from './moderation.js';

/** What a like of an account younger than a day weighs in the hot ranking. */
export const newAccountLikeWeight = 0.3;

async function lockPublishedBlog(db: Executor, postId: number) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), publishedBlogs))
    .for('update');
  if (!post) throw postNotFound();
}

/** Likes the post, or takes the like back; the post's like count and weight change in the same transaction. */
export async function toggleLike(app: FastifyInstance, user: SessionUser, postId: number) {
  const weight = isNewAccount(user.account, app.clock.now()) ? newAccountLikeWeight : 1;
  return app.db.transaction(async (tx) => {
    await lockPublishedBlog(tx, postId);
    const [removed] = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, user.id)))
      .returning({ weight: postLikes.weight });
    if (!removed) await tx.insert(postLikes).values({ postId, userId: user.id, weight });
    const [post] = await tx
      .update(posts)
      .set(
        removed
          ? { likeCount: sql`${posts.likeCount} - 1`, likeWeight: sql`greatest(${posts.likeWeight} - ${removed.weight}, 0)` }
          : { likeCount: sql`${posts.likeCount} + 1`, likeWeight: sql`${posts.likeWeight} + ${weight}` },
      )
      .where(eq(posts.id, postId))
      .returning({ likeCount: posts.likeCount });
    return { liked: !removed, likeCount: post!.likeCount };
  });
}

/** Collects a published post (again: no change). */
export async function collect(app: FastifyInstance, userId: number, postId: number) {
  return app.db.transaction(async (tx) => {
    await lockPublishedBlog(tx, postId);
    const [added] = await tx
      .insert(postCollections)
      .values({ userId, postId, createdAt: app.clock.now() })
      .onConflictDoNothing()
      .returning();
    const [post] = await tx
      .update(posts)
      .set({ collectCount: sql`${posts.collectCount} + ${added ? 1 : 0}` })
      .where(eq(posts.id, postId))
      .returning({ collectCount: posts.collectCount });
    return { collected: true, collectCount: post!.collectCount };
  });
}

/** Takes a post out of the user's collection (whatever the post's state now). */
export async function uncollect(app: FastifyInstance, userId: number, postId: number) {
  return app.db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.kind, 'blog')))
      .for('update');
    if (!post) throw postNotFound();
    const [removed] = await tx
      .delete(postCollections)
      .where(and(eq(postCollections.postId, postId), eq(postCollections.userId, userId)))
      .returning();
    const [updated] = await tx
      .update(posts)
      .set({ collectCount: sql`greatest(${posts.collectCount} - ${removed ? 1 : 0}, 0)` })
      .where(eq(posts.id, postId))
      .returning({ collectCount: posts.collectCount });
    return { collected: false, collectCount: updated!.collectCount };
  });
}

/** The published posts the user collected, most recently collected first. */
export async function collectedBlogs(db: Executor, userId: number, page: PageArgs) {
  const { pageNum, pageSize, offset } = pageOf(page);
  const where = and(eq(postCollections.userId, userId), publishedBlogs);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...blogItemColumns, collectedAt: postCollections.createdAt })
      .from(postCollections)
      .innerJoin(posts, eq(posts.id, postCollections.postId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(desc(postCollections.createdAt), desc(postCollections.postId))
      .limit(pageSize)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(postCollections)
      .innerJoin(posts, eq(posts.id, postCollections.postId))
      .where(where),
  ]);
  const items = await blogItems(db, rows, userId);
  const list = items.map((item, index) => ({ ...item, collectedAt: rows[index]!.collectedAt.toISOString() }));
  return { list, total: counted?.total ?? 0, pageNum, pageSize };
}
