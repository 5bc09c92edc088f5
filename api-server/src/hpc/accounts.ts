import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcAccountView, HpcReviewItem } from '@rc/api-contract/hpc/account';
import { type SessionUser, notify, noteUserChange } from '../accounts/index.js';
import { type Executor, hpcAccounts, hpcClusters, users } from '../db/index.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import { maskMobile } from '../lib/index.js';
import { enabledClusters, type HpcCluster, FileSystemError, userHome } from '../storage/index.js';
import { HpcAccountStatus, hpcAccountStatusText, unixNameOf, type HpcAccount } from './account-status.js';
import { clusterAccountOf } from './cluster-paths.js';

const { none, reviewing, open, rejected, failed } = HpcAccountStatus;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The caller's account on every enabled cluster, status 0 where they never applied. */
export async function accountViews(app: FastifyInstance, userId: number): Promise<HpcAccountView[]> {
  const rows = await app.db.select().from(hpcAccounts).where(eq(hpcAccounts.userId, userId));
  return (await enabledClusters(app)).map((cluster) => {
    const row = rows.find((account) => account.clusterId === cluster.id);
    const status = row?.status ?? none;
    return {
      id: row?.id ?? null,
      clusterId: cluster.id,
      clusterName: cluster.name,
      scheduler: cluster.scheduler,
      status,
      statusText: hpcAccountStatusText[status]!,
      purpose: row?.purpose ?? '',
      unixName: status === open ? row!.unixName : '',
      home: status === open ? row!.home : '',
      scratch: status === open ? row!.scratch : '',
      reason: row?.reason ?? '',
      appliedAt: iso(row?.appliedAt ?? null),
      openedAt: iso(row?.openedAt ?? null),
    };
  });
}

/**
 * users.chaosuanStatus follows the user's accounts: 2 when one is open, else 1 while one is under
 * review, else 0.
 */
export async function syncChaosuanStatus(tx: Executor, userId: number): Promise<void> {
  const rows = await tx.select({ status: hpcAccounts.status }).from(hpcAccounts).where(eq(hpcAccounts.userId, userId));
  const statuses = rows.map((row) => row.status);
  const chaosuanStatus = statuses.includes(open) ? 2 : statuses.includes(reviewing) ? 1 : 0;
  await tx.update(users).set({ chaosuanStatus }).where(eq(users.id, userId));
  noteUserChange(userId, 'account');
}

async function enabledCluster(db: Executor, clusterId: number): Promise<HpcCluster> {
  const [cluster] = await db.select().from(hpcClusters).where(eq(hpcClusters.id, clusterId));
  if (!cluster?.enabled) throw notFound('集群不存在或已停用');
  return cluster;
}

/** 申请开通: a first application, or a new one after a rejection or a failed opening (the same row, back under review). */
export async function applyForAccount(app: FastifyInstance, userId: number, clusterId: number, purposeText: string): Promise<void> {
  const purpose = purposeText.trim();
  if (purpose.length < 2) throw invalid('请填写用途说明（至少2个字）');
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await enabledCluster(tx, clusterId);
    const [known] = await tx
      .select()
      .from(hpcAccounts)
      .where(and(eq(hpcAccounts.userId, userId), eq(hpcAccounts.clusterId, clusterId)))
      .for('update');
    const application = { status: reviewing, purpose, appliedAt: now, reason: '', reviewerId: null, reviewedAt: null };
    if (!known) {
      const unixName = unixNameOf(app.hpc.settings.accountPrefix, userId);
      const inserted = await tx
        .insert(hpcAccounts)
        .values({ userId, clusterId, unixName, ...application })
        .onConflictDoNothing()
        .returning({ id: hpcAccounts.id });
      if (inserted.length === 0) throw conflict('开通申请正在审核中');
    } else if (known.status === reviewing) throw conflict('开通申请正在审核中');
    else if (known.status === open) throw conflict('已开通该集群的超算账号');
    else await tx.update(hpcAccounts).set(application).where(eq(hpcAccounts.id, known.id));
    await syncChaosuanStatus(tx, userId);
  });
}

