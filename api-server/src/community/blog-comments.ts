import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { CommentSaveBody, CommentView } from '@rc/api-contract/community/blog';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ContentStatus, postComments, posts, users } from '../db/index.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { pageOf, postNotFound, publishedBlogs, type PageArgs } from './blog-views.js';
import { enforcePostingLimit, statusOnSubmit } from './moderation.js';

const commentNotFound = () => notFound('评论不存在');
const replyTo = alias(users, 'reply_to');

const commentColumns = {
  id: postComments.id,
  blogId: postComments.postId,
  parentId: postComments.parentId,
  content: postComments.content,
  status: postComments.status,
  authorId: postComments.authorId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  replyToUserId: replyTo.id,
  replyToNickname: replyTo.nickname,
  postAuthorId: posts.authorId,
  postTitle: posts.title,
  createdAt: postComments.createdAt,
};

function selectComments(db: Executor, where: SQL | undefined) {
  return db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .innerJoin(users, eq(users.id, postComments.authorId))
    .leftJoin(replyTo, eq(replyTo.id, postComments.replyToUserId))
    .where(where);
}

interface CommentRow {
  id: number;
  blogId: number;
  parentId: number | null;
  content: string;
  authorId: number;
  nickname: string;
  avatar: string;
  replyToUserId: number | null;
  replyToNickname: string | null;
  postAuthorId: number;
  createdAt: Date;
}

function commentView(row: CommentRow, viewerId: number | null): CommentView {
  return {
    id: row.id,
    blogId: row.blogId,
    parentId: row.parentId,
    content: row.content,
    author: { userId: row.authorId, nickname: row.nickname, avatar: row.avatar },
    replyTo: row.replyToUserId === null ? null : { userId: row.replyToUserId, nickname: row.replyToNickname ?? '' },
    canDelete: viewerId !== null && (viewerId === row.authorId || viewerId === row.postAuthorId),
    gmtCreate: row.createdAt.toISOString(),
  };
}

const shown = eq(postComments.status, ContentStatus.published);

/** Top-level comments of a published post, newest first, each with its replies oldest first. */
export async function commentThreads(db: Executor, postId: number, viewerId: number | null, page: PageArgs) {
  const [post] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, postId), publishedBlogs));
  if (!post) throw postNotFound();
  const { pageNum, pageSize, offset } = pageOf(page);
  const topLevel = and(eq(postComments.postId, postId), isNull(postComments.parentId), shown);
  const [tops, [counted]] = await Promise.all([
    selectComments(db, topLevel).orderBy(desc(postComments.id)).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(postComments).where(topLevel),
  ]);
  const replies =
    tops.length === 0
      ? []
      : await selectComments(
          db,
          and(
            inArray(
              postComments.parentId,
              tops.map((top) => top.id),
            ),
            shown,
          ),
        ).orderBy(asc(postComments.id));
  const list = tops.map((top) => ({
    ...commentView(top, viewerId),
    replies: replies.filter((reply) => reply.parentId === top.id).map((reply) => commentView(reply, viewerId)),
  }));
  return { list, total: counted?.total ?? 0, pageNum, pageSize };
}

/** Comments others and I left on my posts, newest first (my blog account page). */
export async function commentsOnMyPosts(db: Executor, userId: number, postId: number | undefined, page: PageArgs) {
  if (postId !== undefined) {
    const [post] = await db
      .select({ authorId: posts.authorId })
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.kind, 'blog')));
    if (!post) throw postNotFound();
    if (post.authorId !== userId) throw forbidden('只能查看自己文章的评论');
  }
  const { pageNum, pageSize, offset } = pageOf(page);
  const where = and(eq(posts.authorId, userId), eq(posts.kind, 'blog'), shown, postId === undefined ? undefined : eq(posts.id, postId));
  const [rows, [counted]] = await Promise.all([
    selectComments(db, where).orderBy(desc(postComments.id)).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(postComments).innerJoin(posts, eq(posts.id, postComments.postId)).where(where),
  ]);
  return {
    list: rows.map((row) => ({ ...commentView(row, userId), blogTitle: row.postTitle })),
    total: counted?.total ?? 0,
    pageNum,
    pageSize,
  };
}

/** Keeps the post's comment count equal to its shown comments. */
async function recountComments(db: Executor, postId: number) {
  await db
    .update(posts)
    .set({ commentCount: sql`(select count(*)::int from ${postComments} where ${postComments.postId} = ${postId} and ${shown})` })
    .where(eq(posts.id, postId));
}

/**
 * Comments on a published post, or replies to a comment of it: a reply to a reply joins the thread of
 * the top-level comment and addresses the reply's author unless `replyToUserId` says otherwise.
 */
export async function saveComment(app: FastifyInstance, user: SessionUser, body: CommentSaveBody) {
  const content = body.content.trim();
  if (!content) throw invalid('评论内容不能为空');
  const [post] = await app.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, body.blogId), publishedBlogs));
  if (!post) throw postNotFound();
  let parentId: number | null = null;
  let replyToUserId: number | null = body.replyToUserId ?? null;
  if (body.parentId !== undefined) {
    const [parent] = await app.db
      .select({ id: postComments.id, parentId: postComments.parentId, authorId: postComments.authorId })
      .from(postComments)
      .where(and(eq(postComments.id, body.parentId), eq(postComments.postId, post.id), shown));
    if (!parent) throw commentNotFound();
    parentId = parent.parentId ?? parent.id;
    replyToUserId ??= parent.authorId;
  }
  if (replyToUserId !== null) {
    const [addressed] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, replyToUserId));
    if (!addressed) throw invalid('回复的用户不存在');
  }
  await enforcePostingLimit(app, user, 'comment');
  const { status } = await statusOnSubmit(app.db, [content]);
  const id = await app.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(postComments)
      .values({ postId: post.id, authorId: user.id, parentId, replyToUserId, content, status, createdAt: app.clock.now() })
      .returning({ id: postComments.id });
    await recountComments(tx, post.id);
    return saved!.id;
  });
  const [row] = await selectComments(app.db, eq(postComments.id, id));
  return { ...commentView(row!, user.id), status: status as 1 | 2 };
}

/** Deletes my comment, or any comment on my post; its replies go with it. */
export async function deleteComment(app: FastifyInstance, userId: number, commentId: number) {
  const [row] = await selectComments(app.db, eq(postComments.id, commentId));
  if (!row) throw commentNotFound();
  if (row.authorId !== userId && row.postAuthorId !== userId) throw forbidden('只能删除自己的评论或自己文章下的评论');
  await app.db.transaction(async (tx) => {
    await tx.delete(postComments).where(eq(postComments.id, commentId));
    await recountComments(tx, row.blogId);
  });
}
