import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcJobSubmitBody } from '@rc/api-contract/hpc/job';
import { hpcClusters, hpcPartitions } from '../db/index.js';
import { invalid, notFound } from '../errors.js';
import { clusterHome, openClusterTreeOf, type HpcCluster, inTree } from '../storage/index.js';
import { checkFileName } from '../lib/index.js';
import { requireOpenAccount, type HpcAccount } from './account-status.js';
import { clusterPathOf, type ClusterPath } from './cluster-paths.js';

export type HpcPartition = typeof hpcPartitions.$inferSelect;

/** A submission every rule accepted: the account it runs as, its partition and its paths. */
export interface CheckedJob {
  body: HpcJobSubmitBody;
  cluster: HpcCluster;
  account: HpcAccount;
  partition: HpcPartition;
  cpus: number;
  workDir: ClusterPath;
  /** The output file; its names still hold `%j` until the scheduler gives the job id. */
  output: ClusterPath;
}

function checkLimits(body: HpcJobSubmitBody, p: HpcPartition): number {
  const cpus = body.tasks * body.cpusPerTask;
  if (body.nodes > p.maxNodes) throw invalid(`节点数不能超过${p.maxNodes}（分区「${p.name}」的上限）`);
  if (cpus > p.maxCpusPerJob)
    throw invalid(`CPU总数（任务数×每任务CPU数）为${cpus}，不能超过${p.maxCpusPerJob}（分区「${p.name}」的上限）`);
  if (cpus < body.nodes) throw invalid('CPU总数（任务数×每任务CPU数）不能少于节点数');
  if (body.gpus > 0 && p.maxGpusPerJob === 0) throw invalid(`分区「${p.name}」没有GPU，请选择GPU分区或将GPU数设为0`);
  if (body.gpus > p.maxGpusPerJob) throw invalid(`GPU数不能超过${p.maxGpusPerJob}（分区「${p.name}」的上限）`);
  if (body.memoryMb > p.maxMemoryMbPerJob) throw invalid(`内存不能超过${p.maxMemoryMbPerJob} MB（分区「${p.name}」的上限）`);
  if (body.timeLimitMinutes > p.maxTimeMinutes) throw invalid(`最长运行时间不能超过${p.maxTimeMinutes}分钟（分区「${p.name}」的上限）`);
  return cpus;
}

function checkOutputFile(name: string): string {
  checkFileName(name, '输出文件名');
  if (/%(?!j)/.test(name)) throw invalid('输出文件名中只能使用 %j（作业号）');
  return name;
}

/**
 * Checks a submission against the caller's account and the partition's limits, and its folder
 * against their storage on the cluster (inside it, and an existing folder), before anything is sent.
 */
export async function checkSubmission(app: FastifyInstance, userId: number, body: HpcJobSubmitBody): Promise<CheckedJob> {
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, body.clusterId));
  if (!cluster?.enabled) throw notFound('集群不存在或已停用');
  const account = await requireOpenAccount(app.db, userId, cluster.id);
  const [partition] = await app.db
    .select()
    .from(hpcPartitions)
    .where(and(eq(hpcPartitions.clusterId, cluster.id), eq(hpcPartitions.name, body.partition), eq(hpcPartitions.enabled, true)));
  if (!partition) throw invalid('分区不存在');
  const cpus = checkLimits(body, partition);
  const outputFile = checkOutputFile(body.outputFile);

  const home = await clusterHome(app, cluster.id, userId);
  const workDir = clusterPathOf(cluster, home, body.workDir, '工作目录');
  const tree = await openClusterTreeOf(app, userId, cluster.id);
  const folder = await inTree(() => tree.fs.stat(workDir.tree));
  if (!folder) throw invalid(`工作目录「${workDir.page}」不存在，请先在文件存储中创建`);
  if (!folder.isDir) throw invalid(`工作目录「${workDir.page}」不是文件夹`);
  const output = clusterPathOf(cluster, home, `${workDir.page.replace(/\/$/, '')}/${outputFile}`, '输出文件');
  return { body, cluster, account, partition, cpus, workDir, output };
}
