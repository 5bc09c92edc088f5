import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notify } from '../accounts/index.js';
import { type Executor, answerInvitations, ContentStatus, questionAnswers, questions, users } from '../db/index.js';
import { conflict, forbidden, invalid, notFound, tooMany } from '../errors.js';
import { maskMobile } from '../lib/index.js';
import { questionGone } from './question-items.js';

/** Invitees of one question, from every inviter together. */
const invitationsPerQuestion = 5;
/** Invitations one user may send in any 24 hours, over all questions. */
const invitationsPerInviterDay = 20;
/** Accepted answers that let someone other than the asker invite. */
const acceptedAnswersToInvite = 3;

const day = 86_400_000;
const notAllowedToInvite = () => forbidden(`只有提问者或有${acceptedAnswersToInvite}个以上回答被采纳的用户可以邀请回答`);
const candidatesShown = 10;

/** How many of the user's answers were accepted, anywhere. */
async function acceptedAnswersOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(questions)
    .innerJoin(questionAnswers, eq(questionAnswers.id, questions.acceptedAnswerId))
    .where(and(isNotNull(questions.acceptedAnswerId), eq(questionAnswers.authorId, userId)));
  return row?.total ?? 0;
}

/** Whether the user may invite others to answer this question: its asker, or someone with enough accepted answers. */
export async function mayInvite(db: Executor, userId: number, question: { askerId: number }): Promise<boolean> {
  return question.askerId === userId || (await acceptedAnswersOf(db, userId)) >= acceptedAnswersToInvite;
}

async function hasAnswered(db: Executor, questionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: questionAnswers.id })
    .from(questionAnswers)
    .where(and(eq(questionAnswers.questionId, questionId), eq(questionAnswers.authorId, userId), isNull(questionAnswers.parentId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Invites a user to answer a published, unanswered-for-good (not yet accepted) question and tells them by a message.
 * The question row is locked, so concurrent invitations cannot pass the per-question cap together.
 */
export async function inviteToAnswer(app: FastifyInstance, inviterId: number, questionId: number, inviteeId: number) {
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [question] = await tx.select().from(questions).where(eq(questions.id, questionId)).for('update');
    if (!question || question.status !== ContentStatus.published) throw questionGone();
    if (question.acceptedAnswerId !== null) throw conflict('问题已采纳回答，不能再邀请');
    if (!(await mayInvite(tx, inviterId, question))) throw notAllowedToInvite();
    if (inviteeId === inviterId) throw invalid('不能邀请自己回答');
    const [invitee] = await tx.select({ id: users.id, nickname: users.nickname }).from(users).where(eq(users.id, inviteeId));
    if (!invitee) throw notFound('被邀请的用户不存在');
    if (inviteeId === question.askerId) throw invalid('不能邀请提问者回答自己的问题');
    const invited = await tx
      .select({ inviteeId: answerInvitations.inviteeId })
      .from(answerInvitations)
      .where(eq(answerInvitations.questionId, questionId));
    if (invited.some((row) => row.inviteeId === inviteeId)) throw conflict('已经邀请过该用户');
    if (await hasAnswered(tx, questionId, inviteeId)) throw conflict('该用户已回答过这个问题');
    if (invited.length >= invitationsPerQuestion) throw conflict(`每个问题最多邀请${invitationsPerQuestion}人回答`);
    const [sentToday] = await tx
      .select({ total: count() })
      .from(answerInvitations)
      .where(and(eq(answerInvitations.inviterId, inviterId), gt(answerInvitations.createdAt, new Date(now.getTime() - day))));
    if ((sentToday?.total ?? 0) >= invitationsPerInviterDay) throw tooMany(`24小时内最多邀请${invitationsPerInviterDay}人回答，请明天再试`);
    await tx.insert(answerInvitations).values({ questionId, inviterId, inviteeId, createdAt: now });
    const [inviter] = await tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, inviterId));
    await notify(tx, inviteeId, '邀请你回答', `${inviter!.nickname} 邀请你回答问题「${question.title}」。`, now);
    return { userId: invitee.id, nickname: invitee.nickname };
  });
}

/** Who was invited to answer the question, first invited first, with whether each has answered. */
export async function invitationsOf(db: Executor, questionId: number) {
  const rows = await db
    .select({ userId: users.id, nickname: users.nickname, headImgUrl: users.headImgUrl, gmtCreate: answerInvitations.createdAt })
    .from(answerInvitations)
    .innerJoin(users, eq(users.id, answerInvitations.inviteeId))
    .where(eq(answerInvitations.questionId, questionId))
    .orderBy(asc(answerInvitations.id));
  const answered = await Promise.all(rows.map((row) => hasAnswered(db, questionId, row.userId)));
  return rows.map((row, i) => ({ ...row, answered: answered[i]! }));
}

/** The nickname of whoever invited the user to answer the question, or null when nobody did. */
export async function inviterOf(db: Executor, questionId: number, inviteeId: number): Promise<string | null> {
  const [row] = await db
    .select({ nickname: users.nickname })
    .from(answerInvitations)
    .innerJoin(users, eq(users.id, answerInvitations.inviterId))
    .where(and(eq(answerInvitations.questionId, questionId), eq(answerInvitations.inviteeId, inviteeId)));
  return row?.nickname ?? null;
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Users to invite, for those who may invite only: found by part of their nickname or by their whole mobile number
 * (never part of one), the inviter and the asker left out; each with a masked mobile and whether they are invited already.
 */
export async function inviteCandidates(db: Executor, userId: number, questionId: number, keyword: string) {
  const [question] = await db.select({ askerId: questions.askerId }).from(questions).where(eq(questions.id, questionId));
  if (!question) throw questionGone();
  if (!(await mayInvite(db, userId, question))) throw notAllowedToInvite();
  const wanted = keyword.trim();
  if (!wanted) return [];
  const rows = await db
    .select({ userId: users.id, nickname: users.nickname, mobile: users.mobile, headImgUrl: users.headImgUrl })
    .from(users)
    .where(and(or(ilike(users.nickname, like(wanted)), eq(users.mobile, wanted)), ne(users.id, userId), ne(users.id, question.askerId)))
    .orderBy(desc(eq(users.mobile, wanted)), asc(users.id))
    .limit(candidatesShown);
  const invited = new Set(
    (
      await db
        .select({ inviteeId: answerInvitations.inviteeId })
        .from(answerInvitations)
        .where(eq(answerInvitations.questionId, questionId))
    ).map((row) => row.inviteeId),
  );
  return rows.map(({ mobile, ...row }) => ({ ...row, mobile: maskMobile(mobile), invited: invited.has(row.userId) }));
}
