import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/open-database.js';
import { questions } from '../db/schema.js';

/**
 * Reddit's "hot" formula: log10(max(interest, 1)) + createdAt (seconds) / 45000, where interest
 * = views × 0.1 + answers × 3 + collects × 2 + follows × 2 + bounty (yuan) × 0.5. A newer question
 * needs ten times the interest of one 12.5 hours older to rank beside it; the score depends only on the
 * question's own counters, so it is refreshed when they change and never needs a sweep.
 */
export async function refreshQuestionHotScore(db: Executor, questionId: number): Promise<void> {
  const q = questions;
  const interest = sql`${q.viewCount} * 0.1 + ${q.answerCount} * 3 + ${q.collectCount} * 2 + ${q.followCount} * 2 + ${q.bounty} / 1000.0 * 0.5`;
  await db
    .update(q)
    .set({ hotScore: sql`log(greatest(${interest}, 1)) + extract(epoch from ${q.createdAt}) / 45000` })
    .where(eq(q.id, questionId));
}
