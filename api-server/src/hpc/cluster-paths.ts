import path from 'node:path';
import { invalid } from '../errors.js';
import { treePath } from '../storage/tree-operations.js';
import type { HpcCluster } from '../storage/clusters.js';
import type { ClusterAccount } from './scheduler.js';

/** Where a user's HPC account keeps files, as the file storage pages name them. */
export interface AccountFolders {
  home: string;
  scratch: string;
}

const within = (pagePath: string, root: string) => root === '/' || pagePath === root || pagePath.startsWith(`${root}/`);

/**
 * A path a page names on a cluster (under '/' on the local cluster, an absolute path under the home
 * on an SFTP one) as its scheduler must be told it: the path inside the user's file tree for the local
 * (simulated) cluster, the absolute path on the login node otherwise. It must lie inside the account's
 * home or scratch and obey the file storage's traversal rules; refuses anything else.
 */
export function schedulerPathOf(cluster: Pick<HpcCluster, 'kind'>, account: AccountFolders, pagePath: string): string {
  if (!pagePath.startsWith('/')) throw invalid('路径不合法');
  const clean = pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath;
  const root = [account.home, account.scratch].find((folder) => folder !== '' && within(clean, folder));
  if (root === undefined) throw invalid('路径不合法');
  if (cluster.kind === 'local') return treePath(clean.slice(1));
  const below = root === '/' ? clean.slice(1) : clean.slice(root.length + 1);
  return path.posix.join(root, treePath(below));
}

/** The account as the cluster's scheduler is told it. */
export function clusterAccountOf(
  cluster: Pick<HpcCluster, 'kind'>,
  account: AccountFolders & { userId: number; unixName: string },
): ClusterAccount {
  return {
    userId: account.userId,
    unixName: account.unixName,
    home: schedulerPathOf(cluster, account, account.home),
    scratch: schedulerPathOf(cluster, account, account.scratch),
  };
}
