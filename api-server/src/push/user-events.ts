import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { PushEvents } from '@rc/api-contract/user/push';
import { type UserChange, type UserChangeDetail, loadUser, spendableBalance } from '../accounts/index.js';
import { type Executor, examAttempts, instances, messages, users } from '../db/index.js';
import { Status } from '../compute/index.js';

/** One event as it goes into a user's stream: `check-session` is for the replicas (every stream of the user re-checks its session), never sent. */
export type UserEvent = { [K in keyof PushEvents]: { type: K; data: PushEvents[K] } }[keyof PushEvents] | { type: 'check-session' };

export const userStream = (userId: number) => `user:${userId}`;

async function balanceOf(db: Executor, userId: number) {
  return spendableBalance(db, await loadUser(db, userId));
}

/** Like the instance statistics' `totalContainer`: every instance not released. */
async function instanceCount(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(instances)
    .where(and(eq(instances.userId, userId), ne(instances.status, Status.released)));
  return row?.n ?? 0;
}

async function unreadCount(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isRead, false)));
  return row?.n ?? 0;
}

/** The counters a new tab starts from. */
export async function snapshotOf(db: Executor, userId: number): Promise<PushEvents['snapshot']> {
  const [balance, totalContainer, num] = await Promise.all([balanceOf(db, userId), instanceCount(db, userId), unreadCount(db, userId)]);
  return { balance, totalContainer, num };
}

/** Sub-accounts that spend this user's balance see it change too. */
async function sharingSubAccounts(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.parentId, userId), eq(users.shareBalance, true)));
  return rows.map((row) => row.id);
}

async function instancesEvent(db: Executor, userId: number, details: readonly UserChangeDetail[]): Promise<UserEvent> {
  const ids = [...new Set(details.flatMap((detail) => ('instanceId' in detail ? [detail.instanceId] : [])))];
  const changed =
    ids.length === 0
      ? []
      : await db
          .select({ id: instances.id, status: instances.status, nextStatus: instances.nextStatus })
          .from(instances)
          .where(and(eq(instances.userId, userId), inArray(instances.id, ids)));
  return { type: 'instances', data: { totalContainer: await instanceCount(db, userId), changed } };
}

/** Each attempt whose deadline moved, as it stands now: the page of that attempt moves its countdown to it. */
async function examDeadlineEvents(db: Executor, userId: number, details: readonly UserChangeDetail[]): Promise<UserEvent[]> {
  const ids = [...new Set(details.flatMap((detail) => ('examAttemptId' in detail ? [detail.examAttemptId] : [])))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      attemptId: examAttempts.id,
      examId: examAttempts.examId,
      status: examAttempts.status,
      deadlineAt: examAttempts.deadlineAt,
      extraMinutes: examAttempts.extraMinutes,
    })
    .from(examAttempts)
    .where(and(eq(examAttempts.userId, userId), inArray(examAttempts.id, ids)));
  return rows.map((row) => ({ type: 'examDeadline', data: { ...row, deadlineAt: row.deadlineAt.toISOString() } }));
}

/**
 * The events a batch of one user's changes makes, read from the database after the changes committed: the values
 * are absolute (the balance now, the count now), so a tab that misses one is right again at the next.
 */
export async function eventsFor(
  db: Executor,
  userId: number,
  changes: ReadonlySet<UserChange>,
  details: readonly UserChangeDetail[],
): Promise<Array<{ userId: number; event: UserEvent }>> {
  const out: Array<{ userId: number; event: UserEvent }> = [];
  if (changes.has('session')) out.push({ userId, event: { type: 'check-session' } });
  if (changes.has('balance')) {
    const balance = await balanceOf(db, userId);
    out.push({ userId, event: { type: 'balance', data: { balance } } });
    for (const subId of await sharingSubAccounts(db, userId)) out.push({ userId: subId, event: { type: 'balance', data: { balance } } });
  }
  if (changes.has('instances')) out.push({ userId, event: await instancesEvent(db, userId, details) });
  if (changes.has('messages')) out.push({ userId, event: { type: 'messages', data: { num: await unreadCount(db, userId) } } });
  if (changes.has('exam')) for (const event of await examDeadlineEvents(db, userId, details)) out.push({ userId, event });
  for (const detail of details) if ('upload' in detail) out.push({ userId, event: { type: 'uploads', data: detail.upload } });
  return out;
}
