import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyLedgerEntry } from '../billing/ledger.js';
import { balanceOf, ledgerSum, messagesOf } from '../test-support/compute-test-kit.js';
import { hpcAccounts, hpcClusters, hpcJobs, hpcPackageProducts, hpcPackages, ledgerEntries } from '../db/schema.js';
import { openClusterTreeOf } from '../storage/clusters.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { hpcBills, hpcUser, jobBody, jobRow, jobView, localCluster, submit } from '../test-support/hpc-test-kit.js';
import { runJobSync } from './job-sync.js';

// The sync pass: jobs move with the scheduler's queue and are charged once when they end, packages first.
let t: TestApp;
let clusterId: number;
const second = 1000;
const day = 24 * 3600 * second;

beforeAll(async () => {
  t = await createTestApp();
  clusterId = (await localCluster(t.app)).id;
});
afterAll(() => t.close());

async function readFile(userId: number, path: string) {
  const tree = await openClusterTreeOf(t.app, userId, clusterId);
  const chunks: Buffer[] = [];
  for await (const chunk of await tree.fs.read(path)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

async function giveAPackage(userId: number, remainingCoreSeconds: number, expiresInDays: number) {
  const [product] = await t.app.db.select().from(hpcPackageProducts).limit(1);
  const [pkg] = await t.app.db
    .insert(hpcPackages)
    .values({
      userId,
      productId: product!.id,
      orderId: 0,
      coreSeconds: remainingCoreSeconds,
      remainingCoreSeconds,
      expiresAt: new Date(t.clock.now().getTime() + expiresInDays * day),
    })
    .returning();
  return pkg!.id;
}

const remainingOf = async (id: number) =>
  (await t.app.db.select().from(hpcPackages).where(eq(hpcPackages.id, id)))[0]!.remainingCoreSeconds;

describe('a job from submission to its bill', () => {
  it('goes PENDING → RUNNING → COMPLETED and is charged once, however often and however concurrently the pass runs', async () => {
    const user = await hpcUser(t.app, 10_000);
    const submitted = await submit(t.app, user.token, jobBody(clusterId, { name: '计算', script: 'echo 你好\nsleep 900\n' }));
    const id = submitted.data.id as number;
    await runJobSync(t.app);
    expect((await jobView(t.app, user.token, id)).data).toMatchObject({ state: 'PENDING', stateText: '排队中', elapsedSeconds: 0 });

    t.clock.advance(10 * second);
    await runJobSync(t.app);
    t.clock.advance(300 * second);
    const [running] = (await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'active' }, user.token)).data.list;
    expect(running).toMatchObject({ id, state: 'RUNNING', stateText: '运行中', elapsedSeconds: 300, allocCpus: 4, chargedAmount: 0 });

    t.clock.advance(600 * second);
    await Promise.all([runJobSync(t.app), runJobSync(t.app)]);
    await runJobSync(t.app);
    const job = (await jobView(t.app, user.token, id)).data;
    expect(job).toMatchObject({
      state: 'COMPLETED',
      stateText: '已完成',
      exitCode: 0,
      elapsedSeconds: 900,
      allocCpus: 4,
      coreSeconds: 3_600,
      packageCoreSeconds: 0,
      chargedAmount: 100,
      canCancel: false,
    });
    const bills = await hpcBills(t.app, user.id);
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({
      kind: 'usage',
      amount: 100,
      seconds: 3_600,
      note: `超算（默认集群·cpu） 作业${job.schedulerJobId}「计算」 4核×900秒`,
    });
    expect(await balanceOf(t.app, user.id)).toBe(9_900);
    expect(await ledgerSum(t.app, user.id)).toBe(9_900);
    expect((await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'active' }, user.token)).data.total).toBe(0);
    expect((await call(t.app, 'POST', '/apis/hpc/auth/job/list', { scope: 'history' }, user.token)).data.list[0].id).toBe(id);
    expect(await readFile(user.id, job.outputPath.slice(1))).toBe('你好\n');
    const [message] = await messagesOf(t.app, user.token);
    expect(message).toMatchObject({
      title: '超算作业已完成',
      content: `你的作业「计算」（作业号 ${job.schedulerJobId}）已完成，运行 15分0秒，扣费 ¥0.10。`,
    });
  });

  it('charges a job that hit its time limit for the time it ran', async () => {
    const user = await hpcUser(t.app, 10_000);
    const { data } = await submit(t.app, user.token, jobBody(clusterId, { timeLimitMinutes: 1, script: 'sleep 600' }));
    t.clock.advance(70 * second);
    await runJobSync(t.app);
    expect(await jobRow(t.app, data.id)).toMatchObject({ state: 'TIMEOUT', elapsedSeconds: 60, coreSeconds: 240, chargedAmount: 7 });
    expect((await jobView(t.app, user.token, data.id)).data.stateText).toBe('超时');
    expect(await balanceOf(t.app, user.id)).toBe(9_993);
  });
});

