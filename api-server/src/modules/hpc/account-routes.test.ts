import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { messagesOf, userWithBalance } from '../../test-support/compute-test-kit.js';
import { hpcClusters, users } from '../../db/schema.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { seedDemoHpcAccounts } from '../../seed/demo-hpc-accounts.js';
import { enabledClusters, openClusterTreeOf } from '../../storage/clusters.js';
import { userRowWritten } from '../../test-support/user-written.js';

let t: TestApp;
let operator: string;
let clusterId: number;
beforeAll(async () => {
  t = await createTestApp();
  operator = await login(t.app, demoAccounts.operator, demoPassword);
  clusterId = (await enabledClusters(t.app)).find((cluster) => cluster.kind === 'local')!.id;
});
afterAll(() => t.close());

const api = '/apis/hpc/auth/account';
const accounts = async (token: string) => (await call(t.app, 'GET', `${api}/list`, undefined, token)).data as Array<Record<string, any>>;
const accountOn = async (token: string) => (await accounts(token)).find((account) => account.clusterId === clusterId)!;
const apply = (token: string, body: object = { clusterId, purpose: '分子动力学模拟' }) => call(t.app, 'POST', `${api}/apply`, body, token);
const reviewList = (token: string, body: object = { pageSize: 100 }) => call(t.app, 'POST', `${api}/review/list`, body, token);
const approve = (id: number, token = operator) => call(t.app, 'POST', `${api}/review/approve`, { id }, token);
const reject = (id: number, reason: string, token = operator) => call(t.app, 'POST', `${api}/review/reject`, { id, reason }, token);
const chaosuanStatus = async (token: string) =>
  (await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token)).data.chaosuanStatus as number;
const isFolder = async (userId: number, folder: string) =>
  (await (await openClusterTreeOf(t.app, userId, clusterId)).fs.stat(folder))?.isDir ?? false;

/** A new user who applied on the local cluster; answers them and their application's id. */
async function applicant() {
  const user = await userWithBalance(t.app, 0);
  expect(await apply(user.token)).toMatchObject({ code: 200, msg: '申请已提交，请等待审核' });
  return { ...user, applicationId: (await accountOn(user.token)).id as number };
}

