import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { enabledClusters, openClusterTreeOf } from '../storage/clusters.js';
import { startSlurmCluster } from '../test-support/slurm-cluster.js';
import { createTestApp } from '../test-support/test-app.js';
import type { ClusterAccount, HpcScheduler, JobStatus, JobSubmission } from './scheduler.js';
import { SlurmScheduler } from './slurm/slurm-scheduler.js';

/** One scheduler and what the suite needs around it: two accounts, their files, and a way to let time pass. */
interface Harness {
  scheduler: HpcScheduler;
  owner: ClusterAccount;
  other: ClusterAccount;
  /** A path under the account's home, as the scheduler names it. */
  pathOf(account: ClusterAccount, ...names: string[]): string;
  makeDir(account: ClusterAccount, dir: string): Promise<void>;
  write(account: ClusterAccount, file: string, text: string): Promise<void>;
  read(account: ClusterAccount, file: string): Promise<string>;
  /** The time by the scheduler's clock, in ms. */
  now(): number;
  /** Lets time pass until `found` answers something; fails past a generous bound. */
  eventually<T>(what: string, found: () => Promise<T | undefined>): Promise<T>;
  /** A partition of one node whose CPUs a single job can take, and how many it has. */
  small: { partition: string; cpus: number };
  close(): Promise<void>;
}