describe('HPC bill lines', () => {
  it('bill a GPU job in core-hours and GPU-hours at the partition prices, one movement of the balance', async () => {
    const user = await hpcUser(t.app, 100_000);
    const { data } = await submit(t.app, user.token, jobBody(clusterId, { name: '训练', partition: 'gpu', tasks: 2, gpus: 1 }));
    t.clock.advance(910 * second);
    await runJobSync(t.app);
    const job = await jobRow(t.app, data.id);
    expect(job).toMatchObject({ elapsedSeconds: 900, coreSeconds: 1_800, gpuSeconds: 900, chargedAmount: 1_550 });

    const lines = (await call(t.app, 'POST', '/apis/user/auth/bill/list', { product: 'hpc' }, user.token)).data.list;
    expect(
      lines.map((line: Record<string, unknown>) => [
        line.kind,
        line.unitPrice,
        line.priceUnit,
        line.quantity,
        line.quantityUnit,
        line.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['usage', 100, '核时', 1_800, '核秒', 50],
        ['gpu_usage', 6_000, '卡时', 900, '卡秒', 1_500],
      ]),
    );
    expect(lines).toHaveLength(2);
    const movements = (await call(t.app, 'POST', '/apis/user/auth/bill/ledger/list', { kind: 'charge' }, user.token)).data.list;
    expect(movements).toMatchObject([{ amount: -1_550, note: `超算（默认集群·gpu） 作业${job.schedulerJobId}「训练」 2核+1卡×900秒` }]);
  });
});

