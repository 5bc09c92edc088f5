import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, instances } from '../db/schema.js';
import { loadConfig } from '../config.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { podmanOfTestApp } from '../test-support/podman-namespace.js';
import { gpuFree, messagesOf, privateNode, quotedOperation, rent, systemImageId, userWithBalance } from './compute-test-kit.js';
import { DriverRefusal } from './driver.js';
import { advanceTransitions, stopExitedInstances } from './scheduler.js';
import { SimulatedDriver } from './simulated-driver.js';
import { Status } from './states.js';

/** What differs between the drivers the contract runs against. */
interface Subject {
  driver: 'simulated' | 'podman';
  /** Whether processes can run in its instances (the simulated driver refuses with DriverRefusal). */
  runsProcesses: boolean;
  /** Lets time pass while waiting for a transition. */
  wait(t: TestApp): Promise<void>;
  maxWaits: number;
  /** The instance's container stops on its own; answers the reason the owner should read. */
  kill(t: TestApp, instanceId: number): Promise<RegExp>;
  /** Podman's side of an instance: whether its container and data volume exist (null where there are none). */
  exists(t: TestApp, instanceId: number): Promise<{ container: boolean; volume: boolean } | null>;
  cleanUp(t: TestApp): Promise<void>;
}

const simulated: Subject = {
  driver: 'simulated',
  runsProcesses: false,
  wait: async (t) => t.clock.advance(10_000),
  maxWaits: 3,
  async kill(t, instanceId) {
    (t.app.compute.driver as SimulatedDriver).exit(instanceId, '容器进程已退出（退出码 137）');
    return /^容器进程已退出（退出码 137）$/;
  },
  exists: async () => null,
  cleanUp: async () => {},
};

const podman: Subject = {
  driver: 'podman',
  runsProcesses: true,
  wait: () => new Promise((resolve) => setTimeout(resolve, 100)),
  maxWaits: 200,
  async kill(t, instanceId) {
    const side = podmanOfTestApp(t.dataDir);
    await side.docker.getContainer(side.names.container(instanceId)).kill();
    return /^容器进程已退出（退出码 \d+）$/;
  },
  async exists(t, instanceId) {
    const side = podmanOfTestApp(t.dataDir);
    return {
      container: await side.containerExists(side.names.container(instanceId)),
      volume: await side.volumeExists(side.names.dataVolume(instanceId)),
    };
  },
  cleanUp: (t) => podmanOfTestApp(t.dataDir).removeAll(),
};

