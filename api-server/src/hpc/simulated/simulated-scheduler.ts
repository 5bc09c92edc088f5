import { Readable } from 'node:stream';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.js';
import { type Database, hpcClusters, hpcSimulatedJobs } from '../../db/index.js';
import type { FileSystem } from '../../storage/index.js';
import type { ClusterAccount, HpcScheduler, JobState, JobStatus, JobSubmission, PartitionState } from '../scheduler.js';
import { simulateScript } from './script-simulation.js';
import { simulatedPartitions, type SimulatedPartition } from './simulated-cluster.js';

type SimulatedJob = typeof hpcSimulatedJobs.$inferSelect;

/** Like Slurm's scheduling cycle: a job that fits waits this long before it starts, so PENDING is seen on the clock. */
const schedulingDelayMs = 10_000;
const activeStates = ['PENDING', 'RUNNING'];
/** A simulated `cat` copies at most this much of a file into the output. */
const catLimitBytes = 1024 * 1024;

/**
 * The embedded default: a batch cluster that runs nothing, queues jobs by the capacity of its
 * partitions (strict first come, first served per partition) and ends them at the times their scripts
 * describe (see script-simulation.ts), writing their output into the user's file tree. Its queue is a
 * table, so jobs survive a restart; time is the app clock, so tests move it by hand.
 */