describe('packages', () => {
  it('draw core-seconds from the earliest-expiring usable package first, then the balance pays the rest', async () => {
    const user = await hpcUser(t.app, 10_000);
    const soon = await giveAPackage(user.id, 1_000, 5);
    const later = await giveAPackage(user.id, 800, 20);
    const expired = await giveAPackage(user.id, 50_000, -1);
    const estimate = await call(t.app, 'POST', '/apis/hpc/auth/job/estimate', jobBody(clusterId), user.token);
    expect(estimate.data).toMatchObject({ packageCoreSecondsAvailable: 1_800, estimatedAmount: 150 });

    const { data } = await submit(t.app, user.token, jobBody(clusterId));
    t.clock.advance(910 * second);
    await runJobSync(t.app);
    expect(await jobRow(t.app, data.id)).toMatchObject({ coreSeconds: 3_600, packageCoreSeconds: 1_800, chargedAmount: 50 });
    expect([await remainingOf(soon), await remainingOf(later), await remainingOf(expired)]).toEqual([0, 0, 50_000]);
    expect((await hpcBills(t.app, user.id))[0]).toMatchObject({ amount: 50, seconds: 1_800 });
    expect((await hpcBills(t.app, user.id))[0]!.note).toContain('4核×900秒，资源包抵扣 1800 核秒');
    expect(await balanceOf(t.app, user.id)).toBe(9_950);
  });

  it('are sold at the quoted price: an order, a bill line and the core-seconds, refused when unknown or unaffordable', async () => {
    const user = await hpcUser(t.app, 100_000);
    const products = (await call(t.app, 'GET', '/apis/hpc/auth/package/products', undefined, user.token)).data;
    const starter = products.find((p: { name: string }) => p.name === '入门核时包');
    expect(starter).toMatchObject({ coreHours: 1_000, price: 80_000, validDays: 30, clusterId: null, clusterName: '全部集群' });

    const quote = await call(t.app, 'POST', '/apis/hpc/auth/package/quote', { productId: starter.id }, user.token);
    expect(quote.data).toMatchObject({ amount: 80_000, balance: 100_000, balanceAfter: 20_000, enough: true });
    const bought = await call(
      t.app,
      'POST',
      '/apis/hpc/auth/package/buy',
      { productId: starter.id, quoteToken: quote.data.quoteToken },
      user.token,
    );
    expect(bought).toMatchObject({ code: 200, data: { name: '入门核时包', remainingCoreSeconds: 3_600_000, expired: false } });
    expect(new Date(bought.data.expiresAt).getTime()).toBe(t.clock.now().getTime() + 30 * day);
    expect(await hpcBills(t.app, user.id)).toMatchObject([{ kind: 'package', amount: 80_000, note: '超算资源包 入门核时包' }]);
    const orders = await call(t.app, 'POST', '/apis/user/auth/order/list', { orderType: 8 }, user.token);
    expect(orders.data.list).toMatchObject([{ orderType: 8, amount: 80_000 }]);
    expect((await call(t.app, 'GET', '/apis/hpc/auth/package/list', undefined, user.token)).data).toHaveLength(1);

    const again = await call(t.app, 'POST', '/apis/hpc/auth/package/quote', { productId: starter.id }, user.token);
    expect(again.data.enough).toBe(false);
    const refused = await call(
      t.app,
      'POST',
      '/apis/hpc/auth/package/buy',
      { productId: starter.id, quoteToken: again.data.quoteToken },
      user.token,
    );
    expect(refused).toMatchObject({ code: 409, msg: '账户余额不足，请先充值' });
    expect(await call(t.app, 'POST', '/apis/hpc/auth/package/quote', { productId: 999_999 }, user.token)).toMatchObject({
      code: 404,
      msg: '资源包不存在或已下架',
    });
    expect((await call(t.app, 'GET', '/apis/hpc/auth/package/list', undefined, user.token)).data).toHaveLength(1);
    expect(await balanceOf(t.app, user.id)).toBe(20_000);
  });

  it('a quote buys one package: buying again with the same quote is refused and charges nothing', async () => {
    const user = await hpcUser(t.app, 200_000);
    const products = (await call(t.app, 'GET', '/apis/hpc/auth/package/products', undefined, user.token)).data;
    const starter = products.find((p: { name: string }) => p.name === '入门核时包');
    const quote = await call(t.app, 'POST', '/apis/hpc/auth/package/quote', { productId: starter.id }, user.token);
    const buy = () =>
      call(t.app, 'POST', '/apis/hpc/auth/package/buy', { productId: starter.id, quoteToken: quote.data.quoteToken }, user.token);
    expect((await buy()).code).toBe(200);
    expect(await buy()).toMatchObject({ code: 409, msg: '该报价已使用，请重新确认' });
    expect((await call(t.app, 'GET', '/apis/hpc/auth/package/list', undefined, user.token)).data).toHaveLength(1);
    expect(await balanceOf(t.app, user.id)).toBe(120_000);
  });
});

