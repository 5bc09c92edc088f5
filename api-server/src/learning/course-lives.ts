import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
import type { LiveSaveBody, LiveView } from '@rc/api-contract/course/live';
import { type SessionUser, noteUserChange } from '../accounts/index.js';
import { type Database, type Executor, courseEnrollments, courseLives, courses, liveChannels, messages } from '../db/index.js';
import { invalid, notFound } from '../errors.js';
import { ownCourse, requireTeacher } from './course-access.js';
import { httpLink, ownChannel } from './live-channels.js';

const maxLengthMs = 24 * 3_600_000;
/** How long an ended session stays in a learner's list. */
const recentMs = 30 * 86_400_000;

const liveMissing = () => notFound('直播不存在');

const liveColumns = {
  id: courseLives.id,
  courseId: courseLives.courseId,
  courseName: courses.courseName,
  title: courseLives.title,
  startsAt: courseLives.startsAt,
  endsAt: courseLives.endsAt,
  url: courseLives.url,
  channelId: courseLives.channelId,
  channelName: liveChannels.name,
  platform: liveChannels.platform,
};

type LiveRow = { startsAt: Date; endsAt: Date; channelName: string | null; platform: string | null } & Omit<
  LiveView,
  'startsAt' | 'endsAt' | 'state' | 'channelName' | 'platform'
>;

export function liveState(startsAt: Date, endsAt: Date, now: Date): LiveView['state'] {
  if (now < startsAt) return 'upcoming';
  return now <= endsAt ? 'live' : 'ended';
}

const toView = (row: LiveRow, now: Date): LiveView => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  channelName: row.channelName ?? '',
  platform: row.platform ?? '',
  state: liveState(row.startsAt, row.endsAt, now),
});

const selectLives = (db: Executor) =>
  db
    .select(liveColumns)
    .from(courseLives)
    .innerJoin(courses, eq(courses.id, courseLives.courseId))
    .leftJoin(liveChannels, eq(liveChannels.id, courseLives.channelId));

/** The sessions of the teacher's own courses, latest start first. */
export async function teacherLives(db: Executor, user: SessionUser, window: { limit: number; offset: number }, now: Date) {
  requireTeacher(user);
  const mine = eq(courses.teacherId, user.id);
  const rows = await selectLives(db)
    .where(mine)
    .orderBy(desc(courseLives.startsAt), desc(courseLives.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(courseLives).innerJoin(courses, eq(courses.id, courseLives.courseId)).where(mine);
  return { list: rows.map((row) => toView(row, now)), total: total!.n };
}

/**
 * The sessions of the courses a learner signed up to: those not yet over (soonest first), then those
 * that ended in the last 30 days (latest first). Never a session of another course.
 */
export async function learnerLives(db: Executor, userId: number, now: Date): Promise<LiveView[]> {
  const rows = await selectLives(db)
    .innerJoin(courseEnrollments, and(eq(courseEnrollments.courseId, courseLives.courseId), eq(courseEnrollments.userId, userId)))
    .where(gte(courseLives.endsAt, new Date(now.getTime() - recentMs)))
    .orderBy(asc(courseLives.startsAt), asc(courseLives.id))
    .limit(200);
  const views = rows.map((row) => toView(row, now));
  return [...views.filter((live) => live.state !== 'ended'), ...views.filter((live) => live.state === 'ended').reverse()];
}

interface Schedule {
  startsAt: Date;
  endsAt: Date;
}

function scheduleOf(body: LiveSaveBody, now: Date, previous?: Schedule): Schedule {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) throw invalid('请填写正确的开始与结束时间');
  if (endsAt <= startsAt) throw invalid('结束时间须晚于开始时间');
  if (endsAt.getTime() - startsAt.getTime() > maxLengthMs) throw invalid('单场直播不能超过24小时');
  const moved = !previous || previous.startsAt.getTime() !== startsAt.getTime();
  if (moved && startsAt < now) throw invalid('开始时间不能早于当前时间');
  return { startsAt, endsAt };
}

/** The link and channel of a session: a channel must be the teacher's own; without a link of its own, the channel's is used. */
async function placeOf(db: Executor, user: SessionUser, body: LiveSaveBody) {
  const channel = body.channelId ? await ownChannel(db, user, body.channelId) : null;
  const url = body.url ? httpLink(body.url) : channel?.url;
  if (!url) throw invalid('请填写直播链接或选择直播频道');
  return { url, channelId: channel?.id ?? null };
}

async function tellLearners(tx: Executor, courseId: number, courseName: string, title: string, startsAt: Date, now: Date) {
  const learners = await tx
    .select({ userId: courseEnrollments.userId })
    .from(courseEnrollments)
    .where(eq(courseEnrollments.courseId, courseId));
  if (learners.length === 0) return;
  const when = new Date(startsAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  const content = `你报名的课程「${courseName}」将于 ${when}（北京时间）直播「${title}」，可在「我的直播」进入直播间。`;
  await tx.insert(messages).values(learners.map(({ userId }) => ({ userId, title: '课程直播预告', content, createdAt: now })));
  for (const { userId } of learners) noteUserChange(userId, 'messages');
}

/** Schedules a session of one of the teacher's own courses and tells its learners. */
export function scheduleLive(db: Database, user: SessionUser, body: LiveSaveBody, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const course = await ownCourse(tx, user, body.courseId);
    const schedule = scheduleOf(body, now);
    const place = await placeOf(tx, user, body);
    const [row] = await tx
      .insert(courseLives)
      .values({ courseId: course.id, title: body.title.trim(), ...schedule, ...place, createdAt: now })
      .returning({ id: courseLives.id });
    await tellLearners(tx, course.id, course.courseName, body.title.trim(), schedule.startsAt, now);
    return row!.id;
  });
}

/** A session of one of the teacher's own courses; anyone else's is answered as missing. */
async function ownLive(db: Executor, user: SessionUser, id: number) {
  requireTeacher(user);
  const [row] = await db
    .select({ live: courseLives })
    .from(courseLives)
    .innerJoin(courses, eq(courses.id, courseLives.courseId))
    .where(and(eq(courseLives.id, id), eq(courses.teacherId, user.id)));
  if (!row) throw liveMissing();
  return row.live;
}

export function updateLive(db: Database, user: SessionUser, id: number, body: LiveSaveBody, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    const live = await ownLive(tx, user, id);
    await ownCourse(tx, user, body.courseId);
    const schedule = scheduleOf(body, now, live);
    const place = await placeOf(tx, user, body);
    await tx
      .update(courseLives)
      .set({ courseId: body.courseId, title: body.title.trim(), ...schedule, ...place })
      .where(eq(courseLives.id, id));
  });
}

export async function deleteLive(db: Executor, user: SessionUser, id: number): Promise<void> {
  await ownLive(db, user, id);
  await db.delete(courseLives).where(eq(courseLives.id, id));
}

/** The teacher's courses, for choosing which one a session belongs to. */
export async function liveCourseOptions(db: Executor, user: SessionUser) {
  requireTeacher(user);
  return db
    .select({ id: courses.id, courseName: courses.courseName, status: courses.status })
    .from(courses)
    .where(eq(courses.teacherId, user.id))
    .orderBy(desc(courses.id));
}
