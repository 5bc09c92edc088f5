import { and, count, desc, eq } from 'drizzle-orm';
import { lecturerFollows, users, type Executor } from '../db/index.js';
import { conflict, notFound } from '../errors.js';

export async function followLecturer(db: Executor, userId: number, lecturerId: number) {
  if (lecturerId === userId) throw conflict('不能关注自己');
  const [lecturer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, lecturerId), eq(users.isTeacher, true)));
  if (!lecturer) throw notFound('讲师不存在');
  await db.insert(lecturerFollows).values({ userId, lecturerId }).onConflictDoNothing();
}

export async function followedLecturers(db: Executor, userId: number, window: { limit: number; offset: number }) {
  const list = await db
    .select({ lecturerId: users.id, nickname: users.nickname, headImgUrl: users.headImgUrl, gmtCreate: lecturerFollows.createdAt })
    .from(lecturerFollows)
    .innerJoin(users, eq(users.id, lecturerFollows.lecturerId))
    .where(eq(lecturerFollows.userId, userId))
    .orderBy(desc(lecturerFollows.createdAt))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(lecturerFollows).where(eq(lecturerFollows.userId, userId));
  return { list, total: total?.n ?? 0 };
}

export async function unfollowLecturer(db: Executor, userId: number, lecturerId: number) {
  const removed = await db
    .delete(lecturerFollows)
    .where(and(eq(lecturerFollows.userId, userId), eq(lecturerFollows.lecturerId, lecturerId)))
    .returning({ lecturerId: lecturerFollows.lecturerId });
  if (removed.length === 0) throw notFound('尚未关注该讲师');
}
