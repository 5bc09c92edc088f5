import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { messages, type Executor } from '../db/index.js';
import { noteUserChange } from './user-changes.js';

/** The user's messages, newest first; `isRead` picks read or unread ones only. */
export async function listMessages(db: Executor, userId: number, isRead: boolean | undefined, window: { limit: number; offset: number }) {
  const where = isRead === undefined ? eq(messages.userId, userId) : and(eq(messages.userId, userId), eq(messages.isRead, isRead));
  const list = await db
    .select({
      id: messages.id,
      title: messages.title,
      content: messages.content,
      isRead: messages.isRead,
      gmtCreate: messages.createdAt,
    })
    .from(messages)
    .where(where)
    .orderBy(desc(messages.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(messages).where(where);
  return { list, total: total?.n ?? 0 };
}

/** Marks the user's unread messages read (only those ids, when given) and says how many changed. */
export async function markMessagesRead(db: Executor, userId: number, ids: number[] | null, now: Date) {
  const read = await db
    .update(messages)
    .set({ isRead: true, readAt: now })
    .where(and(eq(messages.userId, userId), ids ? inArray(messages.id, ids) : undefined, eq(messages.isRead, false)))
    .returning({ id: messages.id });
  if (read.length > 0) noteUserChange(userId, 'messages');
  return { count: read.length };
}

export async function unreadMessageCount(db: Executor, userId: number) {
  const [unread] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.isRead, false)));
  return { num: unread?.n ?? 0 };
}
