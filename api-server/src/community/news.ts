import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { NewsDetail, NewsSaveBody } from '@rc/api-contract/community/blog';
import { type Executor, ContentStatus, posts } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { renderMarkdown, summaryOf } from '../content/index.js';
import { afterStatusChange } from './blog-writing.js';
import { pageOf, type PageArgs } from './blog-views.js';

const newsNotFound = () => notFound('资讯不存在');
const publishedNews = and(eq(posts.kind, 'news'), eq(posts.status, ContentStatus.published))!;

const newsColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  viewCount: posts.viewCount,
  publishedAt: posts.publishedAt,
  gmtCreate: posts.createdAt,
  gmtModified: posts.updatedAt,
};

function checkedNews(body: NewsSaveBody) {
  const title = body.title.trim();
  const content = body.content.trim();
  if (!title) throw invalid('标题不能为空');
  if (!content) throw invalid('正文不能为空');
  return { title, contentMd: content, contentHtml: renderMarkdown(content), summary: body.summary?.trim() || summaryOf(content, 120) };
}

async function checkSlugFree(db: Executor, slug: string | null | undefined, exceptId?: number) {
  if (!slug) return;
  const [taken] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  if (taken && taken.id !== exceptId) throw conflict('短链接已被使用');
}

/** An operator publishes a news item (no review: operators are the reviewers). */
export async function createNews(app: FastifyInstance, authorId: number, body: NewsSaveBody) {
  const texts = checkedNews(body);
  await checkSlugFree(app.db, body.slug);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [post] = await tx
      .insert(posts)
      .values({
        kind: 'news',
        slug: body.slug ?? null,
        authorId,
        ...texts,
        status: ContentStatus.published,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await afterStatusChange(tx, { ...post!, kind: 'news' }, now);
    return { id: post!.id };
  });
}

async function findNewsId(db: Executor, id: number) {
  const [found] = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.kind, 'news')));
  if (!found) throw newsNotFound();
  return found.id;
}

export async function updateNews(app: FastifyInstance, body: NewsSaveBody & { id: number }) {
  const id = await findNewsId(app.db, body.id);
  const texts = checkedNews(body);
  await checkSlugFree(app.db, body.slug, id);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({ ...texts, ...(body.slug === undefined ? {} : { slug: body.slug }), updatedAt: now })
      .where(eq(posts.id, id))
      .returning();
    await afterStatusChange(tx, { ...post!, kind: 'news' }, now);
  });
}

export async function deleteNews(app: FastifyInstance, id: number) {
  const found = await findNewsId(app.db, id);
  await app.db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, found));
    await afterStatusChange(
      tx,
      { id: found, kind: 'news', status: ContentStatus.draft, title: '', contentMd: '', publishedAt: null },
      app.clock.now(),
    );
  });
}

/** A published news item by id or slug; counts a view. */
export async function viewNews(db: Executor, by: { id?: number; slug?: string }): Promise<NewsDetail> {
  if (by.id === undefined && by.slug === undefined) throw invalid('请提供资讯ID或短链接');
  const [row] = await db
    .update(posts)
    .set({ viewCount: sql`${posts.viewCount} + 1` })
    .where(and(publishedNews, by.id !== undefined ? eq(posts.id, by.id) : eq(posts.slug, by.slug!)))
    .returning({ ...newsColumns, contentMd: posts.contentMd, contentHtml: posts.contentHtml });
  if (!row) throw newsNotFound();
  return {
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  };
}

export async function newsPage(db: Executor, page: PageArgs) {
  const { pageNum, pageSize, offset } = pageOf(page);
  const [rows, [counted]] = await Promise.all([
    db.select(newsColumns).from(posts).where(publishedNews).orderBy(desc(posts.publishedAt), desc(posts.id)).limit(pageSize).offset(offset),
    db.select({ total: count() }).from(posts).where(publishedNews),
  ]);
  const list = rows.map((row) => ({
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    gmtCreate: row.gmtCreate.toISOString(),
    gmtModified: row.gmtModified.toISOString(),
  }));
  return { list, total: counted?.total ?? 0, pageNum, pageSize };
}
