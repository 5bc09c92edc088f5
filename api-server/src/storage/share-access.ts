import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { shareAccesses, shareLinks, users, type Executor } from '../db/index.js';
import { forbidden, gone, invalid, notFound, tooMany } from '../errors.js';
import { checkRelativePath, internalName } from '../lib/index.js';
import type { FileEntry } from './file-system.js';
import { checkShareCode, shareState, type ShareLink } from './share-links.js';
import { openShareSource, parseShareSource, readyDataset } from './share-sources.js';
import { inTree } from './tree-operations.js';
import { fromTheStart, sendEntry, type ReadableFiles } from './tree-downloads.js';

/** Who opens a share page: no account, only the address its wrong codes count against and its log rows name. */
export interface ShareVisitor {
  ip: string;
}

const refusals = {
  revoked: '分享已被取消',
  expired: '分享已过期',
  'used-up': '分享的下载次数已用完',
} as const;

function ensureOpen(share: ShareLink, now: Date): void {
  const state = shareState(share, now);
  if (state !== 'active') throw gone(refusals[state]);
}

/**
 * What the share page holds once the link is open (after its 提取码, when it has one): the key to its listings and
 * downloads, so that only the page's first call checks a code. It names the share and is signed by the server.
 */
function passOf(secret: Buffer, share: ShareLink): string {
  const seal = createHmac('sha256', secret).update(`share-pass:${share.id}:${share.token}`).digest('base64url').slice(0, 24);
  return `${share.id}.${seal}`;
}

async function shareOfPass(db: Executor, secret: Buffer, pass: string): Promise<ShareLink> {
  const id = Number(pass.split('.')[0]);
  const [share] = Number.isSafeInteger(id) && id > 0 ? await db.select().from(shareLinks).where(eq(shareLinks.id, id)) : [];
  const expected = share ? Buffer.from(passOf(secret, share)) : Buffer.alloc(0);
  const given = Buffer.from(pass);
  if (!share || given.length !== expected.length || !timingSafeEqual(given, expected)) throw forbidden('访问凭证无效，请重新打开分享链接');
  return share;
}

async function logAccess(app: FastifyInstance, share: ShareLink, visitor: ShareVisitor, action: string, what = '', bytes = 0) {
  await app.db.insert(shareAccesses).values({ shareId: share.id, action, ip: visitor.ip, path: what, bytes, createdAt: app.clock.now() });
}

/** A wrong 提取码 counts against the address, for this link and for every link; past either limit even the right one waits. */
async function checkCode(app: FastifyInstance, visitor: ShareVisitor, share: ShareLink, code: string): Promise<void> {
  const limits = app.config.rateLimits;
  const counters = [
    { key: `share-code:${share.id}:${visitor.ip}`, rule: limits.shareCodePerLinkIp },
    { key: `share-code:ip:${visitor.ip}`, rule: limits.shareCodePerIp },
  ];
  for (const { key, rule } of counters) {
    if (await app.rateLimiter.exhausted(key, rule)) throw tooMany(`提取码错误次数过多，请${Math.ceil(rule.windowMs / 60_000)}分钟后再试`);
  }
  const right = /^[A-Za-z0-9]{4}$/.test(code) && checkShareCode(code) === share.code;
  if (right) return;
  for (const { key, rule } of counters) await app.rateLimiter.hit(key, rule);
  await logAccess(app, share, visitor, 'wrong-code');
  throw invalid('提取码错误，请重新输入');
}

/** The shared file or folder, or `inside` it, as it is now: 「文件已被删除」 when it (or its disk or dataset) is gone. */
async function sharedEntry(
  app: FastifyInstance,
  share: ShareLink,
  inside = '',
): Promise<{ files: ReadableFiles; at: string; entry: FileEntry }> {
  const below = checkRelativePath(inside, '路径');
  if (below && share.kind === 'file') throw invalid('路径不合法');
  const files = await openShareSource(app, share.userId, share.source);
  if (!files) throw gone('文件已被删除');
  const at = [share.path, below].filter(Boolean).join('/');
  const found = at ? await inTree(() => files.stat(at)) : { name: share.name, path: '', isDir: true, size: 0, modifiedAt: share.createdAt };
  // A shared file replaced by a folder of its name (or the reverse) is not what was shared.
  if (!found || (!below && found.isDir !== (share.kind === 'folder'))) throw gone('文件已被删除');
  // The shared item keeps the name it was shared under; a dataset's zip is named after its title.
  return { files, at, entry: below ? found : { ...found, name: share.name } };
}

async function findShare(app: FastifyInstance, token: string): Promise<ShareLink> {
  const [share] = /^[A-Za-z0-9_-]{1,32}$/.test(token) ? await app.db.select().from(shareLinks).where(eq(shareLinks.token, token)) : [];
  if (!share) throw notFound('分享链接不存在');
  return share;
}

