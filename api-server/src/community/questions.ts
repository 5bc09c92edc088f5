import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { QuestionSaveBody, QuestionUpdateBody } from '@rc/api-contract/community/question';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, BountyState, ContentStatus, QuestionRecordKind, questionLabels, questionRecords, questions } from '../db/index.js';
import { conflict, forbidden, invalid } from '../errors.js';
import { existingLabelIds } from './labels.js';
import { plainTextOf, renderMarkdown, indexDocument, removeDocument } from '../content/index.js';
import { enforcePostingLimit, statusOnSubmit } from './moderation.js';
import { inviterOf, mayInvite } from './answer-invitations.js';
import { holdBounty, refundBounty } from './question-bounty.js';
import { questionDetail, questionGone } from './question-items.js';
import { refreshQuestionHotScore } from './question-ranking.js';

/** Title and body as the rules want them: trimmed, within bounds (the schema checks lengths before trimming). */
function checkedText(title: string, contentMd: string) {
  const trimmedTitle = title.trim();
  const trimmedBody = contentMd.trim();
  if (Array.from(trimmedTitle).length < 5) throw invalid('标题至少5个字');
  if (Array.from(trimmedBody).length < 10) throw invalid('问题描述至少10个字');
  return { title: trimmedTitle, contentMd: trimmedBody };
}

/** Puts a published question into the search index, or takes a held one out. */
export async function syncQuestionIndex(
  db: Executor,
  q: { id: number; title: string; contentMd: string; status: number; createdAt: Date },
) {
  if (q.status === ContentStatus.published)
    await indexDocument(db, { kind: 'question', refId: q.id, title: q.title, body: plainTextOf(q.contentMd), publishedAt: q.createdAt });
  else await removeDocument(db, 'question', q.id);
}

async function setLabels(tx: Executor, questionId: number, labelIds: number[]) {
  await tx.delete(questionLabels).where(eq(questionLabels.questionId, questionId));
  if (labelIds.length > 0) await tx.insert(questionLabels).values(labelIds.map((labelId) => ({ questionId, labelId })));
}

/** Asks a question; its bounty (if any) is held from the asker's cash in the same transaction, or nothing is written. */
export async function askQuestion(app: FastifyInstance, user: SessionUser, body: QuestionSaveBody) {
  const text = checkedText(body.title, body.contentMd);
  const labelIds = await existingLabelIds(app.db, body.labelNos ?? []);
  await enforcePostingLimit(app, user, 'post');
  const now = app.clock.now();
  const review = await statusOnSubmit(app.db, [text.title, text.contentMd]);
  return app.db.transaction(async (tx) => {
    const [question] = await tx
      .insert(questions)
      .values({
        askerId: user.id,
        ...text,
        contentHtml: renderMarkdown(text.contentMd),
        ...review,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: questions.id, createdAt: questions.createdAt });
    const id = question!.id;
    await setLabels(tx, id, labelIds);
    if (body.bounty) await holdBounty(tx, { id, askerId: user.id, title: text.title }, body.bounty, now);
    await refreshQuestionHotScore(tx, id, now);
    await syncQuestionIndex(tx, { id, ...text, status: review.status, createdAt: now });
    return { id, ...review };
  });
}

/** The user's own question, locked for the change; others' ids are refused as not found. */
async function ownQuestion(tx: Executor, userId: number, id: number) {
  const [row] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
  if (!row) throw questionGone();
  if (row.askerId !== userId) throw forbidden('只能修改自己的问题');
  return row;
}

/** Edits the asker's own question; a bounty can be added when there is none, never changed once held. */
export async function updateQuestion(app: FastifyInstance, user: SessionUser, body: QuestionUpdateBody) {
  const text = checkedText(body.title, body.contentMd);
  const labelIds = await existingLabelIds(app.db, body.labelNos ?? []);
  const now = app.clock.now();
  const review = await statusOnSubmit(app.db, [text.title, text.contentMd]);
  return app.db.transaction(async (tx) => {
    const current = await ownQuestion(tx, user.id, body.id);
    const addsBounty = body.bounty !== undefined && body.bounty * 1000 !== current.bounty;
    if (addsBounty && current.bountyState !== BountyState.none) throw conflict('悬赏一经托管不能修改');
    await tx
      .update(questions)
      .set({ ...text, contentHtml: renderMarkdown(text.contentMd), ...review, updatedAt: now })
      .where(eq(questions.id, current.id));
    await setLabels(tx, current.id, labelIds);
    if (addsBounty) await holdBounty(tx, { id: current.id, askerId: user.id, title: text.title }, body.bounty!, now);
    await refreshQuestionHotScore(tx, current.id, now);
    await syncQuestionIndex(tx, { id: current.id, ...text, status: review.status, createdAt: current.createdAt });
    return { id: current.id, ...review };
  });
}

/**
 * Deletes the asker's own question with its answers, comments and records. A held bounty is refunded
 * first when nobody has answered yet; once someone has, the question stays until the bounty is settled.
 */
export async function deleteQuestion(app: FastifyInstance, user: SessionUser, id: number) {
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const current = await ownQuestion(tx, user.id, id);
    if (current.bountyState === BountyState.held) {
      if (current.answerCount > 0) throw conflict('悬赏托管中且已有回答，暂不能删除；请采纳一个回答，或等待悬赏到期退回');
      await refundBounty(tx, id, now, false);
    }
    await tx.delete(questions).where(eq(questions.id, id));
    await removeDocument(tx, 'question', id);
  });
}

/** A published question for anyone, counting one view; the asker also sees their own held one. */
export async function viewQuestion(db: Executor, id: number, viewerId: number | null, now: Date) {
  const detail = await questionDetail(db, id);
  if (!detail || (detail.status !== ContentStatus.published && detail.askerId !== viewerId)) throw questionGone();
  if (detail.status === ContentStatus.published && detail.askerId !== viewerId) {
    await db
      .update(questions)
      .set({ viewCount: sql`${questions.viewCount} + 1` })
      .where(eq(questions.id, id));
    await refreshQuestionHotScore(db, id, now);
    detail.viewCount += 1;
  }
  return detail;
}

/**
 * The signed-in reader's view: the question plus their collected/followed flags, whether they may accept an
 * answer or invite others to answer, and who invited them to answer it.
 */
export async function viewQuestionAs(db: Executor, id: number, userId: number, now: Date) {
  const detail = await viewQuestion(db, id, userId, now);
  const records = await db
    .select({ kind: questionRecords.kind })
    .from(questionRecords)
    .where(and(eq(questionRecords.questionId, id), eq(questionRecords.userId, userId)));
  const has = (kind: number) => records.some((record) => record.kind === kind);
  const mine = detail.askerId === userId;
  const open = !detail.accepted && detail.status === ContentStatus.published;
  return {
    ...detail,
    mine,
    collected: has(QuestionRecordKind.collect),
    followed: has(QuestionRecordKind.follow),
    canAccept: mine && open,
    canInvite: open && (await mayInvite(db, userId, detail)),
    invitedBy: await inviterOf(db, id, userId),
  };
}