function driverContract(subject: Subject) {
  describe(`the compute driver contract (${subject.driver})`, () => {
    let t: TestApp;
    let imageId: number;
    let otherImageId: number;

    beforeAll(async () => {
      const defaults = loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: subject.driver }).compute;
      t = await createTestApp({ config: { compute: defaults } });
      imageId = await systemImageId(t.app);
      const [other] = await t.app.db.select({ id: images.id }).from(images).where(eq(images.name, 'JAX 0.4.26'));
      otherImageId = other!.id;
    });
    afterAll(async () => {
      if (!t) return;
      await subject.cleanUp(t);
      await t.close();
    });

    const rowOf = async (id: number) => (await t.app.db.select().from(instances).where(eq(instances.id, id)))[0]!;
    const op = (token: string, path: string, body: object) => call(t.app, 'POST', `/apis/user/auth/user/instance/${path}`, body, token);
    const put = (token: string, path: string, body: object) => call(t.app, 'PUT', `/apis/container/auth/${path}`, body, token);

    async function reach(id: number, status: Status) {
      for (let waits = 0; ; waits++) {
        await advanceTransitions(t.app);
        const row = await rowOf(id);
        if (row.status === status && row.nextStatus === null) return row;
        if (waits === subject.maxWaits)
          throw new Error(`instance ${id} is ${row.status}→${row.nextStatus}, not ${status}: ${row.stopReason}`);
        await subject.wait(t);
      }
    }

    /** Runs `script` in the instance through the driver; answers its output. */
    async function shell(id: number, script: string) {
      const session = await t.app.compute.driver.exec(await rowOf(id), { command: ['/bin/sh', '-c', script], tty: null });
      session.stdin.end();
      const chunks: Buffer[] = [];
      session.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      const code = await session.exited;
      return { code, stdout: Buffer.concat(chunks).toString() };
    }

    async function rented(o: { gpus?: number; imageId?: number } = {}) {
      const { node, model } = await privateNode(t.app, o.gpus ?? 2);
      const user = await userWithBalance(t.app, 1_000_000);
      const answer = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: o.imageId ?? imageId });
      expect(answer.code).toBe(200);
      return { id: answer.data.instance.id as number, token: user.token, node, model, user };
    }

    async function release(id: number, token: string) {
      expect((await op(token, 'release/instance', { id })).code).toBe(200);
      await reach(id, Status.released);
    }

    it('creates a running instance; stop and start keep /root/data; release removes the container and its volume', async () => {
      const { id, token } = await rented();
      await reach(id, Status.running);
      expect(await subject.exists(t, id)).toEqual(subject.runsProcesses ? { container: true, volume: true } : null);
      if (!subject.runsProcesses) {
        await expect(t.app.compute.driver.exec(await rowOf(id), { command: ['true'], tty: null })).rejects.toBeInstanceOf(DriverRefusal);
      } else {
        expect(await shell(id, 'echo kept > /root/data/kept.txt && hostname')).toMatchObject({ code: 0 });
      }
      expect((await op(token, 'stop', { id })).code).toBe(200);
      await reach(id, Status.stopped);
      if (subject.runsProcesses)
        await expect(t.app.compute.driver.exec(await rowOf(id), { command: ['true'], tty: null })).rejects.toThrow('实例未运行，无法登录');
      expect((await op(token, 'start', { id })).code).toBe(200);
      await reach(id, Status.running);
      if (subject.runsProcesses) expect(await shell(id, 'cat /root/data/kept.txt')).toEqual({ code: 0, stdout: 'kept\n' });
      expect((await op(token, 'stop', { id })).code).toBe(200);
      await reach(id, Status.stopped);
      await release(id, token);
      expect(await subject.exists(t, id)).toEqual(subject.runsProcesses ? { container: false, volume: false } : null);
    });

    it('gives two instances of a node different cards; a container that stops on its own shows stopped, with why, its cards returned', async () => {
      const first = await rented({ gpus: 2 });
      const owner = await userWithBalance(t.app, 1_000_000);
      const second = await rent(t.app, owner.token, { nodeId: first.node.id, gpuModelId: first.model.id, imageId });
      const secondId = second.data.instance.id as number;
      await reach(first.id, Status.running);
      await reach(secondId, Status.running);
      const indices = [(await rowOf(first.id)).gpuIndices, (await rowOf(secondId)).gpuIndices];
      expect(indices.flat().sort()).toEqual([0, 1]);
      expect(await gpuFree(t.app, first.node.id)).toBe(0);

      const reason = await subject.kill(t, secondId);
      await stopExitedInstances(t.app);
      const died = await rowOf(secondId);
      expect(died).toMatchObject({ status: Status.stopped, nextStatus: null, gpuHeld: 0, gpuIndices: [] });
      expect(died.stopReason).toMatch(reason);
      expect(await gpuFree(t.app, first.node.id)).toBe(1);
      expect((await messagesOf(t.app, owner.token))[0]).toMatchObject({ title: '实例已停止运行' });

      expect((await op(owner.token, 'start', { id: secondId })).code).toBe(200);
      await reach(secondId, Status.running);
      expect(await rowOf(secondId)).toMatchObject({ stopReason: null, gpuIndices: indices[1] });
      for (const [id, token] of [
        [first.id, first.token],
        [secondId, owner.token],
      ] as const) {
        await op(token, 'stop', { id });
        await reach(id, Status.stopped);
        await release(id, token);
      }
    });

    it('reset and a change of image give a fresh system disk and keep the data volume', async () => {
      const { id, token } = await rented();
      await reach(id, Status.running);
      if (subject.runsProcesses) await shell(id, 'echo data > /root/data/d.txt && echo system > /root/s.txt');
      await op(token, 'stop', { id });
      await reach(id, Status.stopped);
      expect((await put(token, `reset/${id}`, {})).code).toBe(200);
      await reach(id, Status.stopped);
      expect((await put(token, 'changeImage', { id, imageId: otherImageId })).code).toBe(200);
      await reach(id, Status.stopped);
      expect((await rowOf(id)).imageId).toBe(otherImageId);
      await op(token, 'start', { id });
      await reach(id, Status.running);
      if (subject.runsProcesses) {
        expect(await shell(id, 'cat /root/data/d.txt')).toEqual({ code: 0, stdout: 'data\n' });
        expect((await shell(id, 'cat /root/s.txt')).code).not.toBe(0);
      }
      await op(token, 'stop', { id });
      await reach(id, Status.stopped);
      await release(id, token);
    });

    it('a clone starts with a copy of the data volume; a saved image runs a new instance with the system disk it saved', async () => {
      const { id, token, node, model } = await rented({ gpus: 3 });
      await reach(id, Status.running);
      if (subject.runsProcesses) await shell(id, 'echo cloned > /root/data/c.txt && echo saved > /root/saved.txt');
      await op(token, 'stop', { id });
      await reach(id, Status.stopped);

      const clone = await quotedOperation(t.app, token, 'clone', '/apis/user/auth/user/instance/clone', { id });
      expect(clone.code).toBe(200);
      const cloneId = clone.data.id as number;
      await reach(cloneId, Status.running);
      if (subject.runsProcesses) {
        expect(await shell(cloneId, 'cat /root/data/c.txt')).toEqual({ code: 0, stdout: 'cloned\n' });
        await shell(cloneId, 'echo clone-only > /root/data/c.txt');
      }

      expect((await put(token, 'commit', { id, imageName: '契约镜像' })).code).toBe(200);
      await reach(id, Status.stopped);
      const [saved] = await t.app.db.select().from(images).where(eq(images.sourceInstanceId, id));
      expect(saved).toMatchObject({ status: 1, deletedAt: null });
      if (subject.runsProcesses) {
        expect(saved!.runtimeRef).toBe(podmanOfTestApp(t.dataDir).names.privateImage(saved!.id));
        expect(saved!.sizeBytes).toBeGreaterThan(0);
      }
      const fromImage = await rent(t.app, token, { nodeId: node.id, gpuModelId: model.id, imageId: saved!.id });
      expect(fromImage.code).toBe(200);
      const fromImageId = fromImage.data.instance.id as number;
      await reach(fromImageId, Status.running);
      if (subject.runsProcesses) {
        expect(await shell(fromImageId, 'cat /root/saved.txt')).toEqual({ code: 0, stdout: 'saved\n' });
        await op(token, 'start', { id });
        await reach(id, Status.running);
        expect(await shell(id, 'cat /root/data/c.txt')).toEqual({ code: 0, stdout: 'cloned\n' });
      }
    });
  });
}

driverContract(simulated);
driverContract(podman);
