import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, ContentStatus, sysConfig } from '../db/index.js';
import { tooMany } from '../errors.js';

/** Site configuration key `sensitiveWords`: words that hold a post, question, answer, comment or image for review. */
export const sensitiveWordsKey = 'sensitiveWords';

const day = 86_400_000;

/** An account younger than a day: its posting limits are stricter and its likes weigh less. */
export function isNewAccount(account: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - account.createdAt.getTime() < day;
}

/** The sensitive words of the site configuration that appear in any of the texts (case-insensitive). */
export async function sensitiveWordsIn(db: Executor, texts: readonly string[]): Promise<string[]> {
  const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, sensitiveWordsKey));
  const words = Array.isArray(row?.value) ? (row.value as unknown[]).filter((w): w is string => typeof w === 'string' && w.length > 0) : [];
  const haystack = texts.join('\n').toLowerCase();
  return words.filter((word) => haystack.includes(word.toLowerCase()));
}

/** Published, or held for an operator's review when a sensitive word appears. */
export async function statusOnSubmit(db: Executor, texts: readonly string[]): Promise<{ status: number; reviewNote: string }> {
  const found = await sensitiveWordsIn(db, texts);
  return found.length === 0
    ? { status: ContentStatus.published, reviewNote: '' }
    : { status: ContentStatus.reviewing, reviewNote: `含敏感词：${found.join('、')}` };
}

/** Counts one post (or comment) of the user; refuses when their limit for the hour is used up. */
export async function enforcePostingLimit(app: FastifyInstance, user: SessionUser, what: 'post' | 'comment'): Promise<void> {
  const limits = app.config.rateLimits;
  const fresh = isNewAccount(user.account, app.clock.now());
  const rule =
    what === 'post'
      ? fresh
        ? limits.communityPostNewAccount
        : limits.communityPost
      : fresh
        ? limits.communityCommentNewAccount
        : limits.communityComment;
  if (!(await app.rateLimiter.hit(`community:${what}:${user.id}`, rule)))
    throw tooMany(what === 'post' ? '发布太频繁，请稍后再试' : '评论太频繁，请稍后再试');
}
