import { and, eq, sql } from 'drizzle-orm';
import type { ReportKind, ReviewItem } from '@rc/api-contract/community/report';
import { type Executor, type Database, queryRows, ContentStatus, contentReports } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { notify } from '../accounts/index.js';
import {
  allModeratedContent,
  contentUrl,
  findModeratedContent,
  kindNames,
  setContentStatus,
  toModeratedContent,
} from './moderated-content.js';

/** content_reports.status */
export const ReportStatus = { open: 0, upheld: 1, dismissed: 2 } as const;

/** Held content (a sensitive word) and published content with open reports, the longest waiting first. */
export async function reviewQueue(db: Executor, o: { limit: number; offset: number }): Promise<{ list: ReviewItem[]; total: number }> {
  const queue = sql`
    with reported as (
      select kind, ref_id, count(*)::int as report_count, array_agg(reason order by id) as reasons, min(created_at) as first_report_at
      from content_reports where status = ${ReportStatus.open} group by kind, ref_id
    ), content as (${allModeratedContent()})
    select content.*, coalesce(reported.report_count, 0) as report_count, coalesce(reported.reasons, '{}') as reasons,
           coalesce(reported.first_report_at, content.created_at) as waiting_since, users.nickname as author_name
    from content
    left join reported on reported.kind = content.kind and reported.ref_id = content.ref_id
    join users on users.id = content.author_id
    where content.status = ${ContentStatus.reviewing} or (content.status = ${ContentStatus.published} and reported.ref_id is not null)`;
  const rows = await queryRows<Parameters<typeof toModeratedContent>[0] & { report_count: number; reasons: string[]; author_name: string }>(
    db,
    sql`select * from (${queue}) queue order by waiting_since, kind, ref_id limit ${o.limit} offset ${o.offset}`,
  );
  const [counted] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${queue}) queue`);
  const list = rows.map((row) => {
    const content = toModeratedContent(row);
    return {
      kind: content.kind,
      refId: content.refId,
      title: content.title,
      excerpt: content.excerpt,
      authorId: content.authorId,
      authorName: row.author_name,
      status: content.status,
      reviewNote: content.reviewNote,
      reportCount: Number(row.report_count),
      reasons: row.reasons,
      url: contentUrl(content),
      gmtCreate: content.createdAt.toISOString(),
    };
  });
  return { list, total: Number(counted?.total ?? 0) };
}

/**
 * An operator's decision on held or reported content: publish it (reports dismissed) or reject it with a note
 * (reports upheld; published content is taken down). The author is told either way.
 */
export async function decideContent(
  db: Database,
  operatorId: number,
  decision: { kind: ReportKind; refId: number; decision: 'publish' | 'reject'; note?: string },
  now: Date,
): Promise<void> {
  const note = decision.note?.trim() ?? '';
  if (decision.decision === 'reject' && !note) throw invalid('请填写驳回原因');
  await db.transaction(async (tx) => {
    const content = await findModeratedContent(tx, decision.kind, decision.refId);
    if (!content) throw notFound(`${kindNames[decision.kind]}不存在`);
    const reports = and(
      eq(contentReports.kind, decision.kind),
      eq(contentReports.refId, decision.refId),
      eq(contentReports.status, ReportStatus.open),
    );
    const handled = await tx
      .update(contentReports)
      .set({ status: decision.decision === 'reject' ? ReportStatus.upheld : ReportStatus.dismissed, handledBy: operatorId, handledAt: now })
      .where(reports)
      .returning({ id: contentReports.id });
    if (content.status !== ContentStatus.reviewing && handled.length === 0) throw conflict('该内容无需审核');
    const name = `${kindNames[content.kind]}${content.title ? `「${content.title}」` : ''}`;
    if (decision.decision === 'reject') {
      await setContentStatus(tx, content, ContentStatus.rejected, note, now);
      const what = content.status === ContentStatus.published ? '因被举报经审核已下架' : '未通过审核';
      await notify(tx, content.authorId, '内容审核结果', `你发布的${name}${what}，原因：${note}`, now);
    } else if (content.status === ContentStatus.reviewing) {
      await setContentStatus(tx, content, ContentStatus.published, note, now);
      await notify(tx, content.authorId, '内容审核结果', `你发布的${name}已通过审核并公开`, now);
    }
  });
}
