import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../billing/ledger.js';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { hpcPartitions, hpcSimulatedJobs } from '../db/schema.js';
import { openClusterTreeOf } from '../storage/clusters.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { hpcUser, jobBody, jobRow, jobView, localCluster, submit } from '../test-support/hpc-test-kit.js';
import { runJobSync } from './job-sync.js';

// Submitting, holding, releasing and who may see a job, on the simulated local cluster. Charging is job-sync.test.ts.
let t: TestApp;
let clusterId: number;
const second = 1000;

beforeAll(async () => {
  t = await createTestApp();
  clusterId = (await localCluster(t.app)).id;
  await t.app.db.insert(hpcPartitions).values({
    clusterId,
    name: 'retired',
    title: '已停用',
    coreHourPrice: 100,
    maxCpusPerJob: 8,
    maxMemoryMbPerJob: 8000,
    maxTimeMinutes: 60,
    enabled: false,
  });
});
afterAll(() => t.close());

describe('a submission is checked before anything is sent', () => {
  it('refuses a user without an open account on the cluster', async () => {
    const stranger = await userWithBalance(t.app, 10_000);
    const answer = await submit(t.app, stranger.token, jobBody(clusterId));
    expect(answer).toMatchObject({ code: 409, msg: '尚未开通该集群的超算账号，请先在「超算控制台」申请开通' });
  });

  it('refuses every field outside the partition’s limits, a bad folder or output name, and a NUL in the script', async () => {
    const user = await hpcUser(t.app, 10_000);
    const tree = await openClusterTreeOf(t.app, user.id, clusterId);
    await tree.fs.write('notes.txt', Readable.from([Buffer.from('x')]));
    const refusals: Array<[Parameters<typeof jobBody>[1], string]> = [
      [{ partition: 'nope' }, '分区不存在'],
      [{ partition: 'retired' }, '分区不存在'],
      [{ partition: 'debug', nodes: 2, tasks: 2 }, '节点数不能超过1（分区「debug」的上限）'],
      [{ partition: 'debug', tasks: 17 }, 'CPU总数（任务数×每任务CPU数）为17，不能超过16（分区「debug」的上限）'],
      [{ nodes: 2, tasks: 1 }, 'CPU总数（任务数×每任务CPU数）不能少于节点数'],
      [{ gpus: 1 }, '分区「cpu」没有GPU，请选择GPU分区或将GPU数设为0'],
      [{ partition: 'gpu', gpus: 9 }, 'GPU数不能超过8（分区「gpu」的上限）'],
      [{ partition: 'debug', memoryMb: 64_001 }, '内存不能超过64000 MB（分区「debug」的上限）'],
      [{ partition: 'debug', timeLimitMinutes: 31 }, '最长运行时间不能超过30分钟（分区「debug」的上限）'],
      [{ workDir: '/../etc' }, '工作目录不能为“.”或“..”'],
      [{ workDir: 'etc' }, '工作目录不合法：须位于你在该集群的存储空间（/）之内'],
      [{ workDir: '/missing' }, '工作目录「/missing」不存在，请先在文件存储中创建'],
      [{ workDir: '/notes.txt' }, '工作目录「/notes.txt」不是文件夹'],
      [{ outputFile: '..' }, '输出文件名不能为“.”或“..”'],
      [{ outputFile: 'out-%u.txt' }, '输出文件名中只能使用 %j（作业号）'],
      // every call refuses a NUL (lib/request-input.ts), the script included
      [{ script: 'echo a\0b' }, '请求参数包含非法字符'],
    ];
    for (const [over, msg] of refusals) {
      const answer = await submit(t.app, user.token, jobBody(clusterId, over));
      expect({ over, msg: answer.msg }).toEqual({ over, msg });
      expect(answer.code).not.toBe(200);
    }
    const shellName = await submit(t.app, user.token, jobBody(clusterId, { name: 'a;rm -rf' }));
    expect(shellName.code).toBe(422);
    expect(shellName.msg).toContain('作业名称');
    const listed = await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'history' }, user.token);
    expect(listed.data.total).toBe(0);
  });

  it('refuses a user whose balance is zero', async () => {
    const broke = await hpcUser(t.app, 0);
    const answer = await submit(t.app, broke.token, jobBody(clusterId));
    expect(answer).toMatchObject({ code: 409, msg: '账户余额不足，请先充值后再提交作业' });
  });
});

