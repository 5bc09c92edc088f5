import type { SftpTarget } from '../../storage/index.js';
import type { ClusterAccount, HpcScheduler, JobStatus, JobSubmission, PartitionState } from '../scheduler.js';
import {
  durationSeconds,
  endedJobOf,
  fieldsOf,
  firstOf,
  gpusOfGres,
  jobStateOf,
  lastOf,
  slurmMessage,
  slurmTime,
  utcOffsetOf,
} from './slurm-output.js';
import { ownWorkDirScript } from './own-work-dir.js';
import { SshCommandRunner, type CommandResult } from './ssh-command-runner.js';

export interface SlurmSettings {
  /** The SSH account on the login node: root, or one that may `sudo -n` (useradd, mkdir, chown, chmod, python3, and commands as the job accounts). */
  login: SftpTarget;
  /** slurm.conf on the login node, when not the tools' default. */
  slurmConf: string | undefined;
  /** The controller's job completion log (JobCompType=jobcomp/filetxt, JobCompLoc), readable by the SSH account. */
  jobcompLog: string;
}

const jobId = /^\d{1,12}$/;
const queueColumns = ['%i', '%u', '%T', '%r', '%V', '%S', '%M', '%C', '%b', '%D'] as const;

/**
 * Slurm, driven with its command-line tools on the cluster's login node over SSH. Whatever a job
 * account does (sbatch, scancel) runs as that Unix account, so Slurm itself decides whose job is
 * whose; the SSH account creates the accounts and their folders.
 */
export class SlurmScheduler implements HpcScheduler {
  readonly kind = 'slurm' as const;
  private readonly runner: SshCommandRunner;
  private readonly asRoot: boolean;

  constructor(private readonly settings: SlurmSettings) {
    this.runner = new SshCommandRunner(settings.login);
    this.asRoot = settings.login.username === 'root';
  }

  async ensureAccount(account: ClusterAccount): Promise<void> {
    const { unixName, home, scratch } = account;
    const known = await this.runner.run(['id', '-u', '--', unixName]);
    if (known.code !== 0) {
      const added = await this.runner.run(
        this.admin(['useradd', '--no-create-home', '--home-dir', home, '--shell', '/bin/bash', '--user-group', unixName]),
      );
      // 9: the name exists (another call made it meanwhile).
      if (added.code !== 0 && added.code !== 9) throw new Error(failure(['useradd'], added));
    }
    await this.check(this.admin(['mkdir', '-p', '--', home, scratch]));
    await this.check(this.admin(['chown', '--no-dereference', '--', `${unixName}:`, home, scratch]));
    await this.check(this.admin(['chmod', '0700', '--', home, scratch]));
  }

  async partitions(): Promise<PartitionState[]> {
    const [partitionLines, nodeLines] = await Promise.all([
      this.check(this.slurm(['scontrol', 'show', 'partition', '-o'])),
      this.check(this.slurm(['scontrol', 'show', 'node', '-o', '-d'])),
    ]);
    const nodes = records(nodeLines).map((node) => ({
      partitions: lastOf(node, 'Partitions').split(','),
      allocatedCpus: Number(lastOf(node, 'CPUAlloc')) || 0,
      memoryMb: Number(lastOf(node, 'RealMemory')) || 0,
      gpus: gpusOfGres(lastOf(node, 'Gres')),
      usedGpus: gpusOfGres(lastOf(node, 'GresUsed')),
    }));
    return records(partitionLines).map((partition) => {
      const name = firstOf(partition, 'PartitionName');
      const members = nodes.filter((node) => node.partitions.includes(name));
      const maxTime = durationSeconds(lastOf(partition, 'MaxTime'));
      return {
        name,
        state: lastOf(partition, 'State').toLowerCase(),
        nodes: Number(lastOf(partition, 'TotalNodes')) || members.length,
        totalCpus: Number(lastOf(partition, 'TotalCPUs')) || 0,
        allocatedCpus: sum(members.map((node) => node.allocatedCpus)),
        totalGpus: sum(members.map((node) => node.gpus)),
        allocatedGpus: sum(members.map((node) => node.usedGpus)),
        maxTimeMinutes: maxTime === null ? null : Math.floor(maxTime / 60),
        memoryMbPerNode: members.length > 0 ? Math.min(...members.map((node) => node.memoryMb)) : 0,
        isDefault: lastOf(partition, 'Default') === 'YES',
      };
    });
  }

  async submit(job: JobSubmission): Promise<string> {
    const { unixName } = job.account;
    await this.check(this.admin(['python3', '-c', ownWorkDirScript, job.account.home, job.workDir, unixName]));
    // On the command line, these override any #SBATCH line of the same option in the user's script.
    const options = [
      `--job-name=${job.name}`,
      `--partition=${job.partition}`,
      `--nodes=${job.nodes}`,
      `--ntasks=${job.tasks}`,
      `--cpus-per-task=${job.cpusPerTask}`,
      ...(job.gpus > 0 ? [`--gres=gpu:${job.gpus}`] : []),
      `--mem=${job.memoryMb}M`,
      `--time=${job.timeLimitMinutes}`,
      `--chdir=${job.workDir}`,
      `--output=${job.outputPath}`,
    ];
    const script = job.script.startsWith('#!') ? job.script : `#!/bin/bash\n${job.script}`;
    const printed = await this.check(this.as(unixName, this.slurm(['sbatch', '--parsable', ...options])), script);
    const id = printed.trim().split(';')[0]!;
    if (!jobId.test(id)) throw new Error(`sbatch answered no job id: ${printed.trim()}`);
    return id;
  }