describe('HPC accounts', () => {
  it('list every enabled cluster, not applied yet, and refuse bad applications', async () => {
    const user = await userWithBalance(t.app, 0);
    expect(await accountOn(user.token)).toMatchObject({
      id: null,
      status: 0,
      statusText: '未开通',
      unixName: '',
      home: '',
      appliedAt: null,
    });
    expect(await apply(user.token, { clusterId, purpose: '   ' })).toMatchObject({ code: 422, msg: '请填写用途说明（至少2个字）' });
    expect(await apply(user.token, { clusterId: 999_999, purpose: '分子动力学模拟' })).toMatchObject({
      code: 404,
      msg: '集群不存在或已停用',
    });
    const [disabled] = await t.app.db
      .insert(hpcClusters)
      .values({ name: '停用集群', kind: 'local', quotaBytes: 1, quotaFiles: 1, enabled: false })
      .returning({ id: hpcClusters.id });
    expect(await apply(user.token, { clusterId: disabled!.id, purpose: '分子动力学模拟' })).toMatchObject({ msg: '集群不存在或已停用' });
    expect((await accounts(user.token)).map((account) => account.clusterId)).not.toContain(disabled!.id);
    expect(await chaosuanStatus(user.token)).toBe(0);
  });

  it('go under review, are opened by the operator with their folders on the cluster, and the user is told', async () => {
    const user = await applicant();
    expect(await accountOn(user.token)).toMatchObject({ status: 1, statusText: '审核中', purpose: '分子动力学模拟', home: '' });
    expect(await chaosuanStatus(user.token)).toBe(1);
    expect(await apply(user.token)).toMatchObject({ code: 409, msg: '开通申请正在审核中' });

    const mobile = (await t.app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id)))[0]!.mobile;
    const listed = (await reviewList(operator)).data.list.find((item: { id: number }) => item.id === user.applicationId);
    expect(listed).toMatchObject({ userId: user.id, clusterId, status: 1, statusText: '审核中', unixName: `hpc${user.id}` });
    expect(listed.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);

    expect(await approve(user.applicationId)).toMatchObject({ code: 200, msg: '审核通过，超算账号已开通' });
    const opened = await accountOn(user.token);
    expect(opened).toMatchObject({
      status: 2,
      statusText: '已开通',
      unixName: `hpc${user.id}`,
      home: '/',
      scratch: '/scratch',
      reason: '',
    });
    expect(opened.openedAt).toBe(t.clock.now().toISOString());
    expect(await isFolder(user.id, 'scratch')).toBe(true);
    expect(await chaosuanStatus(user.token)).toBe(2);
    expect((await messagesOf(t.app, user.token)).filter((m) => m.title === '超算账号已开通')).toHaveLength(1);
    expect(await apply(user.token)).toMatchObject({ code: 409, msg: '已开通该集群的超算账号' });
    expect((await reviewList(operator)).data.list.map((item: { id: number }) => item.id)).not.toContain(user.applicationId);
    expect((await reviewList(operator, { status: 2, pageSize: 100 })).data.list.map((item: { id: number }) => item.id)).toContain(
      user.applicationId,
    );
  });

  it('approved twice stays opened once: no second message, the same opening time', async () => {
    const user = await applicant();
    await approve(user.applicationId);
    const first = await accountOn(user.token);
    t.clock.advance(60_000);
    expect(await approve(user.applicationId)).toMatchObject({ code: 200 });
    expect(await accountOn(user.token)).toEqual(first);
    expect((await messagesOf(t.app, user.token)).filter((m) => m.title === '超算账号已开通')).toHaveLength(1);
    expect(await reject(user.applicationId, '重复审核')).toMatchObject({ code: 409, msg: '该账号已开通，不能驳回' });
  });

  it('rejected with a reason the user reads, who may apply again on the same application', async () => {
    const user = await applicant();
    expect(await reject(user.applicationId, '   ')).toMatchObject({ code: 422, msg: '请填写驳回原因' });
    expect(await reject(user.applicationId, '请补充研究方向与预计用量')).toMatchObject({ code: 200, msg: '已驳回' });
    expect(await accountOn(user.token)).toMatchObject({ status: 3, statusText: '已驳回', reason: '请补充研究方向与预计用量' });
    expect(await chaosuanStatus(user.token)).toBe(0);
    expect(await messagesOf(t.app, user.token)).toContainEqual(
      expect.objectContaining({ title: '超算开通申请未通过', content: expect.stringContaining('请补充研究方向与预计用量') }),
    );
    expect(await reject(user.applicationId, '再驳回一次')).toMatchObject({ code: 409, msg: '该申请不在审核中' });

    expect(await apply(user.token, { clusterId, purpose: '计算化学，每月约 2000 核时' })).toMatchObject({ code: 200 });
    expect(await accountOn(user.token)).toMatchObject({
      id: user.applicationId,
      status: 1,
      reason: '',
      purpose: '计算化学，每月约 2000 核时',
    });
    expect(await chaosuanStatus(user.token)).toBe(1);
  });

  it('are reviewed by operators only, and a user sees only their own', async () => {
    const user = await applicant();
    const other = await userWithBalance(t.app, 0);
    const refused = { code: 403, msg: '仅运营人员可以执行此操作' };
    expect(await reviewList(user.token)).toMatchObject(refused);
    expect(await approve(user.applicationId, user.token)).toMatchObject(refused);
    expect(await reject(user.applicationId, '自己驳回自己', user.token)).toMatchObject(refused);
    expect(await accountOn(other.token)).toMatchObject({ id: null, status: 0 });
    expect(await accountOn(user.token)).toMatchObject({ status: 1 });
    expect(await approve(999_999)).toMatchObject({ code: 404, msg: '申请不存在' });
  });

  it('may be applied for by a sub-account for itself', async () => {
    const parent = await userWithBalance(t.app, 0);
    const sub = await userWithBalance(t.app, 0);
    await t.app.db.update(users).set({ parentId: parent.id }).where(eq(users.id, sub.id));
    await userRowWritten(t.app, sub.id);
    expect(await apply(sub.token)).toMatchObject({ code: 200 });
    expect(await accountOn(sub.token)).toMatchObject({ status: 1 });
    expect(await accountOn(parent.token)).toMatchObject({ status: 0 });
  });

  it('that the cluster refuses to create are 开通失败 with the reason, and open once the operator approves again', async () => {
    const user = await applicant();
    // A file where the user's tree on the cluster should be: the simulated cluster cannot make their folders.
    const treeRoot = path.join(t.dataDir, 'file-storage', String(clusterId), String(user.id));
    fs.mkdirSync(path.dirname(treeRoot), { recursive: true });
    fs.writeFileSync(treeRoot, 'not a folder');
    const refused = await approve(user.applicationId);
    expect(refused.code).toBe(502);
    expect(refused.msg).toBe('集群创建账号失败：无法创建目录「/」（exists），可稍后重新审核通过');
    const failed = await accountOn(user.token);
    expect(failed).toMatchObject({ status: 4, statusText: '开通失败', home: '', openedAt: null });
    expect(failed.reason).toBe('集群创建账号失败：无法创建目录「/」（exists）');
    expect(await chaosuanStatus(user.token)).toBe(0);
    expect((await messagesOf(t.app, user.token)).map((m) => m.title)).not.toContain('超算账号已开通');

    fs.rmSync(treeRoot);
    expect(await approve(user.applicationId)).toMatchObject({ code: 200 });
    expect(await accountOn(user.token)).toMatchObject({ status: 2, reason: '', scratch: '/scratch' });
    expect(await isFolder(user.id, 'scratch')).toBe(true);
  });

  it('of the demo: the demo user has one open with its folders, the organization one waiting for review', async () => {
    expect(await seedDemoHpcAccounts(t.app.db, t.app.hpc, demoAccounts)).toBe(true);
    expect(await seedDemoHpcAccounts(t.app.db, t.app.hpc, demoAccounts)).toBe(false);
    const demo = await login(t.app, demoAccounts.user, demoPassword);
    expect(await accountOn(demo)).toMatchObject({ status: 2, home: '/', scratch: '/scratch' });
    expect(await chaosuanStatus(demo)).toBe(2);
    const [demoUser] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, demoAccounts.user));
    expect(await isFolder(demoUser!.id, 'scratch')).toBe(true);
    const organization = await login(t.app, demoAccounts.organization, demoPassword);
    const pending = await accountOn(organization);
    expect(pending).toMatchObject({ status: 1 });
    expect((await reviewList(operator)).data.list.map((item: { id: number }) => item.id)).toContain(pending.id);
  });
});