export class SimulatedScheduler implements HpcScheduler {
  readonly kind = 'simulated' as const;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly clusterId: number,
    /** The file tree a user's job reads its inputs from and writes its output to. */
    private readonly filesOf: (userId: number) => Promise<FileSystem>,
    private readonly partitionsOfCluster: readonly SimulatedPartition[] = simulatedPartitions,
  ) {}

  async ensureAccount(account: ClusterAccount): Promise<void> {
    const files = await this.filesOf(account.userId);
    await files.mkdir(account.home);
    await files.mkdir(account.scratch);
  }

  async partitions(): Promise<PartitionState[]> {
    const running = await this.advance();
    return this.partitionsOfCluster.map((p) => {
      const used = running.filter((job) => job.partition === p.name);
      return {
        name: p.name,
        state: 'up',
        nodes: p.nodes,
        totalCpus: p.nodes * p.cpusPerNode,
        allocatedCpus: used.reduce((sum, job) => sum + job.cpus, 0),
        totalGpus: p.nodes * p.gpusPerNode,
        allocatedGpus: used.reduce((sum, job) => sum + job.gpus, 0),
        maxTimeMinutes: p.maxTimeMinutes,
        memoryMbPerNode: p.memoryMbPerNode,
        isDefault: p.isDefault,
      };
    });
  }

  async submit(job: JobSubmission): Promise<string> {
    const partition = this.partitionsOfCluster.find((p) => p.name === job.partition);
    if (!partition) throw new Error(`invalid partition specified: ${job.partition}`);
    const cpus = job.tasks * job.cpusPerTask;
    if (cpus > partition.nodes * partition.cpusPerNode || job.gpus > partition.nodes * partition.gpusPerNode)
      throw new Error('Requested node configuration is not available');
    const plan = simulateScript(job.script);
    const [row] = await this.db
      .insert(hpcSimulatedJobs)
      .values({
        clusterId: this.clusterId,
        userId: job.account.userId,
        unixName: job.account.unixName,
        name: job.name,
        partition: job.partition,
        cpus,
        gpus: job.gpus,
        timeLimitSeconds: job.timeLimitMinutes * 60,
        runSeconds: plan.runSeconds,
        exitCode: plan.exitCode,
        workDir: job.workDir,
        outputPath: job.outputPath,
        script: job.script,
        state: 'PENDING',
        submittedAt: this.clock.now(),
      })
      .returning({ id: hpcSimulatedJobs.id });
    return String(row!.id);
  }

  async queue(): Promise<JobStatus[]> {
    await this.advance();
    const rows = await this.db
      .select()
      .from(hpcSimulatedJobs)
      .where(and(eq(hpcSimulatedJobs.clusterId, this.clusterId), inArray(hpcSimulatedJobs.state, activeStates)))
      .orderBy(asc(hpcSimulatedJobs.id));
    return rows.map((row) => this.statusOf(row));
  }

  async history(jobIds: readonly string[]): Promise<JobStatus[]> {
    await this.advance();
    const ids = jobIds.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
    if (ids.length === 0) return [];
    const rows = await this.db
      .select()
      .from(hpcSimulatedJobs)
      .where(
        and(
          eq(hpcSimulatedJobs.clusterId, this.clusterId),
          inArray(hpcSimulatedJobs.id, ids),
          sql`${hpcSimulatedJobs.state} not in ('PENDING', 'RUNNING')`,
        ),
      );
    return rows.map((row) => this.statusOf(row));
  }

  async cancel(account: ClusterAccount, jobId: string): Promise<void> {
    await this.advance();
    if (!/^\d{1,9}$/.test(jobId)) throw new Error(`Invalid job id specified: ${jobId}`);
    const now = this.clock.now();
    const ended = await this.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(hpcSimulatedJobs)
        .where(and(eq(hpcSimulatedJobs.clusterId, this.clusterId), eq(hpcSimulatedJobs.id, Number(jobId))))
        .for('update');
      if (!job) throw new Error(`Invalid job id specified: ${jobId}`);
      if (job.unixName !== account.unixName) throw new Error(`Access/permission denied for job ${jobId}`);
      if (!activeStates.includes(job.state)) return null;
      await tx.update(hpcSimulatedJobs).set({ state: 'CANCELLED', endedAt: now }).where(eq(hpcSimulatedJobs.id, job.id));
      return { ...job, state: 'CANCELLED', endedAt: now };
    });
    // Written after the transaction: opening the user's file tree reads the database, which a single-connection PGlite holds until then.
    if (ended?.startedAt) await this.writeOutput(ended, 'CANCELLED');
  }

  async close(): Promise<void> {}

  /**
   * Plays the cluster forward to now: in time order, running jobs end (at start + their run time, or
   * their time limit) and pending jobs start as soon as their partition has room, oldest first.
   * Answers the jobs running now. One pass at a time per cluster (a row lock on the cluster).
   */
  private async advance(): Promise<SimulatedJob[]> {
    const now = this.clock.now().getTime();
    const { ended, running } = await this.db.transaction(async (tx) => {
      await tx.select({ id: hpcClusters.id }).from(hpcClusters).where(eq(hpcClusters.id, this.clusterId)).for('update');
      const active = await tx
        .select()
        .from(hpcSimulatedJobs)
        .where(and(eq(hpcSimulatedJobs.clusterId, this.clusterId), inArray(hpcSimulatedJobs.state, activeStates)))
        .orderBy(asc(hpcSimulatedJobs.id));
      const changed = this.play(active, now);
      for (const job of changed)
        await tx
          .update(hpcSimulatedJobs)
          .set({ state: job.state, startedAt: job.startedAt, endedAt: job.endedAt })
          .where(eq(hpcSimulatedJobs.id, job.id));
      return { ended: changed.filter((job) => job.endedAt), running: active.filter((job) => job.state === 'RUNNING') };
    });
    for (const job of ended) if (job.startedAt) await this.writeOutput(job, job.state as JobState);
    return running;
  }

  /** Moves `active` (mutated in place) through every start and end up to `now`; answers the jobs that changed. */
  private play(active: SimulatedJob[], now: number): SimulatedJob[] {
    const changed = new Set<SimulatedJob>();
    const endOf = (job: SimulatedJob) => job.startedAt!.getTime() + Math.min(job.runSeconds, job.timeLimitSeconds) * 1000;
    let at = Math.min(now, ...active.map((job) => job.submittedAt.getTime() + schedulingDelayMs));
    for (;;) {
      for (const partition of this.partitionsOfCluster) {
        const inPartition = active.filter((job) => job.partition === partition.name);
        let freeCpus = partition.nodes * partition.cpusPerNode;
        let freeGpus = partition.nodes * partition.gpusPerNode;
        for (const job of inPartition.filter((j) => j.state === 'RUNNING')) {
          freeCpus -= job.cpus;
          freeGpus -= job.gpus;
        }
        for (const job of inPartition.filter((j) => j.state === 'PENDING')) {
          const startAt = Math.max(at, job.submittedAt.getTime() + schedulingDelayMs);
          if (startAt > at || job.cpus > freeCpus || job.gpus > freeGpus) break;
          job.state = 'RUNNING';
          job.startedAt = new Date(startAt);
          freeCpus -= job.cpus;
          freeGpus -= job.gpus;
          changed.add(job);
        }
      }
      const running = active.filter((job) => job.state === 'RUNNING');
      const waiting = active.filter((job) => job.state === 'PENDING').map((job) => job.submittedAt.getTime() + schedulingDelayMs);
      const next = Math.min(...running.map(endOf), ...waiting.filter((t) => t > at));
      if (!Number.isFinite(next) || next > now) return [...changed];
      at = next;
      for (const job of running.filter((j) => endOf(j) === at)) {
        job.state = job.runSeconds > job.timeLimitSeconds ? 'TIMEOUT' : job.exitCode === 0 ? 'COMPLETED' : 'FAILED';
        job.endedAt = new Date(at);
        changed.add(job);
        active.splice(active.indexOf(job), 1);
      }
    }
  }

  private statusOf(job: SimulatedJob): JobStatus {
    const now = this.clock.now().getTime();
    const end = job.endedAt?.getTime() ?? now;
    const ran = job.startedAt !== null;
    return {
      jobId: String(job.id),
      unixName: job.unixName,
      state: job.state as JobState,
      reason: job.state === 'PENDING' ? this.pendingReason(job) : '',
      submittedAt: job.submittedAt,
      startedAt: job.startedAt,
      endedAt: job.endedAt,
      elapsedSeconds: ran ? Math.max(0, Math.floor((end - job.startedAt!.getTime()) / 1000)) : 0,
      allocCpus: ran ? job.cpus : 0,
      allocGpus: ran ? job.gpus : 0,
      exitCode: job.state === 'COMPLETED' || job.state === 'FAILED' ? job.exitCode : null,
    };
  }

  private pendingReason(job: SimulatedJob): string {
    return this.clock.now().getTime() < job.submittedAt.getTime() + schedulingDelayMs ? 'None' : 'Resources';
  }

  /** What the job printed, as a simulated run: its echo lines and the files it cat-ed, then how it ended. */
  private async writeOutput(job: SimulatedJob, state: JobState): Promise<void> {
    const files = await this.filesOf(job.userId);
    const plan = simulateScript(job.script);
    const lines: string[] = [];
    for (const step of plan.output) {
      if (step.kind === 'text') lines.push(step.text);
      else {
        const path = [job.workDir, step.path].filter(Boolean).join('/');
        const stream = await files.read(path, { start: 0, end: catLimitBytes }).catch(() => null);
        if (!stream) lines.push(`cat: ${step.path}: No such file or directory`);
        else lines.push((await streamText(stream)).replace(/\n$/, ''));
      }
    }
    if (state === 'TIMEOUT') lines.push(`slurmstepd: error: *** JOB ${job.id} CANCELLED DUE TO TIME LIMIT ***`);
    if (state === 'CANCELLED') lines.push(`slurmstepd: error: *** JOB ${job.id} CANCELLED ***`);
    const text = lines.length > 0 ? `${lines.join('\n')}\n` : '';
    await files.write(job.outputPath.replaceAll('%j', String(job.id)), Readable.from([Buffer.from(text)]));
  }
}

async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
