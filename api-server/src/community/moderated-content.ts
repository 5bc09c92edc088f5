import { sql } from 'drizzle-orm';
import type { ReportKind } from '@rc/api-contract/community/report';
import { type Executor, queryRows, ContentStatus } from '../db/index.js';
import { plainTextOf, indexDocument, removeDocument } from '../content/index.js';

/** Where each reportable kind lives: its table and the columns the review queue reads (constants, never user input). */
const sources: Record<ReportKind, { table: string; author: string; title: string; text: string; parent: string; note: string }> = {
  blog: { table: 'posts', author: 'author_id', title: 'title', text: 'content_md', parent: 'null::int', note: 'review_note' },
  comment: { table: 'post_comments', author: 'author_id', title: "''", text: 'content', parent: 'post_id', note: "''" },
  question: { table: 'questions', author: 'asker_id', title: 'title', text: 'content_md', parent: 'null::int', note: 'review_note' },
  answer: { table: 'question_answers', author: 'author_id', title: "''", text: 'content_md', parent: 'question_id', note: "''" },
  image: { table: 'community_images', author: 'owner_id', title: 'title', text: 'summary', parent: 'null::int', note: 'review_note' },
};

export const kindNames: Record<ReportKind, string> = { blog: '文章', comment: '评论', question: '问题', answer: '回答', image: '镜像' };

export interface ModeratedContent {
  kind: ReportKind;
  refId: number;
  authorId: number;
  title: string;
  excerpt: string;
  status: number;
  reviewNote: string;
  /** The post of a comment, the question of an answer. */
  parentRef: number | null;
  createdAt: Date;
}

interface ContentRow {
  kind: ReportKind;
  ref_id: number;
  author_id: number;
  title: string;
  excerpt: string;
  status: number;
  review_note: string;
  parent_ref: number | null;
  created_at: Date | string;
}

const excerptLength = 200;

function selectOf(kind: ReportKind) {
  const s = sources[kind];
  return sql.raw(
    `select '${kind}'::text as kind, id as ref_id, ${s.author} as author_id, ${s.title}::text as title, left(${s.text}, ${excerptLength}) as excerpt, ` +
      `status::int as status, ${s.note}::text as review_note, ${s.parent} as parent_ref, created_at from ${s.table}`,
  );
}

/** Every reportable thing of every kind, as one relation (for the review queue). */
export const allModeratedContent = () =>
  sql.join(
    (Object.keys(sources) as ReportKind[]).map((kind) => selectOf(kind)),
    sql.raw(' union all '),
  );

export function toModeratedContent(row: ContentRow): ModeratedContent {
  return {
    kind: row.kind,
    refId: Number(row.ref_id),
    authorId: Number(row.author_id),
    title: row.title,
    excerpt: row.excerpt,
    status: Number(row.status),
    reviewNote: row.review_note,
    parentRef: row.parent_ref === null ? null : Number(row.parent_ref),
    createdAt: new Date(row.created_at),
  };
}

export async function findModeratedContent(db: Executor, kind: ReportKind, refId: number): Promise<ModeratedContent | undefined> {
  const rows = await queryRows<ContentRow>(db, sql`select * from (${selectOf(kind)}) content where ref_id = ${refId}`);
  return rows[0] && toModeratedContent(rows[0]);
}

/** The page that shows the thing (a comment on its post's page, an answer on its question's). */
export function contentUrl(content: Pick<ModeratedContent, 'kind' | 'refId' | 'parentRef'>): string {
  switch (content.kind) {
    case 'blog':
      return `/blog/article/${content.refId}`;
    case 'comment':
      return `/blog/article/${content.parentRef}`;
    case 'question':
      return `/question/view/${content.refId}`;
    case 'answer':
      return `/question/view/${content.parentRef}`;
    case 'image':
      return `/imageCommunity/detail/${content.refId}`;
  }
}

/**
 * Publishes or takes down one thing: its status and note, the search index, and the comment or answer count
 * of its post or question (which count published ones only).
 */
export async function setContentStatus(tx: Executor, content: ModeratedContent, status: number, note: string, now: Date): Promise<void> {
  const s = sources[content.kind];
  const noteSet = s.note === 'review_note' ? sql`, review_note = ${note}` : sql``;
  await tx.execute(sql`update ${sql.raw(s.table)} set status = ${status}${noteSet} where id = ${content.refId}`);
  const shown = (value: number) => (value === ContentStatus.published ? 1 : 0);
  const change = shown(status) - shown(content.status);
  if (change !== 0 && content.kind === 'comment')
    await tx.execute(sql`update posts set comment_count = greatest(comment_count + ${change}, 0) where id = ${content.parentRef}`);
  if (change !== 0 && content.kind === 'answer')
    await tx.execute(
      sql`update questions q set answer_count = greatest(answer_count + ${change}, 0)
          from question_answers a where a.id = ${content.refId} and a.parent_id is null and q.id = a.question_id`,
    );
  if (status === ContentStatus.published) await indexContent(tx, content, now);
  else await unindexContent(tx, content);
}

async function indexContent(tx: Executor, content: ModeratedContent, now: Date): Promise<void> {
  if (content.kind === 'blog') {
    const [post] = await queryRows<{ kind: string; title: string; content_md: string; published_at: Date | null }>(
      tx,
      sql`update posts set published_at = coalesce(published_at, ${now}) where id = ${content.refId} returning kind, title, content_md, published_at`,
    );
    if (post)
      await indexDocument(tx, {
        kind: post.kind === 'news' ? 'news' : 'blog',
        refId: content.refId,
        title: post.title,
        body: plainTextOf(post.content_md),
        publishedAt: new Date(post.published_at ?? now),
      });
  } else if (content.kind === 'question') {
    const [question] = await queryRows<{ title: string; content_md: string; created_at: Date }>(
      tx,
      sql`select title, content_md, created_at from questions where id = ${content.refId}`,
    );
    if (question)
      await indexDocument(tx, {
        kind: 'question',
        refId: content.refId,
        title: question.title,
        body: plainTextOf(question.content_md),
        publishedAt: new Date(question.created_at),
      });
  } else if (content.kind === 'image') {
    const [image] = await queryRows<{ title: string; summary: string; description_md: string; tags: string[]; created_at: Date }>(
      tx,
      sql`select title, summary, description_md, tags, created_at from community_images where id = ${content.refId}`,
    );
    if (image)
      await indexDocument(tx, {
        kind: 'image',
        refId: content.refId,
        title: image.title,
        body: [image.summary, ...(Array.isArray(image.tags) ? image.tags : []), plainTextOf(image.description_md)].join(' '),
        publishedAt: new Date(image.created_at),
      });
  }
}

async function unindexContent(tx: Executor, content: ModeratedContent): Promise<void> {
  if (content.kind === 'blog') {
    await removeDocument(tx, 'blog', content.refId);
    await removeDocument(tx, 'news', content.refId);
  } else if (content.kind === 'question' || content.kind === 'image') await removeDocument(tx, content.kind, content.refId);
}
