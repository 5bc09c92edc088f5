import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, ContentStatus, posts } from '../db/index.js';

/**
 * The 热门 ranking, published (docs/community.md, "Hot ranking"), in the manner of Discourse and Hacker News:
 *
 *   score = (likeWeight + 2·comments + collects + views/20) / (ageHours + 2)^1.5
 *
 * `likeWeight` sums the likes, each weighing 1 (0.3 from accounts younger than a day); a comment counts
 * twice a like, a collection once, twenty views once. Age is measured from publishing, so a post sinks
 * as it ages unless it keeps drawing likes and comments. Recomputed every 10 minutes for every post.
 */
export interface HotCounts {
  likeWeight: number;
  comments: number;
  collects: number;
  views: number;
  ageHours: number;
}

const gravity = 1.5;
const ageOffsetHours = 2;

export function hotScore(counts: HotCounts): number {
  const points = counts.likeWeight + 2 * counts.comments + counts.collects + counts.views / 20;
  return points / Math.pow(Math.max(counts.ageHours, 0) + ageOffsetHours, gravity);
}

/** The same formula in SQL over a row's columns, for one UPDATE over a whole table (questions reuse it). */
export function hotScoreSql(
  columns: { likeWeight: AnyPgColumn | SQL; comments: AnyPgColumn | SQL; collects: AnyPgColumn | SQL; views: AnyPgColumn | SQL },
  since: AnyPgColumn | SQL,
  now: Date,
): SQL {
  const ageHours = sql`greatest(extract(epoch from (${now.toISOString()}::timestamptz - ${since})) / 3600.0, 0)`;
  return sql`(${columns.likeWeight} + 2 * ${columns.comments} + ${columns.collects} + ${columns.views} / 20.0) / power(${ageHours} + ${ageOffsetHours}, ${gravity})`;
}

const postScore = (now: Date) =>
  hotScoreSql(
    { likeWeight: posts.likeWeight, comments: posts.commentCount, collects: posts.collectCount, views: posts.viewCount },
    sql`coalesce(${posts.publishedAt}, ${posts.createdAt})`,
    now,
  );

/** Recomputes the score of every published blog post in one UPDATE; answers how many were scored. */
export async function recomputeHotScores(db: Executor, now: Date): Promise<number> {
  const updated = await db
    .update(posts)
    .set({ hotScore: postScore(now) })
    .where(and(eq(posts.kind, 'blog'), eq(posts.status, ContentStatus.published)))
    .returning({ id: posts.id });
  return updated.length;
}

/** Scores one post now (right after it is published). */
export async function refreshHotScore(db: Executor, postId: number, now: Date): Promise<void> {
  await db
    .update(posts)
    .set({ hotScore: postScore(now) })
    .where(eq(posts.id, postId));
}
