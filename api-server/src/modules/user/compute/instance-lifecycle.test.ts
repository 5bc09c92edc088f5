import { describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test-support/test-app.js';
import {
  balanceOf,
  gpuFree,
  instanceOp,
  ledgerSum,
  privateNode,
  quotedOperation,
  rent,
  setUpComputeTestApp,
  settle,
  tokenFor,
  userWithBalance,
} from '../../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../../periodic-jobs.js';
import { images } from '../../../db/schema.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const op = (token: string, path: string, body: object) => instanceOp(t.app, token, path, body);
const quoted = (token: string, operation: string, path: string, body: { id: number } & Record<string, unknown>) =>
  quotedOperation(t.app, token, operation, path.startsWith('/') ? path : `/apis/user/auth/user/instance/${path}`, body);
const put = (token: string, path: string, body: object) => call(t.app, 'PUT', `/apis/container/auth/${path}`, body, token);

async function running(o: { gpus?: number; gpuCount?: number } = {}) {
  const { node, model } = await privateNode(t.app.db, o.gpus ?? 2);
  const user = await userWithBalance(t.app, 1_000_000);
  const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId, gpuCount: o.gpuCount ?? 1 });
  await settle(t, 8 * second);
  return { user, node, model, id: rented.data.instance.id as number, token: user.token };
}

