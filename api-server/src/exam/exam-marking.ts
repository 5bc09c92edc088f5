import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, AttemptStatus, QuestionKind, examAnswers, examAttempts, examItems, exams } from '../db/index.js';
import { markAnswer, roundScore } from './answer-marking.js';
import { attemptItems } from './attempt-layout.js';

const isBlankShortAnswer = (text: string | undefined) => (text ?? '').trim() === '';

/**
 * The system audit (sys/audit) of a submitted attempt: every objective item is marked from the
 * exam's current key, a short answer left empty scores 0 without a grader, and the totals and the
 * status (submitted while short answers wait, graded once none does) follow. Marks set by a grader
 * are kept. Safe to run again: after a corrected key it regrades the attempt.
 */
export async function markAttempt(tx: Executor, attemptId: number): Promise<typeof examAttempts.$inferSelect> {
  const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  const [exam] = await tx.select().from(exams).where(eq(exams.id, attempt!.examId));
  // An attempt with pools is marked on the questions it drew, not on every candidate.
  const items = attemptItems(await tx.select().from(examItems).where(eq(examItems.examId, exam!.id)), attempt!.layout);
  const answers = new Map(
    (await tx.select().from(examAnswers).where(eq(examAnswers.attemptId, attemptId))).map((row) => [row.itemId, row]),
  );
  let objectiveScore = 0;
  let subjectiveScore = 0;
  let ungradedCount = 0;
  for (const item of items) {
    const stored = answers.get(item.id);
    if (item.kind === QuestionKind.shortAnswer) {
      if (stored?.manualScore !== null && stored?.manualScore !== undefined) subjectiveScore += stored.manualScore;
      else if (stored && !isBlankShortAnswer(stored.answer.text)) ungradedCount += 1;
      else if (stored) await tx.update(examAnswers).set({ manualScore: 0, comment: '未作答' }).where(answerOf(attemptId, item.id));
      continue;
    }
    const autoScore = markAnswer(item, stored?.answer, exam!.multipleChoiceRule) ?? 0;
    objectiveScore += autoScore;
    if (stored && stored.autoScore !== autoScore) await tx.update(examAnswers).set({ autoScore }).where(answerOf(attemptId, item.id));
  }
  const [marked] = await tx
    .update(examAttempts)
    .set({
      objectiveScore: roundScore(objectiveScore),
      subjectiveScore: roundScore(subjectiveScore),
      totalScore: roundScore(objectiveScore + subjectiveScore),
      ungradedCount,
      status: ungradedCount > 0 ? AttemptStatus.submitted : AttemptStatus.graded,
    })
    .where(eq(examAttempts.id, attemptId))
    .returning();
  return marked!;
}

const answerOf = (attemptId: number, itemId: number) => and(eq(examAnswers.attemptId, attemptId), eq(examAnswers.itemId, itemId));

/** After a key was corrected: every attempt already handed in is marked again. Returns how many. */
export async function remarkExam(tx: Executor, examId: number): Promise<number> {
  const handedIn = await tx
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.examId, examId), inArray(examAttempts.status, [AttemptStatus.submitted, AttemptStatus.graded])))
    .orderBy(sql`${examAttempts.id}`);
  for (const { id } of handedIn) await markAttempt(tx, id);
  return handedIn.length;
}