  async queue(): Promise<JobStatus[]> {
    const printed = await this.check(this.slurm(['squeue', '--noheader', '--all', `--format=${queueColumns.join('|')}`]));
    return printed
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id, unixName, slurmState, reason, submitted, started, used, cpus, gres, nodes] = line.split('|') as [
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
        ];
        const state = jobStateOf(slurmState, 'RUNNING');
        const ran = state !== 'PENDING';
        return {
          jobId: id,
          unixName,
          state,
          reason: reason === 'None' || !reason ? '' : reason,
          submittedAt: slurmTime(submitted) ?? new Date(0),
          startedAt: ran ? slurmTime(started) : null,
          endedAt: null,
          elapsedSeconds: ran ? (durationSeconds(used) ?? 0) : 0,
          allocCpus: ran ? Number(cpus) || 0 : 0,
          allocGpus: ran ? gpusOfGres(gres) * (Number(nodes) || 1) : 0,
          exitCode: null,
        };
      });
  }

  async history(jobIds: readonly string[]): Promise<JobStatus[]> {
    const wanted = [...new Set(jobIds.filter((id) => jobId.test(id)))];
    if (wanted.length === 0) return [];
    const found = new Map<string, JobStatus>();
    // The controller holds an ended job for MinJobAge (and knows its GPUs); the completion log keeps it after that.
    const held = await this.runner.run(this.slurm(['scontrol', 'show', 'job', '-o']));
    if (held.code !== 0 && !/No jobs in the system/.test(held.stdout + held.stderr)) throw new Error(failure(['scontrol'], held));
    const heldJobs = records(held.stdout);
    for (const job of heldJobs) {
      if (!wanted.includes(firstOf(job, 'JobId'))) continue;
      const status = endedJobOf(job, 'scontrol', 0);
      if (status) found.set(status.jobId, status);
    }
    const heldIds = new Set(heldJobs.map((job) => firstOf(job, 'JobId')));
    const forgotten = wanted.filter((id) => !heldIds.has(id));
    if (forgotten.length === 0) return [...found.values()];
    const logged = await this.runner.run(['grep', '-E', '-h', '--', `^JobId=(${forgotten.join('|')}) `, this.settings.jobcompLog]);
    // 1: no line matched; 2: no log yet (nothing ended).
    if (logged.code > 2) throw new Error(failure(['grep'], logged));
    if (logged.code === 0) {
      const offset = utcOffsetOf(await this.check(['date', '+%z']));
      for (const line of logged.stdout.split('\n').filter(Boolean)) {
        const status = endedJobOf(fieldsOf(line), 'jobcomp', offset);
        if (status) found.set(status.jobId, status);
      }
    }
    return [...found.values()];
  }

  async cancel(account: ClusterAccount, id: string): Promise<void> {
    if (!jobId.test(id)) throw new Error(`Invalid job id specified: ${id}`);
    const result = await this.runner.run(this.as(account.unixName, this.slurm(['scancel', '--', id])));
    const message = slurmMessage(result.stderr);
    if (/already completing or completed/i.test(message)) return;
    if (result.code !== 0 || message) throw new Error(message || failure(['scancel'], result));
  }

  async close(): Promise<void> {
    await this.runner.close();
  }

  /** A Slurm tool with the portal's environment: C locale, times as epoch seconds, the configured slurm.conf. */
  private slurm(argv: string[]): string[] {
    const conf = this.settings.slurmConf ? [`SLURM_CONF=${this.settings.slurmConf}`] : [];
    return ['env', 'LC_ALL=C', 'SLURM_TIME_FORMAT=%s', ...conf, ...argv];
  }

  /** A command as the job account, so Slurm checks that the job is theirs. */
  private as(unixName: string, argv: string[]): string[] {
    return this.asRoot ? ['runuser', '-u', unixName, '--', ...argv] : ['sudo', '-n', '-u', unixName, '--', ...argv];
  }

  private admin(argv: string[]): string[] {
    return this.asRoot ? argv : ['sudo', '-n', ...argv];
  }

  /** Runs `argv`; answers its stdout, or fails with Slurm's message when it exits non-zero. */
  private async check(argv: string[], stdin?: string): Promise<string> {
    const result = await this.runner.run(argv, { stdin });
    if (result.code !== 0) throw new Error(failure(argv, result));
    return result.stdout;
  }
}

function failure(argv: readonly string[], result: CommandResult): string {
  return (
    slurmMessage(result.stderr) || `${argv.find((word) => !word.includes('=') && word !== 'env') ?? argv[0]} exited with ${result.code}`
  );
}

function records(printed: string): Map<string, string[]>[] {
  return printed
    .split('\n')
    .filter((line) => line.trim())
    .map(fieldsOf);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
