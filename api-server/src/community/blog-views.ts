import { and, asc, count, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { BlogDetail, BlogItem } from '@rc/api-contract/community/blog';
import {
  type Database,
  type Executor,
  bloggerFollows,
  ContentStatus,
  labels,
  postCollections,
  postLabels,
  postLikes,
  posts,
  preparedQuery,
  users,
} from '../db/index.js';
import { notFound } from '../errors.js';

export const postNotFound = () => notFound('文章不存在');

export const blogItemColumns = {
  id: posts.id,
  title: posts.title,
  summary: posts.summary,
  coverUrl: posts.coverUrl,
  status: posts.status,
  reviewNote: posts.reviewNote,
  authorId: posts.authorId,
  nickname: users.nickname,
  avatar: users.headImgUrl,
  categoryId: posts.categoryId,
  viewCount: posts.viewCount,
  likeCount: posts.likeCount,
  collectCount: posts.collectCount,
  commentCount: posts.commentCount,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
export interface BlogRow {
  id: number;
  title: string;
  summary: string;
  coverUrl: string;
  status: number;
  reviewNote: string;
  authorId: number;
  nickname: string;
  avatar: string;
  categoryId: number | null;
  viewCount: number;
  likeCount: number;
  collectCount: number;
  commentCount: number;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const publishedBlogs = and(eq(posts.kind, 'blog'), eq(posts.status, ContentStatus.published))!;

/** Labels of each post, in label order. */
async function labelsOf(db: Executor, postIds: number[]) {
  const byPost = new Map<number, Array<{ labelNo: number; labelName: string }>>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .select({ postId: postLabels.postId, labelNo: labels.id, labelName: labels.name })
    .from(postLabels)
    .innerJoin(labels, eq(labels.id, postLabels.labelId))
    .where(inArray(postLabels.postId, postIds))
    .orderBy(asc(labels.sort), asc(labels.id));
  for (const { postId, ...label } of rows) byPost.set(postId, [...(byPost.get(postId) ?? []), label]);
  return byPost;
}

type LabelList = Array<{ labelNo: number; labelName: string }>;

/** List items of the rows (in their order); the review note only for the author. */
export async function blogItems(db: Executor, rows: BlogRow[], viewerId: number | null): Promise<BlogItem[]> {
  const labelsByPost = await labelsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => blogItem(row, labelsByPost.get(row.id) ?? [], viewerId));
}

function blogItem(row: BlogRow, labelList: LabelList, viewerId: number | null): BlogItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    coverUrl: row.coverUrl,
    status: row.status as BlogItem['status'],
    reviewNote: row.authorId === viewerId ? row.reviewNote : '',
    author: { userId: row.authorId, nickname: row.nickname, avatar: row.avatar },
    categoryId: row.categoryId,
    viewCount: row.viewCount,
    likeCount: row.likeCount,
    collectCount: row.collectCount,
    commentCount: row.commentCount,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    gmtCreate: row.createdAt.toISOString(),
    gmtModified: row.updatedAt.toISOString(),
    labelNo: labelList[0]?.labelNo ?? null,
    labelName: labelList[0]?.labelName ?? '',
    labelList,
  };
}

export interface PageArgs {
  pageNum?: number;
  pageSize?: number;
}
export const pageOf = ({ pageNum = 1, pageSize = 10 }: PageArgs) => ({ pageNum, pageSize, offset: (pageNum - 1) * pageSize });

/** A page row's columns: the post, its author, its labels (in label order) and how many posts `where` matches, one statement. */
const pageColumns = (where: SQL) => ({
  ...blogItemColumns,
  labelList: sql<LabelList>`(select coalesce(json_agg(json_build_object('labelNo', ${labels.id}, 'labelName', ${labels.name})
    order by ${labels.sort}, ${labels.id}), '[]'::json) from ${postLabels} join ${labels} on ${labels.id} = ${postLabels.labelId}
    where ${postLabels.postId} = ${posts.id})`,
  total: sql<number>`(select count(*)::int from ${posts} where ${where})`,
});

export const latestFirst = [desc(posts.publishedAt), desc(posts.id)];
export const hottestFirst = [desc(posts.hotScore), desc(posts.id)];

