import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bills } from '../../../db/index.js';
import { call, type TestApp } from '../../../test-support/test-app.js';
import {
  privateNode,
  quotedOperation,
  rent,
  setUpComputeTestApp,
  settle,
  tokenFor,
  userWithBalance,
} from '../../../test-support/compute-test-kit.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const minute = 60 * second;
const day = 86_400 * second;
const instancePath = (path: string) => `/apis/user/auth/user/instance/${path}`;

interface InstanceRecord {
  type: 'event' | 'charge';
  name: string;
  actor: string;
  statusName: string;
  amount: number;
  note: string;
}

async function records(token: string, id: number, page = { pageSize: 100 }) {
  return call(t.app, 'POST', instancePath('events'), { id, ...page }, token);
}

/** The 状态记录 oldest first, each line as `name/actor/status` for a change or `name amount` for a charge. */
async function timeline(token: string, id: number) {
  const answer = await records(token, id);
  return (answer.data.list as InstanceRecord[])
    .reverse()
    .map((line) => (line.type === 'event' ? `${line.name}/${line.actor}/${line.statusName}` : `¥${line.name} ${line.amount}`));
}

describe('the instance 状态记录', () => {
  it('lists every state change with who caused it, and the charges and refunds between them', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const { token } = user;
    const id = (await rent(t.app, token, { nodeId: node.id, gpuModelId: model.id, imageId })).data.instance.id as number;
    await settle(t, 8 * second);
    t.clock.advance(3600 * second);
    await call(t.app, 'POST', instancePath('stop'), { id }, token);
    await settle(t, 3 * second);
    await quotedOperation(t.app, token, 'changeBilling', instancePath('change/billing'), { id, billingType: 2, duration: 1 });
    await quotedOperation(t.app, token, 'renew', instancePath('renew'), { id, duration: 1 });
    await quotedOperation(t.app, token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', { id, dataDiskExtraGb: 10 });
    t.clock.advance(day);
    const later = await tokenFor(t.app, user.id);
    await quotedOperation(t.app, later, 'changeBilling', instancePath('change/billing'), { id, billingType: 1 });
    await quotedOperation(t.app, later, 'liftConfig', instancePath('lift/config'), { id, gpuCount: 2 });
    await call(t.app, 'POST', instancePath('start'), { id }, later);
    await settle(t, 5 * second);
    await call(t.app, 'POST', instancePath('schedule/stop'), { id, minutes: 30 }, later);
    await settle(t, 30 * minute);
    await settle(t, 3 * second);
    await call(t.app, 'PUT', `/apis/container/auth/reset/${id}`, {}, later);
    await settle(t, 10 * second);
    await call(t.app, 'POST', instancePath('release/instance'), { id }, later);
    await settle(t, 10 * second);

    expect(await timeline(later, id)).toEqual([
      '创建/用户操作/创建中',
      '变为运行中/系统/运行中',
      '¥按量计费 1980',
      '关机/用户操作/关机中',
      '变为已关机/系统/已关机',
      '¥包周期 42000',
      '转换计费/用户操作/已关机',
      '¥续费 42000',
      '续费/用户操作/已关机',
      '¥数据盘 140',
      '数据盘扩容/用户操作/已关机',
      '¥退款 -42070',
      '转换计费/用户操作/已关机',
      '升降配置/用户操作/已关机',
      '开机/用户操作/开机中',
      '变为运行中/系统/运行中',
      '设置定时关机/用户操作/运行中',
      '¥按量计费 1981',
      '定时关机/系统/关机中',
      '变为已关机/系统/已关机',
      '重置系统/用户操作/重置中',
      '变为已关机/系统/已关机',
      '释放/用户操作/释放中',
      '变为已释放/系统/已释放',
    ]);
    const newest = (await records(later, id)).data.list as InstanceRecord[];
    expect(newest.find((line) => line.name === '升降配置')!.note).toBe('GPU 1 卡 → 2 卡');
    expect(newest.find((line) => line.name === '定时关机')!.note).toContain('按设置的时间');
  });

  it('records what the platform did on its own: 欠费停机, 包周期到期 and 自动释放', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const poor = await userWithBalance(t.app, 2_500);
    const payg = (await rent(t.app, poor.token, { nodeId: node.id, gpuModelId: model.id, imageId })).data.instance.id as number;
    const rich = await userWithBalance(t.app, 1_000_000);
    const daily = (await rent(t.app, rich.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 })).data.instance
      .id as number;
    await settle(t, 8 * second);
    await settle(t, 2 * 3600 * second);
    await settle(t, 3 * second);
    const stopped = (await timeline(await tokenFor(t.app, poor.id), payg)).slice(-3);
    expect(stopped).toEqual(['¥按量计费 2500', '欠费停机/系统/关机中', '变为已关机/系统/已关机']);

    await settle(t, day);
    await settle(t, 15 * day);
    await settle(t, 10 * second);
    await settle(t, 10 * second);
    expect((await timeline(await tokenFor(t.app, rich.id), daily)).filter((line) => !line.startsWith('¥'))).toEqual([
      '创建/用户操作/创建中',
      '变为运行中/系统/运行中',
      '包周期到期/系统/关机中',
      '变为已关机/系统/已关机',
      '自动释放/系统/释放中',
      '变为已释放/系统/已释放',
    ]);
  });

  it('pages the records and refuses another user’s instance', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const id = (await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, billingType: 2 })).data.instance
      .id as number;
    await settle(t, 8 * second);
    const page = await records(user.token, id, { pageSize: 2, pageNum: 2 } as { pageSize: number });
    expect(page.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(page.data.list.map((line: InstanceRecord) => line.name)).toEqual(['包周期']);
    const stranger = await userWithBalance(t.app, 0);
    expect(await records(stranger.token, id)).toMatchObject({ code: 404, msg: '实例不存在' });
  });

  it('lists, for a bill line, that line and the changes and charges before it: why it was charged', async () => {
    const { node, model } = await privateNode(t.app.db, 4);
    const user = await userWithBalance(t.app, 1_000_000);
    const id = (await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId })).data.instance.id as number;
    await settle(t, 8 * second);
    t.clock.advance(3600 * second);
    await call(t.app, 'POST', instancePath('stop'), { id }, user.token);
    await settle(t, 3 * second);
    await call(t.app, 'POST', instancePath('start'), { id }, user.token);
    await settle(t, 5 * second);
    t.clock.advance(1800 * second);
    await call(t.app, 'POST', instancePath('stop'), { id }, user.token);
    await settle(t, 3 * second);
    const [firstLine, secondLine] = await t.app.db.select().from(bills).where(eq(bills.instanceId, id)).orderBy(asc(bills.id));
    expect([firstLine!.kind, secondLine!.kind]).toEqual(['usage', 'usage']);

    const upToFirst = await call(t.app, 'POST', instancePath('events'), { id, bill: firstLine!.id, pageSize: 100 }, user.token);
    // The stop that settled the line happened at its very moment; nothing later is listed.
    expect(upToFirst.data.total).toBe(4);
    expect(upToFirst.data.list.map((line: InstanceRecord & { id: number }) => `${line.type} ${line.name}`)).toEqual([
      'event 关机',
      'charge 按量计费',
      'event 变为运行中',
      'event 创建',
    ]);
    expect(upToFirst.data.list[1]).toMatchObject({ id: firstLine!.id, amount: firstLine!.amount });
    const upToSecond = await call(t.app, 'POST', instancePath('events'), { id, bill: secondLine!.id, pageSize: 3 }, user.token);
    expect(upToSecond.data.total).toBe(9);
    expect(upToSecond.data.list.map((line: InstanceRecord) => line.name)).toEqual(['关机', '按量计费', '变为运行中']);
    expect(upToSecond.data.list[1]).toMatchObject({ id: secondLine!.id });

    const other = (await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId })).data.instance.id as number;
    expect(await call(t.app, 'POST', instancePath('events'), { id: other, bill: firstLine!.id }, user.token)).toMatchObject({
      code: 404,
      msg: '账单明细不存在',
    });
  });
});
