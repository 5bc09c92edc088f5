import { and, eq } from 'drizzle-orm';
import { hpcAccounts, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';

/** hpc_accounts.status; 0 (未开通) is the absence of a row. */
export const HpcAccountStatus = { none: 0, reviewing: 1, open: 2, rejected: 3, failed: 4 } as const;
export const hpcAccountStatusText: Record<number, string> = { 0: '未开通', 1: '审核中', 2: '已开通', 3: '已驳回', 4: '开通失败' };

export type HpcAccount = typeof hpcAccounts.$inferSelect;

/** The Unix account name of a user on every cluster: the configured prefix and their id (hpc42). */
export const unixNameOf = (prefix: string, userId: number) => `${prefix}${userId}`;

/** The caller's open account on a cluster; refuses with the step they are at otherwise. */
export async function requireOpenAccount(db: Executor, userId: number, clusterId: number): Promise<HpcAccount> {
  const [account] = await db
    .select()
    .from(hpcAccounts)
    .where(and(eq(hpcAccounts.userId, userId), eq(hpcAccounts.clusterId, clusterId)));
  if (account?.status === HpcAccountStatus.open) return account;
  if (account?.status === HpcAccountStatus.reviewing) throw conflict('超算账号正在审核中，开通后即可提交作业');
  throw conflict('尚未开通该集群的超算账号，请先在「超算控制台」申请开通');
}