/**
 * Opens a share page: refuses a revoked, expired or used-up link and a wrong 提取码 (rate-limited); without a code
 * where one is needed, answers only that one is. Once open: the item (name, size), the expiry, what is left of the
 * download cap, and the pass for the page's listings and downloads.
 */
export async function openShare(app: FastifyInstance, visitor: ShareVisitor, token: string, code: string | undefined) {
  const share = await findShare(app, token);
  ensureOpen(share, app.clock.now());
  const [owner] = await app.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, share.userId));
  const header = { sharer: owner?.nickname ?? '', expiresAt: share.expiresAt, needsCode: share.code !== null };
  if (share.code !== null) {
    if (!code) return { ...header, item: null, pass: null };
    await checkCode(app, visitor, share, code);
  }
  const { files, at, entry } = await sharedEntry(app, share);
  const size = entry.isDir ? (await inTree(() => files.usage(at))).bytes : entry.size;
  await logAccess(app, share, visitor, 'open');
  const { kind, name } = parseShareSource(share.source);
  return {
    ...header,
    pass: passOf(app.uploads.signingSecret, share),
    item: {
      name: share.name,
      isDir: entry.isDir,
      size,
      datasetId: kind === 'dataset' ? Number(name) : null,
      downloadsLeft: share.maxDownloads === null ? null : share.maxDownloads - share.downloads,
    },
  };
}

const collator = new Intl.Collator('zh-Hans-CN', { numeric: true });
const ownName = internalName('');

/** A folder of an open share: its files and folders, folders first, by name. */
export async function listShared(app: FastifyInstance, pass: string, inside: string) {
  const share = await shareOfPass(app.db, app.uploads.signingSecret, pass);
  ensureOpen(share, app.clock.now());
  const { files, at, entry } = await sharedEntry(app, share, inside);
  if (!entry.isDir) throw invalid('不是文件夹');
  const base = share.path ? `${share.path}/` : '';
  const entries = (await inTree(() => files.list(at)))
    .filter((each) => !each.name.startsWith(ownName))
    .sort((a, b) => Number(b.isDir) - Number(a.isDir) || collator.compare(a.name, b.name))
    .map((each) => ({
      name: each.name,
      path: each.path.slice(base.length),
      isDir: each.isDir,
      size: each.size,
      modifiedAt: each.modifiedAt,
    }));
  return { path: checkRelativePath(inside, '路径'), entries };
}

/** Counts one download against the cap in one statement, so two at once cannot both take the last one. */
async function takeDownload(db: Executor, share: ShareLink): Promise<boolean> {
  const taken = await db
    .update(shareLinks)
    .set({ downloads: sql`${shareLinks.downloads} + 1` })
    .where(
      and(
        eq(shareLinks.id, share.id),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.maxDownloads), lt(shareLinks.downloads, shareLinks.maxDownloads)),
      ),
    )
    .returning({ id: shareLinks.id });
  return taken.length > 0;
}

/**
 * Downloads the shared item, or a file or folder inside it: a file whole or resumed (Range), a folder as one zip
 * stream. A new download (not a resumed one) counts against the cap and is logged with what and how much.
 */
export async function sendSharedDownload(
  app: FastifyInstance,
  visitor: ShareVisitor,
  request: FastifyRequest,
  reply: FastifyReply,
  pass: string,
  inside: string,
): Promise<FastifyReply> {
  const share = await shareOfPass(app.db, app.uploads.signingSecret, pass);
  ensureOpen(share, app.clock.now());
  const { files, at, entry } = await sharedEntry(app, share, inside);
  if (fromTheStart(request, entry)) {
    if (!(await takeDownload(app.db, share))) throw gone(refusals['used-up']);
    const bytes = entry.isDir ? (await inTree(() => files.usage(at))).bytes : entry.size;
    await logAccess(app, share, visitor, 'download', path.posix.join(share.name, inside), bytes);
  }
  return sendEntry(request, reply, files, at, entry);
}

/** The dataset of an open dataset share, for renting an instance that mounts it: the share still open, the dataset ready. */
export async function datasetOfSharePass(
  db: Executor,
  secret: Buffer,
  pass: string,
  now: Date,
): Promise<{ id: number; name: string; title: string }> {
  const share = await shareOfPass(db, secret, pass);
  ensureOpen(share, now);
  const { kind, name } = parseShareSource(share.source);
  if (kind !== 'dataset') throw invalid('该分享不是数据集');
  const dataset = await readyDataset(db, share.userId, Number(name));
  if (!dataset) throw gone('文件已被删除');
  return { id: dataset.id, name: dataset.name, title: dataset.title };
}
