import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithBalance } from '../test-support/compute-test-kit.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { hpcUser, jobBody, localCluster, submit } from '../test-support/hpc-test-kit.js';
import { runJobSync } from './job-sync.js';

// /account/superHome's one call: what the page shows comes from the user's own accounts, jobs, packages and storage.
let t: TestApp;
let clusterId: number;
const second = 1000;
const overview = (token: string) => call(t.app, 'GET', '/apis/hpc/auth/overview', undefined, token);

beforeAll(async () => {
  t = await createTestApp();
  clusterId = (await localCluster(t.app)).id;
});
afterAll(() => t.close());

describe('the HPC overview', () => {
  it('shows a new user every cluster as 未开通 and nothing used', async () => {
    const user = await userWithBalance(t.app, 0);
    const { code, data } = await overview(user.token);
    expect(code).toBe(200);
    expect(data.accounts.find((a: { clusterId: number }) => a.clusterId === clusterId)).toMatchObject({ status: 0, statusText: '未开通' });
    expect(data.activeJobs).toEqual([]);
    expect(data.month).toMatchObject({ jobs: 0, coreSeconds: 0, amount: 0 });
    expect(data.packageCoreSecondsLeft).toBe(0);
    expect(data.storage.map((s: { id: number }) => s.id)).toContain(clusterId);
  });

  it('counts the month’s ended jobs and lists active ones, of this user only', async () => {
    const user = await hpcUser(t.app, 100_000);
    const other = await hpcUser(t.app, 100_000);
    const short = await submit(t.app, user.token, jobBody(clusterId, { name: 'short', tasks: 2, script: 'sleep 60' }));
    expect(short.code).toBe(200);
    await submit(t.app, other.token, jobBody(clusterId, { name: 'theirs', tasks: 2, script: 'sleep 60' }));
    t.clock.advance(10 * second);
    await runJobSync(t.app);
    const long = await submit(t.app, user.token, jobBody(clusterId, { name: 'long', script: 'sleep 3000' }));
    t.clock.advance(61 * second);
    await runJobSync(t.app);

    const { data } = await overview(user.token);
    expect(data.activeJobs.map((job: { id: number }) => job.id)).toEqual([long.data.id]);
    expect(data.month).toMatchObject({ jobs: 1, coreSeconds: 120, gpuSeconds: 0 });
    expect(data.month.amount).toBeGreaterThan(0);
    expect(data.accounts.find((a: { clusterId: number }) => a.clusterId === clusterId)).toMatchObject({ status: 2 });
  });
});
