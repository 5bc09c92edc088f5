import { and, desc, eq } from 'drizzle-orm';
import type { ChannelSaveBody, ChannelView } from '@rc/api-contract/course/live';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, liveChannels } from '../db/index.js';
import { invalid, notFound } from '../errors.js';
import { requireTeacher } from './course-access.js';

type ChannelRow = typeof liveChannels.$inferSelect;

const channelMissing = () => notFound('直播频道不存在');

/** A link learners open: only http(s), so no `javascript:` or other scheme reaches a page. */
export function httpLink(text: string): string {
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw invalid('链接须为 http:// 或 https:// 开头的网址');
  return url.toString();
}

const toView = (row: ChannelRow): ChannelView => ({
  id: row.id,
  name: row.name,
  platform: row.platform,
  url: row.url,
  createdAt: row.createdAt.toISOString(),
});

const fieldsOf = (body: ChannelSaveBody) => ({ name: body.name.trim(), platform: body.platform.trim(), url: httpLink(body.url) });

/** One of the teacher's own channels; anyone else's is answered as missing. */
export async function ownChannel(db: Executor, user: SessionUser, id: number): Promise<ChannelRow> {
  requireTeacher(user);
  const [row] = await db
    .select()
    .from(liveChannels)
    .where(and(eq(liveChannels.id, id), eq(liveChannels.teacherId, user.id)));
  if (!row) throw channelMissing();
  return row;
}

export async function myChannels(db: Executor, user: SessionUser): Promise<ChannelView[]> {
  requireTeacher(user);
  const rows = await db.select().from(liveChannels).where(eq(liveChannels.teacherId, user.id)).orderBy(desc(liveChannels.id));
  return rows.map(toView);
}

export async function saveChannel(db: Executor, user: SessionUser, body: ChannelSaveBody, now: Date): Promise<ChannelView> {
  requireTeacher(user);
  const [row] = await db
    .insert(liveChannels)
    .values({ teacherId: user.id, ...fieldsOf(body), createdAt: now })
    .returning();
  return toView(row!);
}

export async function updateChannel(db: Executor, user: SessionUser, id: number, body: ChannelSaveBody): Promise<ChannelView> {
  await ownChannel(db, user, id);
  const [row] = await db.update(liveChannels).set(fieldsOf(body)).where(eq(liveChannels.id, id)).returning();
  return toView(row!);
}

/** Deletes a channel; sessions scheduled on it keep their own link. */
export async function deleteChannel(db: Executor, user: SessionUser, id: number): Promise<void> {
  await ownChannel(db, user, id);
  await db.delete(liveChannels).where(eq(liveChannels.id, id));
}
