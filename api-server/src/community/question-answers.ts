import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AnswerSaveBody } from '@rc/api-contract/community/question';
import { notify, type SessionUser } from '../accounts/index.js';
import { type Executor, ContentStatus, QuestionRecordKind, questionAnswers, questionRecords, questions, users } from '../db/index.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { renderMarkdown, summaryOf } from '../content/index.js';
import { enforcePostingLimit, statusOnSubmit } from './moderation.js';
import { payBounty } from './question-bounty.js';
import { refreshQuestionHotScore } from './question-ranking.js';
import { questionGone } from './question-items.js';

const answerMaxLength = 20_000;
const commentMaxLength = 2_000;
const answerGone = () => notFound('回答不存在或已删除');

type Window = { limit: number; offset: number };

async function publishedQuestion(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(questions)
    .where(and(eq(questions.id, id), eq(questions.status, ContentStatus.published)));
  if (!row) throw questionGone();
  return row;
}

/** Tells the question's followers (but not the one who answered) of a new answer. */
async function tellFollowers(tx: Executor, question: { id: number; title: string }, answererId: number, now: Date) {
  const followers = await tx
    .select({ userId: questionRecords.userId })
    .from(questionRecords)
    .where(
      and(
        eq(questionRecords.questionId, question.id),
        eq(questionRecords.kind, QuestionRecordKind.follow),
        ne(questionRecords.userId, answererId),
      ),
    );
  for (const { userId } of followers) await notify(tx, userId, '你关注的问题有新回答', `问题「${question.title}」有了新的回答。`, now);
}

/**
 * Answers a published question (`parentId` empty; the asker may answer their own question) or
 * comments on one of its published answers (`parentId` the answer).
 */
export async function saveAnswer(app: FastifyInstance, user: SessionUser, body: AnswerSaveBody) {
  const content = body.contentMd.trim();
  const isComment = body.parentId !== undefined && body.parentId !== null;
  if (!content) throw invalid(isComment ? '评论内容不能为空' : '回答内容不能为空');
  if (Array.from(content).length > (isComment ? commentMaxLength : answerMaxLength))
    throw invalid(isComment ? `评论最多${commentMaxLength}字` : `回答最多${answerMaxLength}字`);
  const question = await publishedQuestion(app.db, body.questionId);
  if (isComment) {
    const [parent] = await app.db
      .select({ id: questionAnswers.id })
      .from(questionAnswers)
      .where(
        and(
          eq(questionAnswers.id, body.parentId!),
          eq(questionAnswers.questionId, question.id),
          isNull(questionAnswers.parentId),
          eq(questionAnswers.status, ContentStatus.published),
        ),
      );
    if (!parent) throw answerGone();
  }
  await enforcePostingLimit(app, user, 'comment');
  const review = await statusOnSubmit(app.db, [content]);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [saved] = await tx
      .insert(questionAnswers)
      .values({
        questionId: question.id,
        authorId: user.id,
        parentId: isComment ? body.parentId! : null,
        replyToUserId: isComment ? (body.replyToUserId ?? null) : null,
        contentMd: content,
        contentHtml: renderMarkdown(content),
        status: review.status,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: questionAnswers.id });
    if (!isComment && review.status === ContentStatus.published) {
      await tx
        .update(questions)
        .set({ answerCount: sql`${questions.answerCount} + 1` })
        .where(eq(questions.id, question.id));
      await refreshQuestionHotScore(tx, question.id, now);
      await tellFollowers(tx, question, user.id, now);
    }
    return { id: saved!.id, ...review };
  });
}

const author = alias(users, 'author');
const replyTo = alias(users, 'reply_to');

/** A page of a published question's answers, the accepted one first and then oldest first, each with its comments. */
export async function answersOf(db: Executor, questionId: number, window: Window) {
  const question = await publishedQuestion(db, questionId);
  const ofQuestion = and(
    eq(questionAnswers.questionId, questionId),
    isNull(questionAnswers.parentId),
    eq(questionAnswers.status, ContentStatus.published),
  );
  const accepted = question.acceptedAnswerId ?? 0;
  const rows = await db
    .select({
      id: questionAnswers.id,
      questionId: questionAnswers.questionId,
      authorId: questionAnswers.authorId,
      authorName: author.nickname,
      authorHeadImg: author.headImgUrl,
      contentHtml: questionAnswers.contentHtml,
      gmtCreate: questionAnswers.createdAt,
    })
    .from(questionAnswers)
    .innerJoin(author, eq(author.id, questionAnswers.authorId))
    .where(ofQuestion)
    .orderBy(desc(sql`${questionAnswers.id} = ${accepted}`), asc(questionAnswers.createdAt), asc(questionAnswers.id))
    .limit(window.limit)
    .offset(window.offset);
  const [{ total }] = (await db.select({ total: count() }).from(questionAnswers).where(ofQuestion)) as [{ total: number }];
  const comments = rows.length
    ? await db
        .select({
          id: questionAnswers.id,
          parentId: questionAnswers.parentId,
          authorId: questionAnswers.authorId,
          authorName: author.nickname,
          replyToName: sql<string>`coalesce(${replyTo.nickname}, '')`,
          contentHtml: questionAnswers.contentHtml,
          gmtCreate: questionAnswers.createdAt,
        })
        .from(questionAnswers)
        .innerJoin(author, eq(author.id, questionAnswers.authorId))
        .leftJoin(replyTo, eq(replyTo.id, questionAnswers.replyToUserId))
        .where(
          and(
            inArray(
              questionAnswers.parentId,
              rows.map((row) => row.id),
            ),
            eq(questionAnswers.status, ContentStatus.published),
          ),
        )
        .orderBy(asc(questionAnswers.id))
    : [];
  const list = rows.map((row) => ({
    ...row,
    accepted: row.id === question.acceptedAnswerId,
    comments: comments.filter((comment) => comment.parentId === row.id).map(({ parentId: _parent, ...comment }) => comment),
  }));
  return { list, total };
}

