import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HpcJobSubmitBody } from '@rc/api-contract/hpc/job';
import { payerOf } from '../billing/index.js';
import { hpcAccounts, hpcClusters, hpcJobs, users, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { estimateJob } from './job-estimate.js';
import { clusterAccountOf } from './cluster-paths.js';
import { checkSubmission, type CheckedJob } from './job-rules.js';
import { syncCluster } from './job-sync.js';
import { jobResourcesOf, ownJob, type HpcJob } from './job-views.js';
import { schedulerRefusalText } from './scheduler-refusals.js';

export const lowBalanceMessage = '账户余额不足，请先充值后再提交作业';
export const heldReason = '余额不足以支付作业最长运行时间的费用，已暂挂；充值后可释放';

export interface SubmitOutcome {
  id: number;
  state: string;
  message: string;
}

/** One money decision at a time per payer: submissions and releases queue on the payer's row. */
async function lockPayer(tx: Executor, userId: number): Promise<void> {
  await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, await payerOf(tx, userId)))
    .for('update');
}

const estimateOf = (tx: Executor, job: CheckedJob, now: Date, exceptJobId?: number) =>
  estimateJob(tx, {
    userId: job.account.userId,
    clusterId: job.cluster.id,
    partition: job.partition,
    cpus: job.cpus,
    gpus: job.body.gpus,
    timeLimitMinutes: job.body.timeLimitMinutes,
    exceptJobId,
    now,
  });

/** What a submission would cost at most, and whether the balance covers it. */
export async function estimateSubmission(app: FastifyInstance, userId: number, body: HpcJobSubmitBody) {
  return estimateOf(app.db, await checkSubmission(app, userId, body), app.clock.now());
}

/**
 * Sends a job whose row is recorded as SUBMITTING, outside any transaction: it becomes PENDING with
 * the scheduler's id (and its output file named with it), or FAILED with the scheduler's refusal in
 * the user's words, charged nothing.
 */
async function send(app: FastifyInstance, row: HpcJob, job: CheckedJob): Promise<string> {
  let schedulerJobId: string;
  try {
    const scheduler = await app.hpc.schedulerOf(job.cluster.id);
    schedulerJobId = await scheduler.submit({
      account: clusterAccountOf(job.cluster, job.account),
      name: job.body.name,
      partition: job.partition.name,
      nodes: job.body.nodes,
      tasks: job.body.tasks,
      cpusPerTask: job.body.cpusPerTask,
      gpus: job.body.gpus,
      memoryMb: job.body.memoryMb,
      timeLimitMinutes: job.body.timeLimitMinutes,
      workDir: job.workDir.scheduler,
      outputPath: job.output.scheduler,
      script: job.body.script,
    });
  } catch (error) {
    app.log.warn({ err: error, job: row.id }, 'HPC job submission refused');
    const reason = schedulerRefusalText(error);
    const now = app.clock.now();
    await app.db
      .update(hpcJobs)
      .set({ state: 'FAILED', reason, endedAt: now, elapsedSeconds: 0, coreSeconds: 0, gpuSeconds: 0, chargedAmount: 0, chargedAt: now })
      .where(eq(hpcJobs.id, row.id));
    throw conflict(`作业提交失败：${reason}`);
  }
  await app.db
    .update(hpcJobs)
    .set({ state: 'PENDING', reason: '', schedulerJobId, outputPath: row.outputPath.replaceAll('%j', schedulerJobId) })
    .where(eq(hpcJobs.id, row.id));
  return 'PENDING';
}

/**
 * Submits a job: refused at a balance of zero or less; HELD (kept, not sent) when the balance, less
 * what the user's other jobs may still cost, cannot pay its whole time limit; otherwise sent.
 */