describe('submitting', () => {
  it('estimates the most a job can cost from the partition’s prices and the time limit', async () => {
    const user = await hpcUser(t.app, 10_000);
    const estimate = await call(
      t.app,
      'POST',
      '/apis/hpc/auth/job/estimate',
      jobBody(clusterId, { partition: 'gpu', gpus: 1 }),
      user.token,
    );
    // 4 cores and 1 GPU for 30 minutes at ¥0.1 per core-hour and ¥6 per GPU-hour
    expect(estimate.data).toEqual({
      estimatedAmount: 200 + 3_000,
      coreSeconds: 7_200,
      gpuSeconds: 1_800,
      packageCoreSecondsAvailable: 0,
      balance: 10_000,
      committedAmount: 0,
      enough: true,
    });
  });

  it('sends the script exactly as written, shell metacharacters and all, and names the output with the job id', async () => {
    const user = await hpcUser(t.app, 10_000);
    const script = '#!/bin/bash\necho "$(id)" `whoami`; rm -rf / && cat /etc/passwd | tee x > /dev/null\nsleep 5\n';
    const answer = await submit(t.app, user.token, jobBody(clusterId, { script }));
    expect(answer).toMatchObject({ code: 200, msg: '作业已提交', data: { state: 'PENDING' } });
    const row = await jobRow(t.app, answer.data.id);
    expect(row.script).toBe(script);
    expect(row.outputPath).toBe(`/slurm-${row.schedulerJobId}.out`);
    const [sent] = await t.app.db
      .select()
      .from(hpcSimulatedJobs)
      .where(eq(hpcSimulatedJobs.id, Number(row.schedulerJobId)));
    expect(sent).toMatchObject({ script, workDir: '', outputPath: 'slurm-%j.out', cpus: 4, unixName: `hpc${user.id}` });
    expect((await jobView(t.app, user.token, row.id)).data).toMatchObject({
      script,
      state: 'PENDING',
      stateText: '排队中',
      canCancel: true,
    });
  });

  it('holds a job the balance cannot cover on top of the other jobs, and sends it when released after a top-up', async () => {
    const user = await hpcUser(t.app, 300);
    const first = await submit(t.app, user.token, jobBody(clusterId));
    expect(first.data.state).toBe('PENDING');
    const second = await submit(t.app, user.token, jobBody(clusterId, { name: 'second' }));
    expect(second).toMatchObject({ code: 200, msg: '余额不足以支付作业最长运行时间的费用，已暂挂；充值后可释放', data: { state: 'HELD' } });
    expect(await jobRow(t.app, second.data.id)).toMatchObject({ schedulerJobId: null, estimatedAmount: 200 });
    const held = (await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'active' }, user.token)).data.list[0];
    expect(held).toMatchObject({ id: second.data.id, state: 'HELD', stateText: '暂挂', canRelease: true, canCancel: true });

    await runJobSync(t.app);
    expect((await jobRow(t.app, second.data.id)).state).toBe('HELD');
    const early = await call(t.app, 'POST', '/apis/hpc/auth/job/release', { id: second.data.id }, user.token);
    expect(early).toMatchObject({ code: 409, msg: '余额仍不足以支付作业最长运行时间的费用，请充值后再释放' });

    await applyLedgerEntry(t.app.db, { userId: user.id, amount: 100, kind: 'grant', note: '充值', at: t.clock.now() });
    const released = await call(t.app, 'POST', '/apis/hpc/auth/job/release', { id: second.data.id }, user.token);
    expect(released).toMatchObject({ code: 200, msg: '作业已释放并提交', data: { state: 'PENDING' } });
    expect((await jobRow(t.app, second.data.id)).schedulerJobId).not.toBeNull();
    const again = await call(t.app, 'POST', '/apis/hpc/auth/job/release', { id: second.data.id }, user.token);
    expect(again).toMatchObject({ code: 409, msg: '只有暂挂中的作业可以释放' });
  });

  it('ends a job the scheduler refuses as FAILED with the reason in the user’s words, and charges nothing', async () => {
    const user = await hpcUser(t.app, 10_000);
    await t.app.db.insert(hpcPartitions).values({
      clusterId,
      name: 'phantom',
      title: '调度系统中没有的分区',
      coreHourPrice: 100,
      maxCpusPerJob: 8,
      maxMemoryMbPerJob: 8000,
      maxTimeMinutes: 60,
    });
    const answer = await submit(t.app, user.token, jobBody(clusterId, { partition: 'phantom' }));
    expect(answer).toMatchObject({ code: 409, msg: '作业提交失败：分区不存在或不可用' });
    const [failed] = (await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'history' }, user.token)).data.list;
    expect(failed).toMatchObject({ state: 'FAILED', stateText: '失败', reason: '分区不存在或不可用', chargedAmount: 0, canCancel: false });
  });
});

describe('one user never reaches another user’s jobs', () => {
  it('lists, shows, cancels and releases nothing of another user: 作业不存在', async () => {
    const owner = await hpcUser(t.app, 300);
    const other = await hpcUser(t.app, 10_000);
    const running = await submit(t.app, owner.token, jobBody(clusterId));
    const held = await submit(t.app, owner.token, jobBody(clusterId, { name: 'held' }));
    expect(held.data.state).toBe('HELD');
    for (const scope of ['active', 'history'])
      expect((await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope }, other.token)).data).toMatchObject({ total: 0, list: [] });
    for (const id of [running.data.id, held.data.id]) {
      expect(await jobView(t.app, other.token, id)).toMatchObject({ code: 404, msg: '作业不存在' });
      expect(await call(t.app, 'POST', '/apis/hpc/auth/job/cancel', { id }, other.token)).toMatchObject({ code: 404, msg: '作业不存在' });
      expect(await call(t.app, 'POST', '/apis/hpc/auth/job/release', { id }, other.token)).toMatchObject({ code: 404, msg: '作业不存在' });
    }
    t.clock.advance(20 * second);
    await runJobSync(t.app);
    expect((await jobRow(t.app, running.data.id)).state).toBe('RUNNING');
    expect((await jobRow(t.app, held.data.id)).state).toBe('HELD');
  });
});

describe('templates', () => {
  it('offers the common jobs as bash scripts without #SBATCH lines', async () => {
    const user = await userWithBalance(t.app, 0);
    const templates = (await call(t.app, 'GET', '/apis/hpc/auth/job/templates', undefined, user.token)).data as Array<{
      key: string;
      script: string;
    }>;
    expect(templates.map((template) => template.key)).toEqual(['hello', 'read-input', 'mpi', 'python', 'gpu']);
    for (const template of templates) {
      expect(template.script.startsWith('#!/bin/bash\n')).toBe(true);
      expect(template.script).not.toContain('#SBATCH');
    }
  });
});
