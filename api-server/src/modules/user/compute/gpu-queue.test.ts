import { describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../../test-support/test-app.js';
import { applyLedgerEntry } from '../../../billing/ledger.js';
import {
  balanceOf,
  gpuFree,
  instanceOp,
  messagesOf,
  privateNode,
  rent,
  setUpComputeTestApp,
  settle,
  userWithBalance,
} from '../../../test-support/compute-test-kit.js';
import { startQueuedInstances } from '../../../compute/gpu-queue.js';

let t: TestApp;
let imageId: number;
setUpComputeTestApp((compute) => ({ t, imageId } = compute));

const second = 1000;
const op = (token: string, path: string, body: object) => instanceOp(t.app, token, path, body);
const view = async (token: string, id: number) => (await call(t.app, 'POST', '/apis/container/auth/list', { id }, token)).data.list[0];

/** A one-card node with `waiting` stopped pay-as-you-go instances of their own users, and a running one holding the card. */
async function fullNode(waiting: number) {
  const { node, model } = await privateNode(t.app.db, 1);
  const rentOne = async () => {
    const user = await userWithBalance(t.app, 1_000_000);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId });
    await settle(t, 8 * second);
    return { ...user, instanceId: rented.data.instance.id as number };
  };
  const stopped = [];
  for (let i = 0; i < waiting; i++) {
    const owner = await rentOne();
    await op(owner.token, 'stop', { id: owner.instanceId });
    await settle(t, 3 * second);
    stopped.push(owner);
  }
  const holder = await rentOne();
  return { node, stopped, holder };
}

