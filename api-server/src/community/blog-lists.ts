import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { BlogListBody, MyBlogListBody } from '@rc/api-contract/community/blog';
import { ContentStatus, posts, type Database, type Executor } from '../db/index.js';
import { unauthenticated } from '../errors.js';
import {
  blogDetail,
  blogPage,
  byBloggersFollowedBy,
  countView,
  findBlogRow,
  hottestFirst,
  latestFirst,
  postNotFound,
  publishedBlogs,
  withLabel,
  type PageArgs,
} from './blog-views.js';

/** Published posts, of a label and category when given: tab 1 latest, 3 hottest, 2 by the bloggers the viewer follows (signed in only). */
export async function publishedBlogList(db: Database, viewerId: number | null, body: BlogListBody) {
  const { tab = 1, labelNo, categoryId, ...page } = body;
  const filters: SQL[] = [publishedBlogs];
  if (labelNo !== undefined) filters.push(withLabel(labelNo));
  if (categoryId !== undefined) filters.push(eq(posts.categoryId, categoryId));
  if (tab === 2) {
    if (viewerId === null) throw unauthenticated();
    filters.push(byBloggersFollowedBy(viewerId));
  }
  const usual = filters.length === 1 ? (tab === 3 ? 'hottest' : 'latest') : undefined;
  return blogPage(db, and(...filters)!, tab === 3 ? hottestFirst : latestFirst, page, viewerId, usual);
}

/** The author's own posts, of one status when given, the last changed first. */
export function myBlogList(db: Database, authorId: number, body: MyBlogListBody) {
  const { status, ...page } = body;
  const where = and(eq(posts.kind, 'blog'), eq(posts.authorId, authorId), status === undefined ? undefined : eq(posts.status, status))!;
  return blogPage(db, where, [desc(posts.updatedAt), desc(posts.id)], page, authorId);
}

/** The latest posts of the bloggers the user follows. */
export function followedBloggersBlogs(db: Database, userId: number, page: PageArgs) {
  return blogPage(db, and(publishedBlogs, byBloggersFollowedBy(userId))!, latestFirst, page, userId);
}

/**
 * A post as `viewerId` (null when signed out) sees it: others' posts only when published, each such
 * reading counted as a view; the author's own in any status, uncounted.
 */
export async function readBlog(db: Executor, viewerId: number | null, id: number) {
  const row = await findBlogRow(db, id);
  if (!row || (row.authorId !== viewerId && row.status !== ContentStatus.published)) throw postNotFound();
  if (row.authorId === viewerId || row.status !== ContentStatus.published) return blogDetail(db, row, viewerId);
  await countView(db, row.id);
  return blogDetail(db, { ...row, viewCount: row.viewCount + 1 }, viewerId);
}