describe('cancelling', () => {
  it('cancels a queued job for nothing, a running one for the time it ran, a held one locally', async () => {
    const user = await hpcUser(t.app, 500);
    const queued = await submit(t.app, user.token, jobBody(clusterId, { name: 'queued' }));
    const cancelledQueued = await call(t.app, 'POST', '/apis/hpc/auth/job/cancel', { id: queued.data.id }, user.token);
    expect(cancelledQueued).toMatchObject({ code: 200, msg: '作业已取消', data: { state: 'CANCELLED' } });
    expect(await jobRow(t.app, queued.data.id)).toMatchObject({ elapsedSeconds: 0, chargedAmount: 0 });

    const running = await submit(t.app, user.token, jobBody(clusterId, { name: 'running' }));
    const held = await submit(t.app, user.token, jobBody(clusterId, { name: 'held', timeLimitMinutes: 120 }));
    expect(held.data.state).toBe('HELD');
    t.clock.advance(70 * second);
    const cancelledRunning = await call(t.app, 'POST', '/apis/hpc/auth/job/cancel', { id: running.data.id }, user.token);
    expect(cancelledRunning.data.state).toBe('CANCELLED');
    expect(await jobRow(t.app, running.data.id)).toMatchObject({ elapsedSeconds: 60, coreSeconds: 240, chargedAmount: 7 });

    const cancelledHeld = await call(t.app, 'POST', '/apis/hpc/auth/job/cancel', { id: held.data.id }, user.token);
    expect(cancelledHeld.data.state).toBe('CANCELLED');
    expect(await call(t.app, 'POST', '/apis/hpc/auth/job/cancel', { id: held.data.id }, user.token)).toMatchObject({
      code: 409,
      msg: '作业已结束，无需取消',
    });
    await runJobSync(t.app);
    expect(await hpcBills(t.app, user.id)).toMatchObject([{ amount: 7, seconds: 240 }]);
    expect(await balanceOf(t.app, user.id)).toBe(493);
  });
});

describe('money never goes negative', () => {
  it('charges what the balance holds when it fell below the cost, and writes the shortfall in the job', async () => {
    const user = await hpcUser(t.app, 250);
    const { data } = await submit(t.app, user.token, jobBody(clusterId));
    await applyLedgerEntry(t.app.db, { userId: user.id, amount: -220, kind: 'charge', note: '其他消费', at: t.clock.now() });
    t.clock.advance(910 * second);
    await runJobSync(t.app);
    await runJobSync(t.app);
    expect(await jobRow(t.app, data.id)).toMatchObject({ state: 'COMPLETED', chargedAmount: 30, reason: '余额不足，尚有 ¥0.07 未能扣除' });
    expect(await balanceOf(t.app, user.id)).toBe(0);
    const entries = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.account, 'cash')));
    expect(entries.every((entry) => (entry.balanceAfter ?? 0) >= 0)).toBe(true);
    expect(await submit(t.app, user.token, jobBody(clusterId))).toMatchObject({ msg: '账户余额不足，请先充值后再提交作业' });
  });
});

describe('a cluster that cannot be reached', () => {
  it('is logged and its jobs are left as they are, while the other clusters’ jobs move on', async () => {
    const user = await hpcUser(t.app, 10_000);
    const reachable = await submit(t.app, user.token, jobBody(clusterId, { script: 'sleep 5' }));
    const [away] = await t.app.db
      .insert(hpcClusters)
      .values({
        name: '远方集群',
        kind: 'sftp',
        host: '127.0.0.1',
        port: 1,
        username: 'portal',
        scheduler: 'slurm',
        quotaBytes: 1,
        quotaFiles: 1,
        sort: 9,
      })
      .returning();
    const [account] = await t.app.db
      .insert(hpcAccounts)
      .values({ userId: user.id, clusterId: away!.id, status: 2, unixName: `hpc${user.id}`, appliedAt: t.clock.now() })
      .returning();
    const [stranded] = await t.app.db
      .insert(hpcJobs)
      .values({
        ...jobBody(away!.id),
        userId: user.id,
        accountId: account!.id,
        schedulerJobId: '42',
        outputPath: '/home/slurm-42.out',
        state: 'RUNNING',
        estimatedAmount: 200,
        submittedAt: t.clock.now(),
      })
      .returning();
    t.clock.advance(20 * second);
    await runJobSync(t.app);
    expect(await jobRow(t.app, stranded!.id)).toEqual(stranded);
    expect((await jobRow(t.app, reachable.data.id)).state).toBe('COMPLETED');
    await t.app.db.update(hpcClusters).set({ enabled: false }).where(eq(hpcClusters.id, away!.id));
  });
});
