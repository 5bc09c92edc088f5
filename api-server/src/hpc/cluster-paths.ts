import path from 'node:path';
import { invalid } from '../errors.js';
import { treePath } from '../storage/index.js';
import type { ClusterAccount } from './scheduler.js';

/** A folder or file of the user's storage on a cluster, named three ways. */
export interface ClusterPath {
  /** As the file storage pages name it: under '/' on the local cluster, under the absolute home on an SFTP one. */
  page: string;
  /** Relative to the user's file tree ('' is its root), for the storage calls. */
  tree: string;
  /** What the scheduler is told: the tree path on the local (simulated) cluster, the absolute path on the login node otherwise. */
  scheduler: string;
}

/**
 * Reads a path a page sent for a cluster whose user home is `home` ('/' for the local cluster): it must
 * lie inside that home and obey the traversal rules of the file storage (no `..`, no control
 * characters, not in the trash).
 */
export function clusterPathOf(cluster: { kind: string }, home: string, pagePath: string, label = '路径'): ClusterPath {
  const text = pagePath.length > 1 ? pagePath.replace(/\/+$/, '') : pagePath;
  const base = home.replace(/\/+$/, '');
  let relative: string;
  if (text === base || text === home) relative = '';
  else if (text.startsWith(`${base}/`)) relative = text.slice(base.length + 1);
  else throw invalid(`${label}不合法：须位于你在该集群的存储空间（${home}）之内`);
  const tree = treePath(relative, label);
  const page = tree === '' ? home : `${base}/${tree}`;
  return { page, tree, scheduler: cluster.kind === 'local' ? tree : path.posix.join(home, tree) };
}

/** The account as the cluster's scheduler is told it: on the local cluster its home and scratch are tree paths too. */
export function clusterAccountOf(
  cluster: { kind: string },
  account: { userId: number; unixName: string; home: string; scratch: string },
): ClusterAccount {
  const named = (folder: string) => (cluster.kind === 'local' ? folder.replace(/^\/+/, '') : folder);
  return { userId: account.userId, unixName: account.unixName, home: named(account.home), scratch: named(account.scratch) };
}
