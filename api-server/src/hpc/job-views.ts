import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { HpcJobDetail, HpcJobListBody, HpcJobView } from '@rc/api-contract/hpc/job';
import { hpcClusters, hpcJobs, type Executor } from '../db/index.js';
import { notFound } from '../errors.js';

export type HpcJob = typeof hpcJobs.$inferSelect;

export const jobStateText: Record<string, string> = {
  HELD: '暂挂',
  SUBMITTING: '提交中',
  PENDING: '排队中',
  RUNNING: '运行中',
  COMPLETING: '完成中',
  COMPLETED: '已完成',
  FAILED: '失败',
  CANCELLED: '已取消',
  TIMEOUT: '超时',
  OUT_OF_MEMORY: '内存不足',
  NODE_FAIL: '节点故障',
};

/** States the user may cancel from (a job being sent has no scheduler id yet). */
const cancellable = new Set(['HELD', 'PENDING', 'RUNNING', 'COMPLETING']);

/** The user's job or 「作业不存在」, whoever else's it is. */
export async function ownJob(db: Executor, userId: number, id: number): Promise<HpcJob> {
  const [job] = await db
    .select()
    .from(hpcJobs)
    .where(and(eq(hpcJobs.id, id), eq(hpcJobs.userId, userId)));
  if (!job) throw notFound('作业不存在');
  return job;
}

function elapsedOf(job: HpcJob, now: Date): number {
  if (job.elapsedSeconds !== null) return job.elapsedSeconds;
  if (!job.startedAt) return 0;
  return Math.max(0, Math.floor((now.getTime() - job.startedAt.getTime()) / 1000));
}

/** The resources a job asked for, as the submit form and the pages name them. */
export const jobResourcesOf = (job: HpcJob) => ({
  nodes: job.nodes,
  tasks: job.tasks,
  cpusPerTask: job.cpusPerTask,
  gpus: job.gpus,
  memoryMb: job.memoryMb,
  timeLimitMinutes: job.timeLimitMinutes,
});

export function jobViewOf(job: HpcJob, clusterName: string, now: Date): HpcJobView {
  const running = job.endedAt === null;
  return {
    id: job.id,
    clusterId: job.clusterId,
    clusterName,
    schedulerJobId: job.schedulerJobId,
    name: job.name,
    partition: job.partition,
    ...jobResourcesOf(job),
    workDir: job.workDir,
    outputPath: job.outputPath,
    state: job.state,
    stateText: jobStateText[job.state] ?? job.state,
    reason: job.reason,
    exitCode: job.exitCode,
    submittedAt: job.submittedAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    endedAt: job.endedAt?.toISOString() ?? null,
    elapsedSeconds: elapsedOf(job, now),
    allocCpus: job.allocCpus ?? 0,
    allocGpus: job.allocGpus ?? 0,
    coreSeconds: job.coreSeconds ?? 0,
    gpuSeconds: job.gpuSeconds ?? 0,
    packageCoreSeconds: job.packageCoreSeconds ?? 0,
    chargedAmount: job.chargedAmount ?? 0,
    estimatedAmount: job.estimatedAmount,
    canCancel: running && cancellable.has(job.state),
    canRelease: running && job.state === 'HELD',
  };
}

/** Jobs as the pages show them (`where` picks them, e.g. a user's active jobs: `and(eq(hpcJobs.userId, id), activeJobs)`), newest first. */
export async function jobViewsOf(
  db: Executor,
  now: Date,
  where: SQL | undefined,
  window: { limit: number; offset: number } = { limit: 100, offset: 0 },
): Promise<HpcJobView[]> {
  const rows = await db
    .select({ job: hpcJobs, clusterName: hpcClusters.name })
    .from(hpcJobs)
    .innerJoin(hpcClusters, eq(hpcClusters.id, hpcJobs.clusterId))
    .where(where)
    .orderBy(desc(hpcJobs.endedAt), desc(hpcJobs.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => jobViewOf(row.job, row.clusterName, now));
}

/** Held, being sent, queued or running: not ended yet. */
export const activeJobs = isNull(hpcJobs.endedAt);
export const endedJobs = isNotNull(hpcJobs.endedAt);

export async function pageOfJobs(db: Executor, userId: number, body: HpcJobListBody, window: { limit: number; offset: number }, now: Date) {
  const where = and(
    eq(hpcJobs.userId, userId),
    body.scope === 'active' ? activeJobs : endedJobs,
    body.clusterId === undefined ? undefined : eq(hpcJobs.clusterId, body.clusterId),
  );
  const [total] = await db.select({ n: count() }).from(hpcJobs).where(where);
  return { list: await jobViewsOf(db, now, where, window), total: total?.n ?? 0 };
}

export async function jobDetailOf(db: Executor, userId: number, id: number, now: Date): Promise<HpcJobDetail> {
  const job = await ownJob(db, userId, id);
  const [cluster] = await db.select({ name: hpcClusters.name }).from(hpcClusters).where(eq(hpcClusters.id, job.clusterId));
  return { ...jobViewOf(job, cluster?.name ?? '', now), script: job.script };
}
