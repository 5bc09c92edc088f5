import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { hpcClusters, hpcPartitions } from '../../db/schema.js';
import { enabledClusters } from '../../storage/clusters.js';

let t: TestApp;
let token: string;
let userId: number;
let clusterId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ id: userId, token } = await userWithBalance(t.app, 0));
  clusterId = (await enabledClusters(t.app)).find((cluster) => cluster.kind === 'local')!.id;
});
afterAll(() => t.close());

type Partition = Record<string, any>;
const partitions = async (query = '') =>
  (await call(t.app, 'GET', `/apis/hpc/auth/partition/list${query}`, undefined, token)) as { code: number; msg: string; data: Partition[] };
const named = async (name: string, query = `?clusterId=${clusterId}`) => (await partitions(query)).data.find((p) => p.name === name)!;

describe('HPC partitions', () => {
  it('list the priced partitions of the local cluster with the capacity its scheduler has now', async () => {
    const listed = (await partitions(`?clusterId=${clusterId}`)).data;
    expect(listed.map((p) => p.name)).toEqual(['cpu', 'gpu', 'debug']);
    expect(listed[0]).toMatchObject({
      clusterId,
      clusterName: '默认集群',
      title: '通用计算',
      coreHourPrice: 100,
      gpuHourPrice: 0,
      isDefault: true,
      reachable: true,
      state: 'up',
      totalCpus: 256,
      allocatedCpus: 0,
    });
    expect(listed[1]).toMatchObject({ name: 'gpu', gpuHourPrice: 6_000, totalGpus: 8, maxGpusPerJob: 8 });
    expect(listed[2]).toMatchObject({ name: 'debug', coreHourPrice: 50, maxTimeMinutes: 30, totalCpus: 16 });
    expect(await partitions('?clusterId=999999')).toMatchObject({ code: 404, msg: '集群不存在或已停用' });
  });

  it('show the cores and GPUs a running job takes, and give them back when it ends', async () => {
    const scheduler = await t.app.hpc.schedulerOf(clusterId);
    const account = { userId, unixName: `hpc${userId}`, home: '', scratch: 'scratch' };
    await scheduler.ensureAccount(account);
    const job = {
      account,
      name: 'capacity',
      nodes: 1,
      tasks: 4,
      cpusPerTask: 2,
      memoryMb: 1000,
      timeLimitMinutes: 10,
      workDir: '',
      outputPath: 'slurm-%j.out',
      script: 'sleep 60\n',
    };
    await scheduler.submit({ ...job, partition: 'gpu', gpus: 2 });
    expect(await named('gpu')).toMatchObject({ allocatedCpus: 0, allocatedGpus: 0 });
    t.clock.advance(10_000);
    expect(await named('gpu')).toMatchObject({ allocatedCpus: 8, allocatedGpus: 2, totalGpus: 8 });
    expect(await named('cpu')).toMatchObject({ allocatedCpus: 0 });
    t.clock.advance(60_000);
    expect(await named('gpu')).toMatchObject({ allocatedCpus: 0, allocatedGpus: 0 });
  });

  it('leave out disabled partitions', async () => {
    const disable = (enabled: boolean) =>
      t.app.db
        .update(hpcPartitions)
        .set({ enabled })
        .where(and(eq(hpcPartitions.clusterId, clusterId), eq(hpcPartitions.name, 'debug')));
    await disable(false);
    try {
      expect((await partitions(`?clusterId=${clusterId}`)).data.map((p) => p.name)).toEqual(['cpu', 'gpu']);
    } finally {
      await disable(true);
    }
  });

  it('list a cluster whose scheduler cannot be reached with no capacity, beside the others', async () => {
    const [cluster] = await t.app.db
      .insert(hpcClusters)
      .values({ name: '离线集群', kind: 'sftp', scheduler: 'slurm', host: '127.0.0.1', port: 1, quotaBytes: 1, quotaFiles: 1, sort: 5 })
      .returning({ id: hpcClusters.id });
    await t.app.db.insert(hpcPartitions).values({
      clusterId: cluster!.id,
      name: 'compute',
      title: '计算',
      coreHourPrice: 80,
      maxCpusPerJob: 64,
      maxMemoryMbPerJob: 128_000,
      maxTimeMinutes: 1_440,
    });
    const answer = await partitions();
    expect(answer.code).toBe(200);
    expect(answer.data.find((p) => p.clusterId === cluster!.id)).toMatchObject({
      name: 'compute',
      clusterName: '离线集群',
      coreHourPrice: 80,
      reachable: false,
      state: 'unknown',
      totalCpus: 0,
      allocatedCpus: 0,
    });
    expect(answer.data.find((p) => p.clusterId === clusterId && p.name === 'cpu')).toMatchObject({ reachable: true, totalCpus: 256 });
  });
});
