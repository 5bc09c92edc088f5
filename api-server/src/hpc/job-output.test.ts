import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClusterTreeOf } from '../storage/clusters.js';
import { hpcUser, jobBody, jobView, localCluster, submit } from '../test-support/hpc-test-kit.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { runJobSync } from './job-sync.js';

// 查看输出: the job's output read in the portal, from its tail, while the job runs and after it ended.
let t: TestApp;
let clusterId: number;

beforeAll(async () => {
  t = await createTestApp();
  clusterId = (await localCluster(t.app)).id;
});
afterAll(() => t.close());

const output = (token: string, id: number) => call(t.app, 'POST', '/apis/hpc/auth/job/output', { id }, token);

describe('a job’s output', () => {
  it('has none before the job runs, grows while it runs, and is whole once it ended', async () => {
    const user = await hpcUser(t.app, 10_000);
    const id = (await submit(t.app, user.token, jobBody(clusterId, { script: 'echo 第一步\necho 完成\nsleep 600\n' }))).data.id as number;
    await runJobSync(t.app);
    const queued = await output(user.token, id);
    expect(queued).toMatchObject({ code: 200, data: { running: true, exists: false, preview: null } });

    t.clock.advance(10_000);
    await runJobSync(t.app);
    const job = (await jobView(t.app, user.token, id)).data;
    expect(job.state).toBe('RUNNING');
    // What a running job has printed so far: the simulation writes at the end, a real job as it goes.
    const tree = await openClusterTreeOf(t.app, user.id, clusterId);
    await tree.fs.write(job.outputPath.replace(/^\//, ''), Readable.from([Buffer.from('第一步\n')]));
    const running = await output(user.token, id);
    expect(running.data).toMatchObject({ path: job.outputPath, running: true, exists: true, preview: { text: '第一步\n' } });

    t.clock.advance(600_000);
    await runJobSync(t.app);
    const ended = await output(user.token, id);
    expect(ended.data).toMatchObject({ running: false, exists: true });
    expect(ended.data.preview.text).toContain('第一步\n完成\n');
  });

  it('is another user’s 「作业不存在」', async () => {
    const owner = await hpcUser(t.app, 10_000);
    const other = await hpcUser(t.app, 10_000);
    const id = (await submit(t.app, owner.token, jobBody(clusterId))).data.id as number;
    expect(await output(other.token, id)).toMatchObject({ code: 404, msg: '作业不存在' });
  });
});