async function simulatedHarness(): Promise<Harness> {
  const t = await createTestApp();
  const clusterId = (await enabledClusters(t.app)).find((c) => c.kind === 'local')!.id;
  const accountOf = async (): Promise<ClusterAccount> => {
    const user = await userWithBalance(t.app, 0);
    return { userId: user.id, unixName: `hpc${user.id}`, home: `home${user.id}`, scratch: `scratch${user.id}` };
  };
  const treeOf = async (account: ClusterAccount) => (await openClusterTreeOf(t.app, account.userId, clusterId)).fs;
  return {
    scheduler: await t.app.hpc.schedulerOf(clusterId),
    owner: await accountOf(),
    other: await accountOf(),
    pathOf: (account, ...names) => [account.home, ...names].join('/'),
    makeDir: async (account, dir) => {
      await (await treeOf(account)).mkdir(dir);
    },
    write: async (account, file, text) => {
      await (await treeOf(account)).write(file, Readable.from([Buffer.from(text)]));
    },
    async read(account, file) {
      const chunks: Buffer[] = [];
      for await (const chunk of await (await treeOf(account)).read(file)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString();
    },
    now: () => t.clock.now().getTime(),
    async eventually(what, found) {
      for (let second = 0; second < 3600; second++) {
        const answer = await found();
        if (answer !== undefined) return answer;
        t.clock.advance(1000);
      }
      throw new Error(`${what}: not within an hour of the app clock`);
    },
    small: { partition: 'debug', cpus: 16 },
    close: () => t.close(),
  };
}

async function slurmHarness(): Promise<Harness> {
  const cluster = await startSlurmCluster();
  const accountOf = (suffix: string): ClusterAccount => {
    const unixName = `t${process.pid}${suffix}`;
    return { userId: 0, unixName, home: path.join(cluster.homes, unixName), scratch: path.join(cluster.dir, 'scratch', unixName) };
  };
  const accounts = [accountOf('a'), accountOf('b')];
  const scheduler = new SlurmScheduler({ login: cluster.login.target, slurmConf: cluster.slurmConf, jobcompLog: cluster.jobcompLog });
  return {
    scheduler,
    owner: accounts[0]!,
    other: accounts[1]!,
    pathOf: (account, ...names) => path.join(account.home, ...names),
    makeDir: async (_account, dir) => void fs.mkdirSync(dir, { recursive: true }),
    write: async (_account, file, text) => fs.writeFileSync(file, text),
    read: async (_account, file) => fs.readFileSync(file, 'utf8'),
    now: () => Date.now(),
    async eventually(what, found) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await found();
        if (answer !== undefined) return answer;
        if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    small: { partition: 'cpu', cpus: 4 },
    async close() {
      await scheduler.close();
      for (const { unixName } of accounts) {
        if (execFileSync('getent', ['passwd', unixName]).length > 0) execFileSync('userdel', ['-r', unixName], { stdio: 'ignore' });
      }
      await cluster.stop();
    },
  };
}

const harnesses = { simulated: simulatedHarness, slurm: slurmHarness };

for (const [kind, start] of Object.entries(harnesses)) {
  describe(`the ${kind} scheduler keeps the scheduler contract`, { timeout: 120_000 }, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await start();
      await h.scheduler.ensureAccount(h.owner);
      await h.scheduler.ensureAccount(h.other);
    }, 120_000);
    afterAll(() => h?.close());

    const job = (over: Partial<JobSubmission> = {}): JobSubmission => ({
      account: h.owner,
      name: 'contract',
      partition: 'cpu',
      nodes: 1,
      tasks: 1,
      cpusPerTask: 1,
      gpus: 0,
      memoryMb: 100,
      timeLimitMinutes: 10,
      workDir: h.pathOf(h.owner),
      outputPath: h.pathOf(h.owner, 'slurm-%j.out'),
      script: 'sleep 1\n',
      ...over,
    });
    const inQueue = async (id: string) => (await h.scheduler.queue()).find((j) => j.jobId === id);
    const ended = async (id: string) => (await h.scheduler.history([id]))[0];
    const whenQueued = (id: string, ready: (status: JobStatus) => boolean) =>
      h.eventually(`job ${id} in the queue`, async () => {
        const status = await inQueue(id);
        return status && ready(status) ? status : undefined;
      });
    const whenEnded = (id: string) => h.eventually(`job ${id} ended`, () => ended(id));
    const running = (status: JobStatus) => status.state === 'RUNNING';

    it('reports its partitions: one default, CPUs, GPUs on the gpu partition, limits and memory', async () => {
      const partitions = await h.scheduler.partitions();
      expect(partitions.filter((p) => p.isDefault).map((p) => p.name)).toEqual(['cpu']);
      const gpu = partitions.find((p) => p.name === 'gpu')!;
      expect(gpu.totalGpus).toBeGreaterThan(0);
      expect(gpu.maxTimeMinutes).toBeGreaterThan(0);
      for (const p of partitions) {
        expect(p).toMatchObject({ state: 'up', allocatedCpus: 0, allocatedGpus: 0 });
        expect(p.nodes).toBeGreaterThan(0);
        expect(p.totalCpus).toBeGreaterThan(0);
        expect(p.memoryMbPerNode).toBeGreaterThan(0);
      }
    });

    it('creates an account once: ensuring it again changes nothing', async () => {
      await h.scheduler.ensureAccount(h.owner);
      await h.write(h.owner, h.pathOf(h.owner, 'kept.txt'), 'kept\n');
      await h.scheduler.ensureAccount(h.owner);
      expect(await h.read(h.owner, h.pathOf(h.owner, 'kept.txt'))).toBe('kept\n');
    });

    it('runs a job: queued, then running on its CPUs, then completed with its exit code, elapsed time and output', async () => {
      await h.write(h.owner, h.pathOf(h.owner, 'input.txt'), '第一行\n');
      // The job ends only once the test has seen it running (and asks nothing of the scheduler's speed meanwhile): a
      // job of a few seconds could end between two looks at a loaded machine's queue, and never be seen running.
      const script = 'echo 开始\ncat input.txt\nsleep 3\nuntil [ -e seen-running ]; do sleep 0.2; done\necho "done"\n';
      const submittedAt = h.now();
      const id = await h.scheduler.submit(job({ cpusPerTask: 2, script }));
      expect(id).toMatch(/^\d+$/);
      const queued = (await inQueue(id))!;
      expect(queued).toMatchObject({ jobId: id, unixName: h.owner.unixName });
      expect(['PENDING', 'RUNNING']).toContain(queued.state);
      const run = await whenQueued(id, running);
      expect(run.allocCpus).toBe(2);
      expect((await h.scheduler.partitions()).find((p) => p.name === 'cpu')!.allocatedCpus).toBeGreaterThanOrEqual(2);
      await h.write(h.owner, h.pathOf(h.owner, 'seen-running'), '');
      const done = await whenEnded(id);
      const waitedSeconds = (h.now() - submittedAt) / 1000;
      expect(done).toMatchObject({ jobId: id, unixName: h.owner.unixName, state: 'COMPLETED', exitCode: 0, allocCpus: 2, allocGpus: 0 });
      expect(done.elapsedSeconds).toBeGreaterThanOrEqual(3);
      // Seconds, and no more of them than the job can have run (the scheduler rounds to whole seconds).
      expect(done.elapsedSeconds).toBeLessThanOrEqual(Math.ceil(waitedSeconds) + 1);
      // What is charged, cores × elapsed, rests on times that agree with each other.
      expect(done.elapsedSeconds).toBe(Math.round((done.endedAt!.getTime() - done.startedAt!.getTime()) / 1000));
      expect(done.startedAt!.getTime()).toBeGreaterThanOrEqual(done.submittedAt.getTime());
      expect(await inQueue(id)).toBeUndefined();
      expect(await h.read(h.owner, h.pathOf(h.owner, `slurm-${id}.out`))).toBe('开始\n第一行\ndone\n');
    });

    it('counts the GPUs of a job on the gpu partition', async () => {
      const id = await h.scheduler.submit(job({ partition: 'gpu', gpus: 1, script: 'sleep 1\n' }));
      expect(await whenEnded(id)).toMatchObject({ state: 'COMPLETED', allocGpus: 1, allocCpus: 1 });
    });

    it('ends a failing script as FAILED with its exit code', async () => {
      const id = await h.scheduler.submit(job({ script: 'sleep 1\nexit 3\necho never\n' }));
      expect(await whenEnded(id)).toMatchObject({ state: 'FAILED', exitCode: 3 });
      expect(await h.read(h.owner, h.pathOf(h.owner, `slurm-${id}.out`))).not.toContain('never');
    });

    it('holds a job that does not fit until the one before it ends; cancelling it while pending never runs it', async () => {
      const { partition, cpus } = h.small;
      const big = await h.scheduler.submit(job({ partition, tasks: cpus, script: 'sleep 600\n' }));
      const next = await h.scheduler.submit(job({ partition, script: 'sleep 1\n' }));
      const waiting = await h.eventually('the second job waiting for resources', async () => {
        const [first, second] = [await inQueue(big), await inQueue(next)];
        return first?.state === 'RUNNING' && second && !['', 'None'].includes(second.reason) ? second : undefined;
      });
      expect(waiting).toMatchObject({ state: 'PENDING', reason: 'Resources', allocCpus: 0, startedAt: null });
      const later = await h.scheduler.submit(job({ partition, script: 'sleep 1\n' }));
      await h.scheduler.cancel(h.owner, later);
      expect(await whenEnded(later)).toMatchObject({
        state: 'CANCELLED',
        startedAt: null,
        allocCpus: 0,
        elapsedSeconds: 0,
        exitCode: null,
      });
      await h.scheduler.cancel(h.owner, big);
      expect(await whenEnded(big)).toMatchObject({ state: 'CANCELLED', allocCpus: cpus, exitCode: null });
      const started = await whenEnded(next);
      expect(started.state).toBe('COMPLETED');
      expect(started.startedAt!.getTime()).toBeGreaterThanOrEqual((await ended(big))!.endedAt!.getTime());
    });

    it('lets only the job’s own account cancel it; cancelling a running job ends it as CANCELLED', async () => {
      const id = await h.scheduler.submit(job({ script: 'sleep 600\n' }));
      await whenQueued(id, running);
      await expect(h.scheduler.cancel(h.other, id)).rejects.toThrow(/Access\/permission denied/);
      expect((await inQueue(id))?.state).toBe('RUNNING');
      await h.scheduler.cancel(h.owner, id);
      const cancelled = await whenEnded(id);
      expect(cancelled).toMatchObject({ state: 'CANCELLED', allocCpus: 1, exitCode: null });
      await expect(h.scheduler.cancel(h.owner, '1; id')).rejects.toThrow(/Invalid job id specified/);
    });

    it('takes shell metacharacters in the name, folders and script as plain data', async () => {
      const marker = h.pathOf(h.owner, 'touched');
      const workDir = h.pathOf(h.owner, `it's a $(touch touched) dir`);
      await h.makeDir(h.owner, workDir);
      await h.write(h.owner, `${workDir}/input.txt`, 'from the odd folder\n');
      const script = [`echo 'a $(id) and \`id\` ; rm -rf ~ "quoted"'`, `echo "it's"`, `cat 'input.txt'`, 'sleep 1', ''].join('\n');
      const id = await h.scheduler.submit(
        job({ name: `x'"; touch touched; $(touch touched) \`touch touched\``, workDir, outputPath: `${workDir}/out $(id).txt`, script }),
      );
      expect(await whenEnded(id)).toMatchObject({ state: 'COMPLETED', exitCode: 0 });
      expect(await h.read(h.owner, `${workDir}/out $(id).txt`)).toBe('a $(id) and `id` ; rm -rf ~ "quoted"\nit\'s\nfrom the odd folder\n');
      await expect(h.read(h.owner, marker)).rejects.toThrow();
      await expect(h.read(h.owner, `${workDir}/touched`)).rejects.toThrow();
    });

    // Only a real login node has links: an account's job can leave one in its home, pointing anywhere.
    it.runIf(kind === 'slurm')('never hands over a folder a link in the home leads to', async () => {
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-outside-'));
      try {
        fs.symlinkSync(outside, h.pathOf(h.owner, 'link'));
        for (const workDir of [h.pathOf(h.owner, 'link'), h.pathOf(h.owner, 'link', 'below')]) {
          await expect(h.scheduler.submit(job({ workDir, outputPath: `${workDir}/out.txt`, script: 'echo x' }))).rejects.toThrow(
            /cannot be used/,
          );
        }
        expect(fs.statSync(outside).uid).toBe(process.getuid!());
        expect(fs.readdirSync(outside)).toEqual([]);
      } finally {
        fs.rmSync(outside, { recursive: true, force: true });
      }
    });
  });
}