/** Operator: a page of applications in one status (审核中 by default), oldest first. */
export async function reviewPage(
  db: Executor,
  status: number,
  limit: number,
  offset: number,
): Promise<{ list: HpcReviewItem[]; total: number }> {
  const rows = await db
    .select({ account: hpcAccounts, nickname: users.nickname, mobile: users.mobile, clusterName: hpcClusters.name })
    .from(hpcAccounts)
    .innerJoin(users, eq(users.id, hpcAccounts.userId))
    .innerJoin(hpcClusters, eq(hpcClusters.id, hpcAccounts.clusterId))
    .where(eq(hpcAccounts.status, status))
    .orderBy(asc(hpcAccounts.appliedAt), asc(hpcAccounts.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(hpcAccounts).where(eq(hpcAccounts.status, status));
  const list = rows.map(({ account, nickname, mobile, clusterName }) => ({
    id: account.id,
    userId: account.userId,
    nickname,
    mobile: maskMobile(mobile),
    clusterId: account.clusterId,
    clusterName,
    status: account.status,
    statusText: hpcAccountStatusText[account.status]!,
    purpose: account.purpose,
    unixName: account.unixName,
    reason: account.reason,
    appliedAt: account.appliedAt.toISOString(),
    reviewedAt: iso(account.reviewedAt),
  }));
  return { list, total: total?.n ?? 0 };
}

/** Where an account keeps its files, as the file storage pages name them: the local cluster's root and /scratch, or the SFTP home and the configured scratch. */
export function accountFoldersOf(
  cluster: HpcCluster,
  userId: number,
  unixName: string,
  scratchTemplate: string,
): { home: string; scratch: string } {
  if (cluster.kind === 'local') return { home: '/', scratch: '/scratch' };
  return { home: userHome(cluster, userId), scratch: scratchTemplate.replaceAll('{account}', unixName) };
}

async function applicationFor(tx: Executor, id: number, statuses: number[]): Promise<HpcAccount | null> {
  const [account] = await tx.select().from(hpcAccounts).where(eq(hpcAccounts.id, id)).for('update');
  if (!account) throw notFound('申请不存在');
  if (account.status === open) return null;
  if (!statuses.includes(account.status)) throw conflict('该申请不在审核中');
  return account;
}

/** Why a cluster refused to create the account, as it said it (for the operator, who may retry or fix the cluster). */
function refusalText(error: unknown): string {
  const said =
    error instanceof FileSystemError
      ? `无法创建目录「${error.path || '/'}」（${error.problem}）`
      : error instanceof Error
        ? error.message
        : String(error);
  return `集群创建账号失败：${said}`.slice(0, 280);
}

/**
 * 通过: creates the account on the cluster (outside any transaction: it may take a while over SSH),
 * then records it open and tells the user. When the cluster refuses, the application is 开通失败 with
 * the reason and the operator may approve it again. Approving an open account changes nothing.
 */
export async function approveAccount(app: FastifyInstance, reviewer: SessionUser, id: number): Promise<void> {
  const prepared = await app.db.transaction(async (tx) => {
    const account = await applicationFor(tx, id, [reviewing, failed]);
    if (!account) return null;
    const cluster = await enabledCluster(tx, account.clusterId);
    const folders = accountFoldersOf(cluster, account.userId, account.unixName, app.hpc.settings.scratchTemplate);
    await tx.update(hpcAccounts).set(folders).where(eq(hpcAccounts.id, id));
    return { cluster, account: { ...account, ...folders } };
  });
  if (!prepared) return;
  const { cluster, account } = prepared;
  const refusal = await (
    await app.hpc.schedulerOf(cluster.id)
  )
    .ensureAccount(clusterAccountOf(cluster, account))
    .then(() => null)
    .catch((error: unknown) => {
      app.log.warn({ err: error, cluster: cluster.id, account: account.unixName }, 'HPC account not created');
      return refusalText(error);
    });
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    if (!(await applicationFor(tx, id, [reviewing, failed]))) return;
    const reviewed = { reviewerId: reviewer.id, reviewedAt: now };
    if (refusal) {
      await tx
        .update(hpcAccounts)
        .set({ ...reviewed, status: failed, reason: refusal })
        .where(eq(hpcAccounts.id, id));
    } else {
      await tx
        .update(hpcAccounts)
        .set({ ...reviewed, status: open, reason: '', openedAt: now })
        .where(eq(hpcAccounts.id, id));
      await notify(
        tx,
        account.userId,
        '超算账号已开通',
        `您在「${cluster.name}」的超算账号 ${account.unixName} 已开通，家目录 ${account.home}，临时目录 ${account.scratch}，现在可以提交作业了。`,
        now,
      );
    }
    await syncChaosuanStatus(tx, account.userId);
  });
  if (refusal) throw new AppError(502, `${refusal}，可稍后重新审核通过`);
}

/** 驳回 with the reason the user sees; they may apply again. */
export async function rejectAccount(app: FastifyInstance, reviewer: SessionUser, id: number, reasonText: string): Promise<void> {
  const reason = reasonText.trim();
  if (reason.length < 2) throw invalid('请填写驳回原因');
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    const account = await applicationFor(tx, id, [reviewing, failed]);
    if (!account) throw conflict('该账号已开通，不能驳回');
    await tx.update(hpcAccounts).set({ status: rejected, reason, reviewerId: reviewer.id, reviewedAt: now }).where(eq(hpcAccounts.id, id));
    const [cluster] = await tx.select({ name: hpcClusters.name }).from(hpcClusters).where(eq(hpcClusters.id, account.clusterId));
    await notify(tx, account.userId, '超算开通申请未通过', `您在「${cluster?.name ?? ''}」的超算账号开通申请未通过：${reason}`, now);
    await syncChaosuanStatus(tx, account.userId);
  });
}
