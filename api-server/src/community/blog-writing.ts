import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BlogSaveBody } from '@rc/api-contract/community/blog';
import type { SessionUser } from '../accounts/index.js';
import { type Executor, type Transaction, articleCategories, ContentStatus, postLabels, posts } from '../db/index.js';
import { forbidden, invalid } from '../errors.js';
import { existingLabelIds } from './labels.js';
import { plainTextOf, renderMarkdown, summaryOf, indexDocument, removeDocument } from '../content/index.js';
import { enforcePostingLimit, statusOnSubmit } from './moderation.js';
import { refreshHotScore } from './hot-ranking.js';
import { ensureBlogger } from './bloggers.js';
import { findBlogRow, postNotFound } from './blog-views.js';

const summaryLength = 120;

/** Text fields as the author means them: trimmed, and not blank. */
function checkedTexts(body: BlogSaveBody) {
  const title = body.title.trim();
  const content = body.content.trim();
  if (!title) throw invalid('标题不能为空');
  if (!content) throw invalid('正文不能为空');
  return { title, content, summary: body.summary?.trim() || summaryOf(content, summaryLength) };
}

async function checkCategory(db: Executor, categoryId: number | null | undefined): Promise<number | null> {
  if (categoryId === undefined || categoryId === null) return null;
  const [found] = await db.select({ id: articleCategories.id }).from(articleCategories).where(eq(articleCategories.id, categoryId));
  if (!found) throw invalid('分类不存在');
  return categoryId;
}

/**
 * Draft (0), or published / held for review when a sensitive word appears; a post an operator rejected
 * goes back to review rather than straight out.
 */
async function statusOf(app: FastifyInstance, user: SessionUser, wanted: 0 | 1, texts: string[], previous: number | null) {
  if (wanted === ContentStatus.draft) return { status: ContentStatus.draft as number, reviewNote: '' };
  if (previous !== ContentStatus.published) await enforcePostingLimit(app, user, 'post');
  if (previous === ContentStatus.rejected) return { status: ContentStatus.reviewing as number, reviewNote: '修改后重新提交审核' };
  return statusOnSubmit(app.db, texts);
}

async function replaceLabels(tx: Transaction, postId: number, labelIds: number[]) {
  await tx.delete(postLabels).where(eq(postLabels.postId, postId));
  if (labelIds.length > 0) await tx.insert(postLabels).values(labelIds.map((labelId) => ({ postId, labelId })));
}

/** Puts a published post in the search index and the hot ranking; takes any other out of the index. */
export async function afterStatusChange(
  tx: Executor,
  post: { id: number; kind: 'blog' | 'news'; status: number; title: string; contentMd: string; publishedAt: Date | null },
  now: Date,
) {
  if (post.status !== ContentStatus.published) return removeDocument(tx, post.kind, post.id);
  await indexDocument(tx, {
    kind: post.kind,
    refId: post.id,
    title: post.title,
    body: plainTextOf(post.contentMd),
    publishedAt: post.publishedAt ?? now,
  });
  if (post.kind === 'blog') await refreshHotScore(tx, post.id, now);
}

/** Writes a new post; a first post opens the author's blog. */
export async function createBlog(app: FastifyInstance, user: SessionUser, body: BlogSaveBody) {
  const texts = checkedTexts(body);
  const labelIds = await existingLabelIds(app.db, body.labelIds ?? []);
  const categoryId = await checkCategory(app.db, body.categoryId);
  const { status, reviewNote } = await statusOf(app, user, body.status ?? 1, [texts.title, texts.summary, texts.content], null);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    await ensureBlogger(tx, user);
    const [post] = await tx
      .insert(posts)
      .values({
        kind: 'blog',
        authorId: user.id,
        title: texts.title,
        summary: texts.summary,
        contentMd: texts.content,
        contentHtml: renderMarkdown(texts.content),
        coverUrl: body.coverUrl ?? '',
        categoryId,
        status,
        reviewNote,
        publishedAt: status === ContentStatus.published ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await replaceLabels(tx, post!.id, labelIds);
    await afterStatusChange(tx, { ...post!, kind: 'blog' }, now);
    return { id: post!.id, status: status as 0 | 1 | 2, reviewNote };
  });
}

/** The author's own post of kind 'blog': 404 when there is none, 403 when it is someone else's. */
export async function ownBlog(db: Executor, userId: number, id: number) {
  const row = await findBlogRow(db, id);
  if (!row) throw postNotFound();
  if (row.authorId !== userId) throw forbidden('只能修改或删除自己的文章');
  return row;
}

/** Rewrites the author's post: re-rendered, re-labelled, and re-indexed or taken out of the index. */
export async function updateBlog(app: FastifyInstance, user: SessionUser, body: BlogSaveBody & { id: number }) {
  const existing = await ownBlog(app.db, user.id, body.id);
  const texts = checkedTexts(body);
  const labelIds = await existingLabelIds(app.db, body.labelIds ?? []);
  const categoryId = await checkCategory(app.db, body.categoryId);
  const { status, reviewNote } = await statusOf(app, user, body.status ?? 1, [texts.title, texts.summary, texts.content], existing.status);
  const now = app.clock.now();
  return app.db.transaction(async (tx) => {
    const [post] = await tx
      .update(posts)
      .set({
        title: texts.title,
        summary: texts.summary,
        contentMd: texts.content,
        contentHtml: renderMarkdown(texts.content),
        coverUrl: body.coverUrl ?? existing.coverUrl,
        categoryId,
        status,
        reviewNote,
        publishedAt: status === ContentStatus.published ? (existing.publishedAt ?? now) : existing.publishedAt,
        updatedAt: now,
      })
      .where(eq(posts.id, existing.id))
      .returning();
    await replaceLabels(tx, existing.id, labelIds);
    await afterStatusChange(tx, { ...post!, kind: 'blog' }, now);
    return { id: existing.id, status: status as 0 | 1 | 2, reviewNote };
  });
}

/** Deletes the author's post with its comments, likes, collections and labels (foreign keys cascade). */
export async function deleteBlog(app: FastifyInstance, userId: number, id: number) {
  const existing = await ownBlog(app.db, userId, id);
  await app.db.transaction(async (tx) => {
    await tx.delete(posts).where(eq(posts.id, existing.id));
    await removeDocument(tx, 'blog', existing.id);
  });
}
