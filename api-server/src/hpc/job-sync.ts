import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hpcJobs, hpcPartitions } from '../db/index.js';
import { startPeriodicPass } from '../accounts/index.js';
import { enabledClusters } from '../storage/index.js';
import { endAndChargeJob } from './job-charge.js';
import type { HpcJob } from './job-views.js';
import { ensurePartitions } from './partitions.js';
import { finishedStates, type JobStatus } from './scheduler.js';

/** Why a job waits (or ended), as Slurm says it and as the user reads it. */
const waitingReasons: Record<string, string> = {
  None: '',
  Resources: '等待资源',
  Priority: '等待优先级更高的作业',
  BeginTime: '未到开始时间',
  Dependency: '等待依赖的作业',
  PartitionDown: '分区不可用',
  PartitionNodeLimit: '超出分区节点数限制',
  PartitionTimeLimit: '超出分区运行时间限制',
  ReqNodeNotAvail: '所需节点不可用',
  QOSMaxCpuPerUserLimit: '超出账号CPU数限制',
};

const reasonText = (reason: string) => waitingReasons[reason] ?? reason;

const uncharged = (clusterId: number) =>
  and(eq(hpcJobs.clusterId, clusterId), isNull(hpcJobs.chargedAt), isNotNull(hpcJobs.schedulerJobId));

/** Ends and charges one job, exactly once: on its locked row, only while it is uncharged. */
async function finishJob(app: FastifyInstance, jobId: number, status: JobStatus): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(hpcJobs)
      .where(and(eq(hpcJobs.id, jobId), isNull(hpcJobs.chargedAt)))
      .for('update');
    if (!job) return false;
    await endAndChargeJob(tx, job, status, app.clock.now());
    return true;
  });
}

async function followQueue(app: FastifyInstance, job: HpcJob, status: JobStatus): Promise<void> {
  const reason = reasonText(status.reason);
  if (job.state === status.state && job.reason === reason && job.startedAt?.getTime() === status.startedAt?.getTime()) return;
  await app.db
    .update(hpcJobs)
    .set({ state: status.state, reason, startedAt: status.startedAt, allocCpus: status.allocCpus, allocGpus: status.allocGpus })
    .where(and(eq(hpcJobs.id, job.id), isNull(hpcJobs.chargedAt)));
}

/**
 * One look at a cluster's scheduler: its queue moves the portal's active jobs along; the jobs no
 * longer queued are looked up in its history and, once ended, charged. Answers how many ended.
 */
export async function syncCluster(app: FastifyInstance, clusterId: number): Promise<number> {
  const jobs = await app.db.select().from(hpcJobs).where(uncharged(clusterId));
  if (jobs.length === 0) return 0;
  const scheduler = await app.hpc.schedulerOf(clusterId);
  const queued = new Map((await scheduler.queue()).map((status) => [status.jobId, status]));
  const ended: Array<[HpcJob, JobStatus]> = [];
  const gone: HpcJob[] = [];
  for (const job of jobs) {
    const status = queued.get(job.schedulerJobId!);
    if (!status) gone.push(job);
    else if (finishedStates.has(status.state)) ended.push([job, status]);
    else await followQueue(app, job, status);
  }
  if (gone.length > 0) {
    const history = new Map((await scheduler.history(gone.map((job) => job.schedulerJobId!))).map((status) => [status.jobId, status]));
    for (const job of gone) {
      const status = history.get(job.schedulerJobId!);
      if (status && finishedStates.has(status.state)) ended.push([job, status]);
    }
  }
  let charged = 0;
  for (const [job, status] of ended) if (await finishJob(app, job.id, { ...status, reason: reasonText(status.reason) })) charged += 1;
  return charged;
}

/** A real cluster's partitions are recorded the first time its scheduler answers (the simulated ones at start). */
async function recordFirstPartitions(app: FastifyInstance): Promise<void> {
  for (const cluster of await enabledClusters(app)) {
    if (cluster.scheduler === 'simulated') continue;
    const [known] = await app.db
      .select({ id: hpcPartitions.id })
      .from(hpcPartitions)
      .where(eq(hpcPartitions.clusterId, cluster.id))
      .limit(1);
    if (!known) await ensurePartitions(app, cluster.id, await (await app.hpc.schedulerOf(cluster.id)).partitions());
  }
}

/** One pass over every cluster with jobs not yet charged; a cluster that cannot be reached is logged and left as it is. */
export async function runJobSync(app: FastifyInstance): Promise<{ ended: number }> {
  const clusters = await app.db
    .selectDistinct({ clusterId: hpcJobs.clusterId })
    .from(hpcJobs)
    .where(and(isNull(hpcJobs.chargedAt), isNotNull(hpcJobs.schedulerJobId)));
  let ended = 0;
  for (const { clusterId } of clusters) {
    try {
      ended += await syncCluster(app, clusterId);
    } catch (error) {
      app.log.warn({ err: error, cluster: clusterId }, 'HPC job sync: the scheduler could not be read');
    }
  }
  await recordFirstPartitions(app).catch((error: unknown) => app.log.warn({ err: error }, 'HPC partitions could not be read'));
  return { ended };
}

/** Runs the job sync every `hpc.syncIntervalMs`. Returns a stop function. */
export function startJobSync(app: FastifyInstance) {
  return startPeriodicPass(app, app.hpc.settings.syncIntervalMs, 'the HPC job sync failed', () => runJobSync(app));
}
