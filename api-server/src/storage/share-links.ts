import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { shareAccesses, shareLinks } from '../db/index.js';
import { invalid, notFound } from '../errors.js';
import { checkRelativePath } from '../lib/index.js';
import { openShareSource, parseShareSource, readyDataset, shareSourceLabels } from './share-sources.js';
import { inTree, treePath } from './tree-operations.js';

export type ShareLink = typeof shareLinks.$inferSelect;

const day = 86_400_000;
/** 1 天, 7 天, 30 天, or 0 for 永久有效. */
export const shareExpiryDays = [1, 7, 30, 0] as const;

export type ShareState = 'active' | 'revoked' | 'expired' | 'used-up';
export const shareStateNames: Record<ShareState, string> = {
  active: '有效',
  revoked: '已取消',
  expired: '已过期',
  'used-up': '次数已用完',
};

/** Where a share stands at `now`; revoking wins over expiry, expiry over the download cap. */
export function shareState(share: ShareLink, now: Date): ShareState {
  if (share.revokedAt) return 'revoked';
  if (share.expiresAt && share.expiresAt <= now) return 'expired';
  if (share.maxDownloads !== null && share.downloads >= share.maxDownloads) return 'used-up';
  return 'active';
}

/** A 提取码 the user typed: 4 letters or digits, kept in lower case (codes compare without regard to case). */
export function checkShareCode(code: string): string {
  if (!/^[A-Za-z0-9]{4}$/.test(code)) throw invalid('提取码须为4位字母或数字');
  return code.toLowerCase();
}

export interface NewShare {
  source: string;
  path: string;
  expiryDays: number;
  code?: string | null;
  maxDownloads?: number | null;
}

/** The shared item's path inside its source: a file or folder (not the root) of a tree or cloud disk; a dataset whole. */
function sharedPath(kind: string, path: string): string {
  if (kind === 'dataset') return '';
  const relative = kind === 'cloud' ? checkRelativePath(path.replace(/\/+$/, ''), '文件路径') : treePath(path, '文件路径');
  if (!relative) throw invalid('不能分享根目录，请选择文件或文件夹');
  return relative;
}

/** Makes a share link of one of the user's files or folders, or of a dataset they may read. */
export async function createShare(app: FastifyInstance, userId: number, o: NewShare): Promise<ShareLink> {
  const { kind, name: sourceName } = parseShareSource(o.source);
  if (!(shareExpiryDays as readonly number[]).includes(o.expiryDays)) throw invalid('有效期只能是1天、7天、30天或永久有效');
  const code = o.code ? checkShareCode(o.code) : null;
  const path = sharedPath(kind, o.path);
  const dataset = kind === 'dataset' ? await readyDataset(app.db, userId, Number(sourceName)) : null;
  if (kind === 'dataset' && !dataset) throw notFound('数据集不存在或尚未生成完成');
  const files = await openShareSource(app, userId, o.source);
  if (!files) throw notFound(`${shareSourceLabels[kind]}不存在或尚未开通`);
  const entry = path ? await inTree(() => files.stat(path)) : null;
  if (path && !entry) throw notFound('文件不存在或已删除');
  const now = app.clock.now();
  const [share] = await app.db
    .insert(shareLinks)
    .values({
      token: randomBytes(12).toString('base64url'),
      userId,
      source: o.source,
      path,
      name: dataset?.title ?? entry!.name,
      kind: dataset || entry!.isDir ? 'folder' : 'file',
      code,
      expiresAt: o.expiryDays ? new Date(now.getTime() + o.expiryDays * day) : null,
      maxDownloads: o.maxDownloads ?? null,
      createdAt: now,
    })
    .returning();
  return share!;
}

export async function ownShare(app: FastifyInstance, userId: number, id: number): Promise<ShareLink> {
  const [share] = await app.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)));
  if (!share) throw notFound('分享不存在');
  return share;
}

/** Revokes a share at once: its page and every download from it refuse from now on. Revoking twice is no error. */
export async function revokeShare(app: FastifyInstance, userId: number, id: number): Promise<ShareLink> {
  await ownShare(app, userId, id);
  const [revoked] = await app.db
    .update(shareLinks)
    .set({ revokedAt: app.clock.now() })
    .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)))
    .returning();
  return revoked ?? ownShare(app, userId, id);
}

/** A share as its owner's list shows it. */
export function shareView(share: ShareLink, now: Date) {
  const { kind } = parseShareSource(share.source);
  const state = shareState(share, now);
  return {
    id: share.id,
    token: share.token,
    source: share.source,
    sourceLabel: shareSourceLabels[kind],
    path: share.path,
    name: share.name,
    isDir: share.kind === 'folder',
    code: share.code,
    expiresAt: share.expiresAt,
    maxDownloads: share.maxDownloads,
    downloads: share.downloads,
    state,
    stateName: shareStateNames[state],
    gmtCreate: share.createdAt,
  };
}

export async function pageOfShares(app: FastifyInstance, userId: number, o: { limit: number; offset: number }) {
  const rows = await app.db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(desc(shareLinks.id))
    .limit(o.limit)
    .offset(o.offset);
  const [total] = await app.db.select({ n: count() }).from(shareLinks).where(eq(shareLinks.userId, userId));
  const now = app.clock.now();
  return { list: rows.map((row) => shareView(row, now)), total: total?.n ?? 0 };
}

export const shareActionNames: Record<string, string> = { open: '打开', download: '下载', 'wrong-code': '提取码错误' };

/** One share's access log, newest first: when, from which address, what. */
export async function pageOfShareAccesses(app: FastifyInstance, userId: number, id: number, o: { limit: number; offset: number }) {
  await ownShare(app, userId, id);
  const rows = await app.db
    .select()
    .from(shareAccesses)
    .where(eq(shareAccesses.shareId, id))
    .orderBy(desc(shareAccesses.id))
    .limit(o.limit)
    .offset(o.offset);
  const [total] = await app.db.select({ n: count() }).from(shareAccesses).where(eq(shareAccesses.shareId, id));
  return {
    list: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actionName: shareActionNames[row.action] ?? row.action,
      ip: row.ip,
      path: row.path,
      bytes: row.bytes,
      gmtCreate: row.createdAt,
    })),
    total: total?.n ?? 0,
  };
}
