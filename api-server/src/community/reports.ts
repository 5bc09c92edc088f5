import type { ReportKind } from '@rc/api-contract/community/report';
import { type Executor, ContentStatus, contentReports } from '../db/index.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { findModeratedContent, kindNames } from './moderated-content.js';

/** A report of something published by someone else; each user reports each thing once. */
export async function saveReport(
  db: Executor,
  reporterId: number,
  report: { kind: ReportKind; refId: number; reason: string },
  now: Date,
): Promise<{ id: number }> {
  const reason = report.reason.trim();
  if (!reason) throw invalid('举报原因不能为空');
  const content = await findModeratedContent(db, report.kind, report.refId);
  if (!content || content.status !== ContentStatus.published) throw notFound(`${kindNames[report.kind]}不存在`);
  if (content.authorId === reporterId) throw forbidden('不能举报自己发布的内容');
  const [saved] = await db
    .insert(contentReports)
    .values({ reporterId, kind: report.kind, refId: report.refId, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: contentReports.id });
  if (!saved) throw conflict('已举报，请等待处理');
  return saved;
}
