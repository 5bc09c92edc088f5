import { and, eq, sql } from 'drizzle-orm';
import { type Executor, ContentStatus, QuestionRecordKind, questionRecords, questions } from '../db/index.js';
import { refreshQuestionHotScore } from './question-ranking.js';
import { questionGone } from './question-items.js';

const counter = (kind: number) => (kind === QuestionRecordKind.collect ? questions.collectCount : questions.followCount);
const counterKey = (kind: number) => (kind === QuestionRecordKind.collect ? 'collectCount' : 'followCount');

/** Collects (kind 1) or follows (kind 2) a published question; doing it twice changes nothing. */
export async function saveQuestionRecord(db: Executor, userId: number, questionId: number, kind: number, now: Date) {
  await db.transaction(async (tx) => {
    const [question] = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.status, ContentStatus.published)));
    if (!question) throw questionGone();
    const added = await tx
      .insert(questionRecords)
      .values({ userId, questionId, kind })
      .onConflictDoNothing()
      .returning({ kind: questionRecords.kind });
    if (added.length === 0) return;
    await tx
      .update(questions)
      .set({ [counterKey(kind)]: sql`${counter(kind)} + 1` })
      .where(eq(questions.id, questionId));
    await refreshQuestionHotScore(tx, questionId, now);
  });
}

/** Takes back my collect or follow; removing one that is not there changes nothing. */
export async function deleteQuestionRecord(db: Executor, userId: number, questionId: number, kind: number, now: Date) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(questionRecords)
      .where(and(eq(questionRecords.userId, userId), eq(questionRecords.questionId, questionId), eq(questionRecords.kind, kind)))
      .returning({ kind: questionRecords.kind });
    if (removed.length === 0) return;
    await tx
      .update(questions)
      .set({ [counterKey(kind)]: sql`greatest(${counter(kind)} - 1, 0)` })
      .where(eq(questions.id, questionId));
    await refreshQuestionHotScore(tx, questionId, now);
  });
}