const selectPage = (db: Executor, where: SQL, order: SQL[]) =>
  db
    .select(pageColumns(where))
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(where)
    .orderBy(...order);

/**
 * The public list's usual pages (tab 1 latest, tab 3 hottest, no label or category), built once per database; the first
 * page without OFFSET: PostgreSQL prices a placeholder offset at a tenth of the rows, which kept this statement's generic
 * plan dearer than a custom one, so it planned the statement again on every run (0.37 ms of planning for 0.43 of work).
 */
const usualPage = (name: string, order: SQL[]) => ({
  first: preparedQuery((db) => selectPage(db, publishedBlogs, order).limit(sql.placeholder('limit')).prepare(`${name}_first`)),
  later: preparedQuery((db) =>
    selectPage(db, publishedBlogs, order).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
  ),
});
const usualPages = { latest: usualPage('blog_latest_page', latestFirst), hottest: usualPage('blog_hottest_page', hottestFirst) };

const runUsualPage = (db: Database, usual: keyof typeof usualPages, limit: number, offset: number) =>
  offset === 0 ? usualPages[usual].first(db).execute({ limit }) : usualPages[usual].later(db).execute({ limit, offset });

/** One page of posts matching `where`, in `order`, as list items; `usual` names the prepared page it is. */
export async function blogPage(
  db: Database,
  where: SQL,
  order: SQL[],
  page: PageArgs,
  viewerId: number | null,
  usual?: keyof typeof usualPages,
) {
  const { pageNum, pageSize, offset } = pageOf(page);
  const rows = usual ? await runUsualPage(db, usual, pageSize, offset) : await selectPage(db, where, order).limit(pageSize).offset(offset);
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (offset === 0 ? 0 : ((await db.select({ total: count() }).from(posts).where(where))[0]?.total ?? 0));
  return { list: rows.map((row) => blogItem(row, row.labelList, viewerId)), total, pageNum, pageSize };
}

export const withLabel = (labelId: number) =>
  exists(sql`(select 1 from ${postLabels} where ${postLabels.postId} = ${posts.id} and ${postLabels.labelId} = ${labelId})`);

export const byBloggersFollowedBy = (userId: number) =>
  inArray(posts.authorId, sql`(select ${bloggerFollows.bloggerId} from ${bloggerFollows} where ${bloggerFollows.followerId} = ${userId})`);

/** The post of kind 'blog' with this id, any status. */
export async function findBlogRow(db: Executor, id: number) {
  const [row] = await db
    .select({ ...blogItemColumns, contentMd: posts.contentMd, contentHtml: posts.contentHtml })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, id), eq(posts.kind, 'blog')));
  return row ?? null;
}

/** A whole post as the viewer sees it, with their like, collection and follow. */
export async function blogDetail(
  db: Executor,
  row: NonNullable<Awaited<ReturnType<typeof findBlogRow>>>,
  viewerId: number | null,
): Promise<BlogDetail> {
  const [item] = await blogItems(db, [row], viewerId);
  const flags = { liked: false, collected: false, following: false };
  if (viewerId !== null) {
    const [[liked], [collected], [following]] = await Promise.all([
      db
        .select({ one: sql`1` })
        .from(postLikes)
        .where(and(eq(postLikes.postId, row.id), eq(postLikes.userId, viewerId))),
      db
        .select({ one: sql`1` })
        .from(postCollections)
        .where(and(eq(postCollections.postId, row.id), eq(postCollections.userId, viewerId))),
      db
        .select({ one: sql`1` })
        .from(bloggerFollows)
        .where(and(eq(bloggerFollows.bloggerId, row.authorId), eq(bloggerFollows.followerId, viewerId))),
    ]);
    Object.assign(flags, { liked: !!liked, collected: !!collected, following: !!following });
  }
  return { ...item!, contentMd: row.contentMd, contentHtml: row.contentHtml, ...flags, mine: row.authorId === viewerId };
}

/** Counts one view of a published post. */
export async function countView(db: Executor, postId: number): Promise<void> {
  await db
    .update(posts)
    .set({ viewCount: sql`${posts.viewCount} + 1` })
    .where(eq(posts.id, postId));
}
