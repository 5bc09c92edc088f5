import { eq } from 'drizzle-orm';
import { type Executor, ContentStatus, questions } from '../db/index.js';
import { hotScoreSql } from './hot-ranking.js';

/**
 * The blogs' 热门 formula (hot-ranking.ts: points / (ageHours + 2)^1.5) over a question's counters: a
 * follow weighs as a like, an answer as a comment, then collects and views; age from asking.
 */
const questionScore = (now: Date) =>
  hotScoreSql(
    { likeWeight: questions.followCount, comments: questions.answerCount, collects: questions.collectCount, views: questions.viewCount },
    questions.createdAt,
    now,
  );

/** Scores one question now (its counters changed). */
export async function refreshQuestionHotScore(db: Executor, questionId: number, now: Date): Promise<void> {
  await db
    .update(questions)
    .set({ hotScore: questionScore(now) })
    .where(eq(questions.id, questionId));
}

/** Rescores every published question (the community pass, as the blogs' scores age). */
export async function recomputeQuestionHotScores(db: Executor, now: Date): Promise<number> {
  const updated = await db
    .update(questions)
    .set({ hotScore: questionScore(now) })
    .where(eq(questions.status, ContentStatus.published))
    .returning({ id: questions.id });
  return updated.length;
}