/** The answers and comments I wrote, newest first, with the question each belongs to. */
export async function myAnswers(db: Executor, userId: number, window: Window) {
  const mine = eq(questionAnswers.authorId, userId);
  const rows = await db
    .select({
      id: questionAnswers.id,
      questionId: questionAnswers.questionId,
      questionTitle: questions.title,
      parentId: questionAnswers.parentId,
      contentMd: questionAnswers.contentMd,
      acceptedAnswerId: questions.acceptedAnswerId,
      status: questionAnswers.status,
      gmtCreate: questionAnswers.createdAt,
    })
    .from(questionAnswers)
    .innerJoin(questions, eq(questions.id, questionAnswers.questionId))
    .where(mine)
    .orderBy(desc(questionAnswers.id))
    .limit(window.limit)
    .offset(window.offset);
  const [{ total }] = (await db.select({ total: count() }).from(questionAnswers).where(mine)) as [{ total: number }];
  const list = rows.map(({ contentMd, acceptedAnswerId, ...row }) => ({
    ...row,
    summary: summaryOf(contentMd),
    accepted: acceptedAnswerId === row.id,
  }));
  return { list, total };
}

/** Deletes my own answer (with its comments) or comment; an accepted answer stays. */
export async function deleteAnswer(app: FastifyInstance, userId: number, id: number) {
  await app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(questionAnswers).where(eq(questionAnswers.id, id)).for('update');
    if (!row) throw answerGone();
    if (row.authorId !== userId) throw forbidden('只能删除自己的回答或评论');
    const [question] = await tx.select().from(questions).where(eq(questions.id, row.questionId)).for('update');
    if (question?.acceptedAnswerId === id) throw conflict('已采纳的回答不能删除');
    await tx.delete(questionAnswers).where(eq(questionAnswers.id, id));
    if (row.parentId === null && row.status === ContentStatus.published) {
      await tx
        .update(questions)
        .set({ answerCount: sql`greatest(${questions.answerCount} - 1, 0)` })
        .where(eq(questions.id, row.questionId));
      await refreshQuestionHotScore(tx, row.questionId, app.clock.now());
    }
  });
}

/**
 * The asker accepts one published answer of someone else, once. Setting acceptedAnswerId is a
 * conditional update, so of two concurrent accepts one wins; a held, unexpired bounty goes to the
 * answer's author in the same transaction.
 */
export async function acceptAnswer(app: FastifyInstance, userId: number, questionId: number, answerId: number) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [question] = await tx.select().from(questions).where(eq(questions.id, questionId));
    if (!question || (question.status !== ContentStatus.published && question.askerId !== userId)) throw questionGone();
    if (question.askerId !== userId) throw forbidden('只有提问者可以采纳回答');
    if (question.status !== ContentStatus.published) throw conflict('问题审核通过后才能采纳回答');
    const [answer] = await tx
      .select()
      .from(questionAnswers)
      .where(
        and(
          eq(questionAnswers.id, answerId),
          eq(questionAnswers.questionId, questionId),
          isNull(questionAnswers.parentId),
          eq(questionAnswers.status, ContentStatus.published),
        ),
      );
    if (!answer) throw answerGone();
    if (answer.authorId === userId) throw conflict('不能采纳自己的回答');
    const [won] = await tx
      .update(questions)
      .set({ acceptedAnswerId: answerId })
      .where(and(eq(questions.id, questionId), isNull(questions.acceptedAnswerId)))
      .returning({ id: questions.id });
    if (!won) throw conflict('该问题已采纳过回答');
    const bountyPaid = await payBounty(tx, questionId, answer.authorId, now);
    if (bountyPaid === 0) await notify(tx, answer.authorId, '你的回答被采纳', `你在问题「${question.title}」下的回答被提问者采纳。`, now);
    return { bountyPaid };
  });
}
