import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcJobOutput } from '@rc/api-contract/hpc/job';
import { hpcAccounts, hpcClusters } from '../db/index.js';
import { inTree, openClusterTreeOf, readTreeText } from '../storage/index.js';
import { clusterPathOf } from './cluster-paths.js';
import { ownJob } from './job-views.js';

/** The user's job's output as the page shows it: the last 512 KB (from a whole line), and whether more is coming. */
export async function jobOutputOf(app: FastifyInstance, userId: number, id: number): Promise<HpcJobOutput> {
  const job = await ownJob(app.db, userId, id);
  const running = job.endedAt === null;
  const [placed] = await app.db
    .select({ kind: hpcClusters.kind, home: hpcAccounts.home })
    .from(hpcAccounts)
    .innerJoin(hpcClusters, eq(hpcClusters.id, hpcAccounts.clusterId))
    .where(eq(hpcAccounts.id, job.accountId));
  const none = { path: job.outputPath, running, exists: false, preview: null };
  if (!placed || job.outputPath.includes('%j')) return none;
  const output = clusterPathOf(placed, placed.home, job.outputPath, '输出文件');
  const tree = await openClusterTreeOf(app, userId, job.clusterId);
  const entry = await inTree(() => tree.fs.stat(output.tree));
  if (!entry || entry.isDir) return none;
  return { path: job.outputPath, running, exists: true, preview: await readTreeText(tree, output.tree, { tail: true }) };
}
