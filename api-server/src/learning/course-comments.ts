import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CourseCommentReply, CourseCommentSaveBody } from '@rc/api-contract/course/comment';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, courseComments, courses, users } from '../db/index.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { enforcePostingLimit, sensitiveWordsIn } from '../community/index.js';
import { isEnrolled, visibleCourse } from './course-access.js';
import type { Window } from './course-catalogue.js';

const commentNotFound = () => notFound('评论不存在');

const commentColumns = {
  id: courseComments.id,
  courseId: courseComments.courseId,
  parentId: courseComments.parentId,
  score: courseComments.score,
  content: courseComments.content,
  userId: courseComments.userId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  teacherId: courses.teacherId,
  createdAt: courseComments.createdAt,
};

const selectComments = (db: Executor, where: SQL | undefined) =>
  db
    .select(commentColumns)
    .from(courseComments)
    .innerJoin(users, eq(users.id, courseComments.userId))
    .innerJoin(courses, eq(courses.id, courseComments.courseId))
    .where(where);

type CommentRow = Awaited<ReturnType<typeof selectComments>>[number];

function commentView(row: CommentRow, viewerId: number | null): CourseCommentReply {
  return {
    id: row.id,
    courseId: row.courseId,
    parentId: row.parentId,
    score: row.score,
    content: row.content,
    author: { userId: row.userId, nickname: row.nickname, avatar: row.avatar },
    isLecturer: row.userId === row.teacherId,
    canDelete: viewerId !== null && (viewerId === row.userId || viewerId === row.teacherId),
    gmtCreate: row.createdAt.toISOString(),
  };
}

/** A course's reviews, newest first, each with its replies oldest first. */
export async function commentThreads(db: Executor, viewer: SessionUser | null, courseId: number, window: Window) {
  const course = await visibleCourse(db, viewer, courseId);
  const topLevel = and(eq(courseComments.courseId, course.id), isNull(courseComments.parentId));
  const [tops, [counted]] = await Promise.all([
    selectComments(db, topLevel).orderBy(desc(courseComments.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(courseComments).where(topLevel),
  ]);
  const topIds = tops.map((top) => top.id);
  const replies =
    topIds.length === 0 ? [] : await selectComments(db, inArray(courseComments.parentId, topIds)).orderBy(asc(courseComments.id));
  const viewerId = viewer?.id ?? null;
  const list = tops.map((top) => ({
    ...commentView(top, viewerId),
    replies: replies.filter((reply) => reply.parentId === top.id).map((reply) => commentView(reply, viewerId)),
  }));
  return { list, total: counted?.total ?? 0 };
}

/**
 * A review (top level, with a 1–5 score, one per enrolled learner) or a reply (anyone signed in who
 * may see the course; a reply to a reply joins its thread). Sensitive words are refused; the
 * community's comment limits apply.
 */
export async function saveComment(app: FastifyInstance, user: SessionUser, body: CourseCommentSaveBody): Promise<{ id: number }> {
  const content = body.content.trim();
  if (content.length === 0) throw invalid('评论内容不能为空');
  const course = await visibleCourse(app.db, user, body.courseId);
  let parentId: number | null = null;
  let score = 0;
  if (body.parentId === undefined) {
    if (body.score === undefined) throw invalid('请为课程评分（1-5分）');
    if (!(await isEnrolled(app.db, user.id, course.id))) throw forbidden(course.isFree ? '报名课程后才能评价' : '购买课程后才能评价');
    const [earlier] = await app.db
      .select({ id: courseComments.id })
      .from(courseComments)
      .where(and(eq(courseComments.courseId, course.id), eq(courseComments.userId, user.id), isNull(courseComments.parentId)));
    if (earlier) throw conflict('你已评价过该课程');
    score = body.score;
  } else {
    const [parent] = await app.db
      .select({ id: courseComments.id, parentId: courseComments.parentId })
      .from(courseComments)
      .where(and(eq(courseComments.id, body.parentId), eq(courseComments.courseId, course.id)));
    if (!parent) throw commentNotFound();
    parentId = parent.parentId ?? parent.id;
  }
  const found = await sensitiveWordsIn(app.db, [content]);
  if (found.length > 0) throw invalid(`评论含敏感词：${found.join('、')}，请修改后再发布`);
  await enforcePostingLimit(app, user, 'comment');
  return app.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(courseComments)
      .values({ courseId: course.id, userId: user.id, parentId, score, content, createdAt: app.clock.now() })
      .returning({ id: courseComments.id });
    await tx
      .update(courses)
      .set({ commentCount: sql`${courses.commentCount} + 1` })
      .where(eq(courses.id, course.id));
    return { id: saved!.id };
  });
}

/** Deletes my comment, or any comment on a course I teach; a review goes with its replies. */
export async function deleteComment(db: Executor, user: SessionUser, commentId: number): Promise<void> {
  const [comment] = await selectComments(db, eq(courseComments.id, commentId));
  if (!comment) throw commentNotFound();
  if (comment.userId !== user.id && comment.teacherId !== user.id) throw forbidden('只能删除自己的评论');
  await db.transaction(async (tx) => {
    const [replies] = await tx.select({ n: count() }).from(courseComments).where(eq(courseComments.parentId, comment.id));
    await tx.delete(courseComments).where(eq(courseComments.id, comment.id));
    await tx
      .update(courses)
      .set({ commentCount: sql`greatest(${courses.commentCount} - ${1 + (replies?.n ?? 0)}, 0)` })
      .where(eq(courses.id, comment.courseId));
  });
}
