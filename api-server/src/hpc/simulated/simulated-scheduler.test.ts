import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { openClusterTreeOf, enabledClusters } from '../../storage/clusters.js';
import type { ClusterAccount, HpcScheduler, JobSubmission } from '../scheduler.js';

// What only the simulation does: its clock-driven queue by capacity, its script reading and the output it writes.
// What every scheduler does is in hpc/scheduler-contract.test.ts.
let t: TestApp;
let scheduler: HpcScheduler;
let account: ClusterAccount;
let clusterId: number;
const second = 1000;

beforeAll(async () => {
  t = await createTestApp();
  clusterId = (await enabledClusters(t.app)).find((c) => c.kind === 'local')!.id;
  scheduler = await t.app.hpc.schedulerOf(clusterId);
  const user = await userWithBalance(t.app, 0);
  account = { userId: user.id, unixName: `hpc${user.id}`, home: 'home', scratch: 'scratch' };
  await scheduler.ensureAccount(account);
});
afterAll(() => t.close());

const job = (over: Partial<JobSubmission>): JobSubmission => ({
  account,
  name: 'sim',
  partition: 'debug',
  nodes: 1,
  tasks: 1,
  cpusPerTask: 1,
  gpus: 0,
  memoryMb: 1000,
  timeLimitMinutes: 10,
  workDir: 'home',
  outputPath: 'home/slurm-%j.out',
  script: 'sleep 30\n',
  ...over,
});

async function read(path: string) {
  const tree = await openClusterTreeOf(t.app, account.userId, clusterId);
  const chunks: Buffer[] = [];
  for await (const chunk of await tree.fs.read(path)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('the simulated scheduler', () => {
  it('waits a scheduling cycle, runs for the script’s sleeps, and writes what the script printed', async () => {
    const tree = await openClusterTreeOf(t.app, account.userId, clusterId);
    await tree.fs.write('home/input.txt', Readable.from([Buffer.from('第一行\n')]));
    const id = await scheduler.submit(job({ script: 'echo 开始\ncat input.txt\nsleep 120\necho "done"\n' }));
    expect((await scheduler.queue()).find((j) => j.jobId === id)).toMatchObject({ state: 'PENDING', allocCpus: 0 });
    t.clock.advance(10 * second);
    expect((await scheduler.queue()).find((j) => j.jobId === id)).toMatchObject({ state: 'RUNNING', allocCpus: 1 });
    t.clock.advance(119 * second);
    expect(await scheduler.history([id])).toEqual([]);
    t.clock.advance(second);
    const [ended] = await scheduler.history([id]);
    expect(ended).toMatchObject({ state: 'COMPLETED', exitCode: 0, elapsedSeconds: 120, allocCpus: 1 });
    expect(await read(`home/slurm-${id}.out`)).toBe('开始\n第一行\ndone\n');
  });

  it('queues a job the partition has no room for until an earlier one ends, and starts it at that instant', async () => {
    const big = await scheduler.submit(job({ tasks: 16, script: 'sleep 60' }));
    const next = await scheduler.submit(job({ tasks: 8, script: 'sleep 60' }));
    t.clock.advance(30 * second);
    const queued = await scheduler.queue();
    expect(queued.find((j) => j.jobId === big)?.state).toBe('RUNNING');
    expect(queued.find((j) => j.jobId === next)).toMatchObject({ state: 'PENDING', reason: 'Resources' });
    t.clock.advance(45 * second);
    const bigStart = (await scheduler.history([big]))[0]!;
    const running = (await scheduler.queue()).find((j) => j.jobId === next)!;
    expect(running.state).toBe('RUNNING');
    expect(running.startedAt).toEqual(bigStart.endedAt);
  });

  it('ends a job at its time limit as TIMEOUT, and a failing exit as FAILED with its code', async () => {
    const long = await scheduler.submit(job({ timeLimitMinutes: 1, script: 'sleep 600' }));
    const failing = await scheduler.submit(job({ script: 'sleep 5\nexit 3\necho never' }));
    t.clock.advance(80 * second);
    const ended = await scheduler.history([long, failing]);
    expect(ended.find((j) => j.jobId === long)).toMatchObject({ state: 'TIMEOUT', elapsedSeconds: 60, exitCode: null });
    expect(ended.find((j) => j.jobId === failing)).toMatchObject({ state: 'FAILED', exitCode: 3 });
    expect(await read(`home/slurm-${long}.out`)).toContain('CANCELLED DUE TO TIME LIMIT');
  });
});