describe('the GPU wait queue', () => {
  it('a start without a free card offers both ways; queued instances start in order as cards free, each owner told', async () => {
    const { node, stopped, holder } = await fullNode(2);
    const [first, second_] = stopped as [(typeof stopped)[0], (typeof stopped)[0]];
    const refused = await op(first.token, 'start', { id: first.instanceId });
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain('无卡模式开机');
    expect(refused.msg).toContain('排队等待GPU');

    const queued = await op(first.token, 'start/queue', { id: first.instanceId });
    expect(queued).toMatchObject({ code: 200, data: { status: 4, gpuWait: { position: 1 } } });
    t.clock.advance(second);
    expect((await op(second_.token, 'start/queue', { id: second_.instanceId })).data.gpuWait.position).toBe(2);
    expect(await op(first.token, 'start/queue', { id: first.instanceId })).toMatchObject({ code: 409, msg: '实例已在排队等待GPU' });
    expect(await op(first.token, 'start', { id: first.instanceId })).toMatchObject({ code: 409, msg: '实例正在排队等待GPU，请先取消排队' });
    expect(await op(first.token, 'release/instance', { id: first.instanceId })).toMatchObject({
      code: 409,
      msg: '实例正在排队等待GPU，请先取消排队',
    });
    expect((await view(first.token, first.instanceId)).operations.cancelQueue.allowed).toBe(true);

    await settle(t, 30 * second);
    expect((await view(first.token, first.instanceId)).status).toBe(4);

    await op(holder.token, 'stop', { id: holder.instanceId });
    expect(await startQueuedInstances(t.app)).toBe(1);
    expect(await view(first.token, first.instanceId)).toMatchObject({ status: 1, gpuHeld: 1, gpuWait: null });
    expect(await gpuFree(t.app, node.id)).toBe(0);
    expect((await messagesOf(t.app, first.token))[0]!.content).toBe(
      `实例「${(await view(first.token, first.instanceId)).name}」已获得 GPU，正在开机`,
    );
    expect((await view(second_.token, second_.instanceId)).gpuWait.position).toBe(1);
    await settle(t, 5 * second);
    expect((await view(first.token, first.instanceId)).status).toBe(2);

    await op(first.token, 'stop', { id: first.instanceId });
    await settle(t, second);
    expect(await view(second_.token, second_.instanceId)).toMatchObject({ status: 1, gpuWait: null });
  });

  it('refuses to queue when a card is free now, when the account cannot pay, and for anyone else', async () => {
    const { stopped, holder } = await fullNode(1);
    const [owner] = stopped as [(typeof stopped)[0]];
    const stranger = await userWithBalance(t.app, 1_000_000);
    expect(await op(stranger.token, 'start/queue', { id: owner.instanceId })).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await op(stranger.token, 'start/queue/cancel', { id: owner.instanceId })).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await op(owner.token, 'start/queue/cancel', { id: owner.instanceId })).toMatchObject({ code: 409, msg: '实例未在排队等待GPU' });

    const balance = await balanceOf(t.app, owner.id);
    await applyLedgerEntry(t.app.db, { userId: owner.id, amount: -balance, kind: 'grant', note: '测试', at: t.clock.now() });
    expect(await op(owner.token, 'start/queue', { id: owner.instanceId })).toMatchObject({ code: 409, msg: '账户余额不足，请先充值' });

    await op(holder.token, 'stop', { id: holder.instanceId });
    await settle(t, 3 * second);
    expect(await op(owner.token, 'start/queue', { id: owner.instanceId })).toMatchObject({
      code: 409,
      msg: '该主机当前有 1 张空闲GPU，请直接开机',
    });
  });

  it('a cancelled instance leaves the queue; one that cannot pay anymore leaves it with a message and the next gets the card', async () => {
    const { node, stopped, holder } = await fullNode(3);
    const [broke, cancelled, next] = stopped as [(typeof stopped)[0], (typeof stopped)[0], (typeof stopped)[0]];
    for (const owner of [broke, cancelled, next]) {
      await op(owner.token, 'start/queue', { id: owner.instanceId });
      t.clock.advance(second);
    }
    const left = await op(cancelled.token, 'start/queue/cancel', { id: cancelled.instanceId });
    expect(left).toMatchObject({ code: 200, data: { gpuWait: null, status: 4 } });
    expect(left.data.operations.start.allowed).toBe(true);
    expect((await view(next.token, next.instanceId)).gpuWait.position).toBe(2);

    await applyLedgerEntry(t.app.db, {
      userId: broke.id,
      amount: -(await balanceOf(t.app, broke.id)),
      kind: 'grant',
      note: '测试',
      at: t.clock.now(),
    });
    await op(holder.token, 'stop', { id: holder.instanceId });
    await settle(t, second);
    expect(await view(broke.token, broke.instanceId)).toMatchObject({ status: 4, gpuWait: null });
    expect((await messagesOf(t.app, broke.token))[0]).toMatchObject({ title: '余额不足，已退出GPU排队' });
    expect(await view(cancelled.token, cancelled.instanceId)).toMatchObject({ status: 4, gpuWait: null });
    expect(await view(next.token, next.instanceId)).toMatchObject({ status: 1, gpuHeld: 1 });
    expect(await gpuFree(t.app, node.id)).toBe(0);
  });

  it('two queue passes and a user start racing for one freed card: exactly one instance gets it', async () => {
    const { node, stopped, holder } = await fullNode(3);
    const [a, b, c] = stopped as [(typeof stopped)[0], (typeof stopped)[0], (typeof stopped)[0]];
    await op(a.token, 'start/queue', { id: a.instanceId });
    t.clock.advance(second);
    await op(b.token, 'start/queue', { id: b.instanceId });
    await op(holder.token, 'stop', { id: holder.instanceId });
    const [one, two, userStart] = await Promise.all([
      startQueuedInstances(t.app),
      startQueuedInstances(t.app),
      op(c.token, 'start', { id: c.instanceId }),
    ]);
    const starting = [a, b, c].map(async (owner) => (await view(owner.token, owner.instanceId)).gpuHeld);
    expect((await Promise.all(starting)).reduce((sum, held) => sum + held, 0)).toBe(1);
    expect(one + two + (userStart.code === 200 ? 1 : 0)).toBe(1);
    expect(await gpuFree(t.app, node.id)).toBe(0);
    expect((await view(b.token, b.instanceId)).gpuWait).not.toBeNull();
  });
});