export async function submitJob(app: FastifyInstance, userId: number, body: HpcJobSubmitBody): Promise<SubmitOutcome> {
  const job = await checkSubmission(app, userId, body);
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    await lockPayer(tx, userId);
    const estimate = await estimateOf(tx, job, now);
    if (estimate.balance <= 0) throw conflict(lowBalanceMessage);
    const [inserted] = await tx
      .insert(hpcJobs)
      .values({
        userId,
        clusterId: job.cluster.id,
        accountId: job.account.id,
        name: body.name,
        partition: job.partition.name,
        nodes: body.nodes,
        tasks: body.tasks,
        cpusPerTask: body.cpusPerTask,
        gpus: body.gpus,
        memoryMb: body.memoryMb,
        timeLimitMinutes: body.timeLimitMinutes,
        workDir: job.workDir.page,
        outputPath: job.output.page,
        script: body.script,
        state: estimate.enough ? 'SUBMITTING' : 'HELD',
        reason: estimate.enough ? '' : heldReason,
        estimatedAmount: estimate.estimatedAmount,
        submittedAt: now,
      })
      .returning();
    return inserted!;
  });
  if (row.state === 'HELD') return { id: row.id, state: 'HELD', message: heldReason };
  return { id: row.id, state: await send(app, row, job), message: '作业已提交' };
}

/** The submission a held job was made from, to check again before it is sent. */
function bodyOf(job: HpcJob): HpcJobSubmitBody {
  return {
    clusterId: job.clusterId,
    name: job.name,
    partition: job.partition,
    ...jobResourcesOf(job),
    workDir: job.workDir,
    outputFile: path.posix.basename(job.outputPath),
    script: job.script,
  };
}

const notHeld = '只有暂挂中的作业可以释放';

/** Sends a held job once the balance covers it (every rule is checked again). */
export async function releaseJob(app: FastifyInstance, userId: number, id: number): Promise<SubmitOutcome> {
  const held = await ownJob(app.db, userId, id);
  if (held.state !== 'HELD') throw conflict(notHeld);
  const job = await checkSubmission(app, userId, bodyOf(held));
  const now = app.clock.now();
  const row = await app.db.transaction(async (tx) => {
    await lockPayer(tx, userId);
    const estimate = await estimateOf(tx, job, now, id);
    if (!estimate.enough) throw conflict('余额仍不足以支付作业最长运行时间的费用，请充值后再释放');
    const [released] = await tx
      .update(hpcJobs)
      .set({ state: 'SUBMITTING', reason: '', estimatedAmount: estimate.estimatedAmount, submittedAt: now })
      .where(and(eq(hpcJobs.id, id), eq(hpcJobs.state, 'HELD')))
      .returning();
    if (!released) throw conflict(notHeld);
    return released;
  });
  return { id, state: await send(app, row, job), message: '作业已释放并提交' };
}

/** Cancels a job: a held one at once; a queued or running one through the scheduler, then reads its end. */
export async function cancelJob(app: FastifyInstance, userId: number, id: number): Promise<SubmitOutcome> {
  const job = await ownJob(app.db, userId, id);
  if (job.endedAt) throw conflict('作业已结束，无需取消');
  const now = app.clock.now();
  if (job.state === 'HELD') {
    const [cancelled] = await app.db
      .update(hpcJobs)
      .set({
        state: 'CANCELLED',
        reason: '',
        endedAt: now,
        elapsedSeconds: 0,
        coreSeconds: 0,
        gpuSeconds: 0,
        chargedAmount: 0,
        chargedAt: now,
      })
      .where(and(eq(hpcJobs.id, id), eq(hpcJobs.state, 'HELD')))
      .returning();
    if (!cancelled) throw conflict('作业状态已变化，请刷新后重试');
    return { id, state: 'CANCELLED', message: '作业已取消' };
  }
  if (!job.schedulerJobId) throw conflict('作业正在提交，请稍后再试');
  const [cluster] = await app.db.select().from(hpcClusters).where(eq(hpcClusters.id, job.clusterId));
  const [account] = await app.db.select().from(hpcAccounts).where(eq(hpcAccounts.id, job.accountId));
  try {
    await (await app.hpc.schedulerOf(job.clusterId)).cancel(clusterAccountOf(cluster!, account!), job.schedulerJobId);
  } catch (error) {
    app.log.warn({ err: error, job: id }, 'HPC job cancel refused');
    throw conflict(`取消失败：${schedulerRefusalText(error)}`);
  }
  await syncCluster(app, job.clusterId).catch((error: unknown) =>
    app.log.warn({ err: error, job: id }, 'HPC job sync after cancel failed'),
  );
  const after = await ownJob(app.db, userId, id);
  return { id, state: after.state, message: after.endedAt ? '作业已取消' : '已请求取消作业' };
}
