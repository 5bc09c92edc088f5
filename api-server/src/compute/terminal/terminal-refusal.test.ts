import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { privateNode, rent, systemImageId, userWithBalance } from '../../test-support/compute-test-kit.js';
import { runMeteringPasses } from '../../periodic-jobs.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t?.close());

describe('the web terminal on the simulated pool', () => {
  it("closes with the driver's refusal: its instances have no container to log into", async () => {
    const { node, model } = await privateNode(t.app.db, 1);
    const user = await userWithBalance(t.app, 1_000_000);
    const rented = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: await systemImageId(t.app.db) });
    const id: number = rented.data.instance.id;
    t.clock.advance(10_000);
    await runMeteringPasses(t.app);
    const ticket = await call(t.app, 'POST', '/apis/user/auth/user/instance/terminal/ticket', { id }, user.token);
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/apis/user/instance/terminal/${ticket.data.ticket}`);
    const frames: string[] = [];
    socket.on('message', (data, isBinary) => !isBinary && frames.push(data.toString()));
    const [code, reason] = await new Promise<[number, string]>((resolve) => socket.on('close', (c, r) => resolve([c, r.toString()])));
    expect(code).toBe(4000);
    expect(JSON.parse(frames[0]!)).toEqual({
      type: 'closed',
      reason: '模拟资源池中的实例没有真实容器，无法打开终端',
    });
    expect(Buffer.byteLength(reason)).toBeLessThanOrEqual(123);
    expect(reason.length).toBeGreaterThan(0);
  });
});