describe('the instance lifecycle', () => {
  it('creating → running → stopping → stopped → starting → running, refusing what each state does not allow', async () => {
    const { node, model } = await privateNode(t.app.db, 2);
    const user = await userWithBalance(t.app, 1_000_000);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    const id = rented.data.instance.id;
    expect(rented.data.instance.operations.stop).toEqual({ name: '关机', allowed: false, reason: '实例正在创建中，请稍候' });
    expect(await op(user.token, 'stop', { id })).toMatchObject({ code: 409, msg: '实例正在创建中，请稍候' });
    await settle(t, 8 * second);
    expect(await op(user.token, 'start', { id })).toMatchObject({ code: 409, msg: '运行中的实例不能开机，请先关机' });
    expect(await op(user.token, 'release/instance', { id })).toMatchObject({ code: 409, msg: '运行中的实例不能释放，请先关机' });
    const stopping = await op(user.token, 'stop', { id });
    expect(stopping.data).toMatchObject({ status: 3, statusName: '关机中', gpuHeld: 0 });
    expect(await gpuFree(t.app, node.id)).toBe(2);
    expect(await op(user.token, 'start', { id })).toMatchObject({ code: 409, msg: '实例正在关机，请关机完成后再操作' });
    await settle(t, 3 * second);
    const started = await op(user.token, 'start', { id });
    expect(started.data).toMatchObject({ status: 1, gpuHeld: 1 });
    await settle(t, 5 * second);
    const list = await call(t.app, 'POST', '/apis/container/auth/list', {}, user.token);
    expect(list.data.list[0]).toMatchObject({ id, status: 2, statusName: '运行中' });
    expect(list.data.list[0].operations.start.reason).toBeTruthy();
    expect(await ledgerSum(t.app, user.id)).toBe(await balanceOf(t.app, user.id));
  });

  it('pages the instance list with its total on a full page, the short last page and past the end, filtered or not', async () => {
    const { node, model } = await privateNode(t.app.db, 3);
    const user = await userWithBalance(t.app, 1_000_000);
    for (let i = 0; i < 3; i++) await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    const page = async (body: object) => (await call(t.app, 'POST', '/apis/container/auth/list', body, user.token)).data;
    for (const filter of [{}, { status: 0 }]) {
      expect(await page({ ...filter, pageNum: 1, pageSize: 2 })).toMatchObject({ total: 3, list: [{}, {}] });
      expect(await page({ ...filter, pageNum: 2, pageSize: 2 })).toMatchObject({ total: 3, list: [{}] });
      expect(await page({ ...filter, pageNum: 3, pageSize: 2 })).toMatchObject({ total: 3, list: [] });
    }
    expect(await page({ status: 2, pageNum: 1, pageSize: 2 })).toMatchObject({ total: 0, list: [] });
  });

  it('a start with the GPUs taken says how many are free and offers the no-GPU start, which works', async () => {
    const { node, model, id, token } = await running({ gpus: 2, gpuCount: 2 });
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    const other = await userWithBalance(t.app, 1_000_000);
    expect((await rent(t.app, other.token, { nodeId: node.id, gpuModelId: model.id, imageId })).code).toBe(200);
    const refused = await op(token, 'start', { id });
    expect(refused).toMatchObject({ code: 409 });
    expect(refused.msg).toContain('当前空闲 1 张，需要 2 张');
    expect(refused.msg).toContain('无卡模式开机');
    const noGpu = await op(token, 'non/device/start', { id });
    expect(noGpu.data).toMatchObject({ status: 1, noGpu: true, gpuHeld: 0, cpu: 0.5, memoryGb: 2 });
    expect(await gpuFree(t.app, node.id)).toBe(1);
  });

  it('stops at the time the user scheduled, telling them, and a scheduled stop can be cancelled', async () => {
    const { id, token, user } = await running();
    expect((await op(token, 'schedule/stop', { id, minutes: 90 })).data.stopAt).toBe(
      new Date(t.clock.now().getTime() + 90 * 60_000).toISOString(),
    );
    expect((await op(token, 'schedule/stop', { id, minutes: 0 })).data.stopAt).toBeNull();
    await op(token, 'schedule/stop', { id, minutes: 60 });
    await settle(t, 59 * 60 * second);
    expect((await call(t.app, 'POST', '/apis/container/auth/list', { id }, token)).data.list[0].status).toBe(2);
    const before = await balanceOf(t.app, user.id);
    await settle(t, 60 * second);
    const [stopped] = (await call(t.app, 'POST', '/apis/container/auth/list', { id }, token)).data.list;
    expect(stopped).toMatchObject({ status: 3, stopAt: null });
    expect(before - (await balanceOf(t.app, user.id))).toBe(Math.floor((60 * 24 * 1980) / 86_400));
    const messages = await call(t.app, 'POST', '/apis/user/auth/msg/user/list', {}, token);
    expect(messages.data.list[0].title).toBe('实例已定时关机');
    await settle(t, 3 * second);
    expect(await op(token, 'schedule/stop', { id, minutes: 30 })).toMatchObject({ code: 409, msg: '仅运行中的实例可设置定时关机' });
  });

  it('two stopped instances racing to start on the last free GPU of their node: exactly one gets it', async () => {
    const { node, model } = await privateNode(t.app.db, 2);
    const owners = await Promise.all([userWithBalance(t.app, 1_000_000), userWithBalance(t.app, 1_000_000)]);
    const ids: number[] = [];
    for (const owner of owners)
      ids.push((await rent(t.app, owner.token, { nodeId: node.id, gpuModelId: model.id, imageId })).data.instance.id);
    await settle(t, 8 * second);
    for (const [index, owner] of owners.entries()) await op(owner.token, 'stop', { id: ids[index] });
    await settle(t, 3 * second);
    const third = await userWithBalance(t.app, 1_000_000);
    expect((await rent(t.app, third.token, { nodeId: node.id, gpuModelId: model.id, imageId })).code).toBe(200);
    const starts = await Promise.all(owners.map((owner, index) => op(owner.token, 'start', { id: ids[index] })));
    expect(starts.map((answer) => answer.code).sort()).toEqual([200, 409]);
    expect(starts.find((answer) => answer.code === 409)!.msg).toContain('当前空闲 0 张，需要 1 张');
    expect(await gpuFree(t.app, node.id)).toBe(0);
  });

  it('changes the GPU count on the same node while stopped, up to the node size', async () => {
    const { id, token, node } = await running({ gpus: 4 });
    expect(await quoted(token, 'liftConfig', 'lift/config', { id, gpuCount: 2 })).toMatchObject({
      code: 409,
      msg: '运行中的实例不能升降配置，请先关机',
    });
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    expect(await quoted(token, 'liftConfig', 'lift/config', { id, gpuCount: 5 })).toMatchObject({
      code: 409,
      msg: '该主机共 4 张GPU，最多可配置 4 张',
    });
    expect((await quoted(token, 'liftConfig', 'lift/config', { id, gpuCount: 3 })).data).toMatchObject({ gpuCount: 3, gpuHeld: 0 });
    await op(token, 'start', { id });
    expect(await gpuFree(t.app, node.id)).toBe(1);
    await settle(t, 5 * second);
    t.clock.advance(3600 * second);
    const before = await balanceOf(t.app, (await userOf(token)).id);
    await runMeteringPasses(t.app);
    expect(before - (await balanceOf(t.app, (await userOf(token)).id))).toBe(3 * 1980);
  });

  it('converts pay-as-you-go to a package and back, refunding the unused days', async () => {
    const { id, token, user, node } = await running({ gpus: 2 });
    const toWeekly = await quoted(token, 'changeBilling', 'change/billing', { id, billingType: 3 });
    expect(toWeekly.data).toMatchObject({ billingType: 3, billingName: '包周' });
    const afterWeekly = await balanceOf(t.app, user.id);
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    expect(await gpuFree(t.app, node.id)).toBe(1);
    t.clock.advance(86_400 * second);
    const back = await quoted(await tokenFor(t.app, user.id), 'changeBilling', 'change/billing', { id, billingType: 1 });
    expect(back.data).toMatchObject({ billingType: 1, gpuHeld: 0 });
    expect(await gpuFree(t.app, node.id)).toBe(2);
    const remainingMs = 7 * 86_400_000 - 86_403 * second;
    expect((await balanceOf(t.app, user.id)) - afterWeekly).toBe(Math.floor((remainingMs * (268_000 / 7)) / 86_400_000 / 10) * 10);
    expect(await ledgerSum(t.app, user.id)).toBe(await balanceOf(t.app, user.id));
  });

  it('clones a stopped instance into a new pay-as-you-go instance', async () => {
    const { id, token } = await running();
    expect(await quoted(token, 'clone', 'clone', { id })).toMatchObject({ code: 409 });
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    const clone = await quoted(token, 'clone', 'clone', { id });
    expect(clone.data).toMatchObject({ status: 0, billingType: 1, gpuCount: 1 });
    expect(clone.data.name).toMatch(/-克隆$/);
    expect(clone.data.id).not.toBe(id);
  });

  it('expands the data disk while stopped and never shrinks it; the storage dashboard adds it up', async () => {
    const { id, token } = await running();
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    const adjusted = await quoted(token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', { id, dataDiskExtraGb: 100 });
    expect(adjusted.data).toMatchObject({ dataDiskGb: 150, dataDiskExtraGb: 100 });
    expect(await quoted(token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', { id, dataDiskExtraGb: 20 })).toMatchObject({
      code: 422,
      msg: expect.stringContaining('不能缩容'),
    });
    const dashboard = await call(t.app, 'GET', '/apis/user/auth/dashboard/storage', undefined, token);
    expect(dashboard.data).toMatchObject({ dataDiskGb: 150, dataDiskExtraGb: 100, freeDataDiskGb: 50 });
  });

  it('resets, changes image, commits a private image and renames', async () => {
    const { id, token } = await running();
    expect(await put(token, `reset/${id}`, {})).toMatchObject({ code: 409, msg: '运行中的实例不能重置系统，请先关机' });
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    expect((await put(token, `reset/${id}`, {})).data).toMatchObject({ status: 7 });
    await settle(t, 6 * second);
    const sys = await call(t.app, 'GET', '/apis/image/auth/allSys', undefined, token);
    const tensorflow = sys.data.find((image: { framework: string }) => image.framework === 'TensorFlow');
    expect((await put(token, 'changeImage', { id, imageId: tensorflow.id })).data).toMatchObject({
      status: 7,
      imageName: 'TensorFlow 2.15.0',
    });
    await settle(t, 6 * second);
    expect((await put(token, 'commit', { id, imageName: '我的环境' })).data).toMatchObject({ status: 8 });
    const saving = await call(t.app, 'POST', '/apis/image/auth/private/page', {}, token);
    expect(saving.data.list[0]).toMatchObject({ name: '我的环境', status: 0, sourceInstanceId: id, framework: 'TensorFlow' });
    expect(saving.data.list[0].sizeBytes).toBeGreaterThan(0);
    await settle(t, 10 * second);
    const saved = await call(t.app, 'POST', '/apis/image/auth/private/page', {}, token);
    expect(saved.data.list[0].status).toBe(1);
    expect((await put(token, 'changeName', { id, name: '训练机' })).data).toMatchObject({ name: '训练机' });
  });
});

describe('images', () => {
  it('pages system and private images, renames and deletes a private one unless an instance uses it', async () => {
    const { id, token } = await running();
    const page = await call(t.app, 'POST', '/apis/image/auth/system/page', { keyword: 'torch' }, token);
    expect(page.data.total).toBe(2);
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    await put(token, 'commit', { id, imageName: '基线' });
    await settle(t, 10 * second);
    const [image] = (await call(t.app, 'POST', '/apis/image/auth/private/page', {}, token)).data.list;
    expect((await call(t.app, 'PUT', '/apis/image/auth/private/change-name', { id: image.id, name: '基线-v2' }, token)).data.name).toBe(
      '基线-v2',
    );
    await put(token, 'changeImage', { id, imageId: image.id });
    expect(await call(t.app, 'DELETE', `/apis/image/auth/private/delete/${image.id}`, undefined, token)).toMatchObject({
      code: 409,
      msg: expect.stringContaining('正在使用该镜像'),
    });
    await settle(t, 6 * second);
    await put(token, 'changeImage', { id, imageId });
    await settle(t, 6 * second);
    expect((await call(t.app, 'DELETE', `/apis/image/auth/private/delete/${image.id}`, undefined, token)).code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/image/auth/private/page', {}, token)).data.total).toBe(0);
    const stranger = await userWithBalance(t.app, 0);
    expect((await call(t.app, 'PUT', '/apis/image/auth/private/change-name', { id: image.id, name: 'x' }, stranger.token)).code).toBe(404);
  });

  it('refuses to save one more private image once the images fill the 30 GB quota, saying how to make room', async () => {
    const { id, token, user } = await running();
    await op(token, 'stop', { id });
    await settle(t, 3 * second);
    await t.app.db.insert(images).values({
      userId: user.id,
      name: '大镜像',
      framework: 'PyTorch',
      frameworkVersion: '2.3.0',
      python: '3.10',
      cuda: '12.4',
      os: 'Ubuntu 22.04',
      sizeBytes: 53 * 1024 ** 3,
      status: 1,
    });
    expect((await call(t.app, 'GET', '/apis/image/auth/repository', undefined, token)).data).toMatchObject({
      usedBytes: 53 * 1024 ** 3,
      quotaBytes: 30 * 1024 ** 3,
    });
    expect(await put(token, 'commit', { id, imageName: '又一个' })).toMatchObject({
      code: 409,
      msg: '私有镜像已用 53.00 GB / 30.00 GB，已超出配额：请先删除不再使用的私有镜像，再保存新镜像',
    });
    expect((await call(t.app, 'POST', '/apis/image/auth/private/page', {}, token)).data.total).toBe(1);
  });

  it('opens the image repository once per namespace', async () => {
    const a = await userWithBalance(t.app, 0);
    const b = await userWithBalance(t.app, 0);
    expect((await call(t.app, 'GET', '/apis/image/auth/repository', undefined, a.token)).data).toMatchObject({ activated: false });
    expect((await call(t.app, 'POST', '/apis/image/auth/repository', { namespace: 'team-a' }, a.token)).data).toMatchObject({
      activated: true,
      registry: 'registry.suanli.example/team-a',
    });
    expect(await call(t.app, 'POST', '/apis/image/auth/repository', { namespace: 'team-a' }, b.token)).toMatchObject({
      code: 409,
      msg: '该命名空间已被占用',
    });
  });

  it('keeps other users out of an instance', async () => {
    const { id } = await running();
    const stranger = await userWithBalance(t.app, 1_000_000);
    expect(await op(stranger.token, 'stop', { id })).toMatchObject({ code: 404, msg: '实例不存在' });
  });
});

async function userOf(token: string) {
  return (await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token)).data as { id: number };
}
