import { describe, expect, it } from 'vitest';
import { call, login, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';
import {
  balanceOf,
  gpuFree,
  ledgerSum,
  privateNode,
  rent,
  userWithBalance,
  setUpComputeTestApp,
} from '../../../test-support/compute-test-kit.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

describe('the pool', () => {
  it('lists regions, GPU models with free counts and prices, and nodes', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const regions = await call(t.app, 'GET', '/apis/node/auth/region/list-enable', undefined, token);
    expect(regions.data.map((r: { regionCode: string }) => r.regionCode)).toEqual(['bj-a', 'hd-2', 'hn-1', 'xb-1']);
    const models = await call(t.app, 'GET', '/apis/node/auth/deviceType/statistics?regionCode=hd-2', undefined, token);
    expect(models.data.map((m: { deviceName: string }) => m.deviceName)).toEqual(['RTX 4090', 'L40S', 'H800']);
    expect(models.data[0]).toMatchObject({ totalGpu: 24, freeGpu: 24, hourPrice: 1980, nodeCount: 3 });
    const nodes = await call(t.app, 'POST', '/apis/node/auth/list', { getType: 1001, regionCode: 'bj-a', pageSize: 100 }, token);
    expect(nodes.data.total).toBe(8);
    expect(nodes.data.list[0]).toMatchObject({ regionName: '北京A区', gpuFree: 8 });
  });
});

describe('price preview', () => {
  it('multiplies GPU count, unit price and duration, adds the data disk and shows the package discount', async () => {
    const token = await login(t.app, demoAccounts.user, demoPassword);
    const { model } = await privateNode(t.app.db, 1);
    const payg = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/price/preview',
      { regionCode: 'xb-1', gpuModelId: model.id, gpuCount: 2, billingType: 1, dataDiskExtraGb: 48 },
      token,
    );
    expect(payg.data).toMatchObject({ amount: 0, hourAmount: 2 * 1980 + 14 });
    const weekly = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/price/preview',
      { regionCode: 'xb-1', gpuModelId: model.id, gpuCount: 2, billingType: 3, duration: 2, dataDiskExtraGb: 10 },
      token,
    );
    expect(weekly.data).toMatchObject({ days: 14, gpuAmount: 2 * 268_000 * 2, diskAmount: 10 * 7 * 14, amount: 1_072_000 + 980 });
    expect(weekly.data.discountAmount).toBe(2 * 1980 * 24 * 14 - 2 * 268_000 * 2);
  });
});

describe('order and pay', () => {
  it('creates the order and the instance and charges a package up front', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 100_000);
    const answer = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 });
    expect(answer).toMatchObject({ code: 200 });
    expect(answer.data.amount).toBe(42_000);
    expect(answer.data.instance).toMatchObject({
      status: 0,
      statusName: '创建中',
      gpuCount: 1,
      billingName: '包日',
      ssh: { user: 'root', host: 'connect.test' },
    });
    expect(answer.data.instance.ssh).toMatchObject({
      port: 2222,
      command: 'ssh -p 2222 root@connect.test',
      keyCommand: `ssh -p 2222 root.${answer.data.instance.id}@connect.test`,
    });
    expect(answer.data.instance.ssh.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(answer.data.instance).toMatchObject({ jupyterPort: null, jupyterReason: '模拟资源池中的实例没有真实容器，无法打开 JupyterLab' });
    expect(await balanceOf(t.app, user.id)).toBe(58_000);
    expect(await gpuFree(t.app, node.id)).toBe(3);
    const bills = await call(t.app, 'POST', '/apis/user/auth/order/bill/list', {}, user.token);
    expect(bills.data.list).toEqual([expect.objectContaining({ kind: 'package', amount: 42_000, orderId: answer.data.orderId })]);
  });

  it('refuses too little balance and too few free GPUs in Chinese, creating nothing', async () => {
    const { node, model } = await privateNode(t.app.db, 2);
    const poor = await userWithBalance(t.app, 1_000);
    expect(await rent(t.app, poor.token, { nodeId: node.id, gpuModelId: model.id, imageId })).toMatchObject({
      code: 409,
      msg: expect.stringContaining('账户余额不足'),
    });
    expect(await rent(t.app, poor.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 })).toMatchObject({
      code: 409,
      msg: '账户余额不足，请先充值',
    });
    const rich = await userWithBalance(t.app, 10_000_000);
    expect(await rent(t.app, rich.token, { nodeId: node.id, gpuModelId: model.id, imageId, gpuCount: 3 })).toMatchObject({
      code: 409,
      msg: expect.stringContaining('当前空闲 2 张'),
    });
    expect(await gpuFree(t.app, node.id)).toBe(2);
    expect((await call(t.app, 'GET', '/apis/container/auth/statistics', undefined, poor.token)).data.totalContainer).toBe(0);
    expect((await call(t.app, 'GET', '/apis/container/auth/statistics', undefined, rich.token)).data.totalContainer).toBe(0);
  });

  it('gives the last GPU to exactly one of two racing users', async () => {
    const { node, model } = await privateNode(t.app.db, 1);
    const [a, b] = await Promise.all([userWithBalance(t.app, 100_000), userWithBalance(t.app, 100_000)]);
    const answers = await Promise.all([a, b].map((u) => rent(t.app, u.token, { nodeId: node.id, gpuModelId: model.id, imageId })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(await gpuFree(t.app, node.id)).toBe(0);
  });

  it('lets exactly 150 of 200 parallel package orders through on a balance for 150', async () => {
    const { node, model } = await privateNode(t.app.db, 300);
    const user = await userWithBalance(t.app, 150 * 42_000);
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 })),
    );
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(150);
    expect(
      answers.filter((answer) => answer.code !== 200).every((answer) => answer.code === 409 && answer.msg === '账户余额不足，请先充值'),
    ).toBe(true);
    expect(await balanceOf(t.app, user.id)).toBe(0);
    expect(await ledgerSum(t.app, user.id)).toBe(0);
    expect(await gpuFree(t.app, node.id)).toBe(150);
    expect((await call(t.app, 'GET', '/apis/container/auth/statistics', undefined, user.token)).data.totalContainer).toBe(150);
  }, 120_000);
});
