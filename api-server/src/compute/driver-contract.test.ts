import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, images, instanceApps, instances } from '../db/schema.js';
import { loadConfig } from '../config.js';
import { call, createTestApp, type TestApp } from '../test-support/test-app.js';
import { KubernetesApiPeer } from '../test-support/kubernetes-api-peer.js';
import { PodmanKubelet } from '../test-support/podman-kubelet.js';
import { kubernetesOfTestApp } from '../test-support/kubernetes-namespace.js';
import { podmanOfTestApp } from '../test-support/podman-namespace.js';
import {
  gpuFree,
  messagesOf,
  privateNode,
  quotedOperation,
  rent,
  systemImageId,
  userWithBalance,
} from '../test-support/compute-test-kit.js';
import { DriverRefusal } from './driver.js';
import { advanceTransitions, stopExitedInstances } from './scheduler.js';
import { SimulatedDriver } from './simulated-driver.js';
import { Status } from './states.js';

/** What differs between the drivers the contract runs against. */
interface Subject {
  driver: 'simulated' | 'podman' | 'kubernetes';
  /** Where the driver's containers run, when the driver has more than one kind of backend. */
  against?: string;
  /** Why the suite does not run here (shown as the skipped suite's name), or null. */
  skipReason?: string | null;
  /** The server's variables for the driver (started before the app); the `tearDown` after it closed. */
  env?(): Promise<Record<string, string>>;
  tearDown?(): Promise<void>;
  /** Whether processes can run in its instances (the simulated driver refuses with DriverRefusal). */
  runsProcesses: boolean;
  /** Whether the system disk outlives a stop (Kubernetes: no, a stopped instance's pod is deleted with its writable layer). */
  keepsSystemDisk: boolean;
  /** Whether a stopped instance can be saved as an image (Kubernetes cannot: the call is refused). */
  savesImages: boolean;
  /** Lets time pass while waiting for a transition. */
  wait(t: TestApp): Promise<void>;
  maxWaits: number;
  /** The instance's container stops on its own; answers the reason the owner should read. */
  kill(t: TestApp, instanceId: number): Promise<RegExp>;
  /** The backend's side of an instance: whether its container (pod) and data volume (claim) exist (null where there are none). */
  exists(t: TestApp, instanceId: number): Promise<{ container: boolean; volume: boolean } | null>;
  /** The CPUs and memory the instance's container may use (null where there is none). */
  limits(t: TestApp, instanceId: number): Promise<{ cpus: number; memoryBytes: number } | null>;
  cleanUp(t: TestApp): Promise<void>;
}

const simulated: Subject = {
  driver: 'simulated',
  runsProcesses: false,
  keepsSystemDisk: true,
  savesImages: true,
  wait: async (t) => t.clock.advance(10_000),
  maxWaits: 3,
  async kill(t, instanceId) {
    (t.app.compute.driver as SimulatedDriver).exit(instanceId, '容器进程已退出（退出码 137）');
    return /^容器进程已退出（退出码 137）$/;
  },
  exists: async () => null,
  limits: async () => null,
  cleanUp: async () => {},
};

const podman: Subject = {
  driver: 'podman',
  runsProcesses: true,
  keepsSystemDisk: true,
  savesImages: true,
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
  async limits(t, instanceId) {
    const side = podmanOfTestApp(t.dataDir);
    const { HostConfig } = await side.docker.getContainer(side.names.container(instanceId)).inspect();
    return { cpus: HostConfig.CpuQuota! / HostConfig.CpuPeriod!, memoryBytes: HostConfig.Memory! };
  },
  cleanUp: (t) => podmanOfTestApp(t.dataDir).removeAll(),
};

/** The labels of the recorded cluster's node: the contract's pool (compute-test-kit privateNode) is rtx4090 in xb-1. */
const contractNodeLabels = { 'suanli.io/gpu-model': 'rtx4090', 'topology.kubernetes.io/region': 'xb-1' };

const kubernetesSide = (t: TestApp) => kubernetesOfTestApp(t.dataDir, t.app.config.compute.kubernetes);

/** Waits until the driver's watch shows the instance's pod no longer running. */
async function untilObservedStopped(t: TestApp, instanceId: number) {
  const [row] = await t.app.db.select().from(instances).where(eq(instances.id, instanceId));
  while ((await t.app.compute.driver.observe([row!])).size === 0) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The Kubernetes driver's calls against either API, its side read through the same client the driver uses. */
const kubernetesSubject = {
  driver: 'kubernetes',
  runsProcesses: true,
  keepsSystemDisk: false,
  savesImages: false,
  exists: (t, instanceId) => kubernetesSide(t).exists(instanceId),
  limits: (t, instanceId) => kubernetesSide(t).limits(instanceId),
  cleanUp: (t) => kubernetesSide(t).removeAll(),
} satisfies Partial<Subject>;

let peer: KubernetesApiPeer | undefined;
/** No Kubernetes can run here: the recorded API's pods are Podman containers (its kubelet), so they run what a pod would. */
const recordedKubernetes: Subject = {
  ...kubernetesSubject,
  against: 'a recorded Kubernetes API whose kubelet runs Podman containers',
  async env() {
    const kubelet = new PodmanKubelet();
    peer = await KubernetesApiPeer.start({ nodes: [{ name: 'gpu-node-1', labels: contractNodeLabels, gpus: 8 }], kubelet });
    return { KUBECONFIG: peer.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'rc-kube-'))), K8S_NAMESPACE: 'suanli-contract' };
  },
  tearDown: async () => peer?.close(),
  wait: () => new Promise((resolve) => setTimeout(resolve, 20)),
  maxWaits: 500,
  async kill(t, instanceId) {
    const side = kubernetesSide(t);
    peer!.terminate(side.namespace, side.names.pod(instanceId), { exitCode: 137, reason: 'Error' });
    await untilObservedStopped(t, instanceId);
    return /^容器进程已退出（退出码 137）$/;
  },
};

/** A real cluster named by KUBECONFIG, its K8S_* settings from the environment; its nodes must carry the pool's labels. */
const clusterKubernetes: Subject = {
  ...kubernetesSubject,
  against: 'the cluster of KUBECONFIG',
  skipReason: process.env.KUBECONFIG ? null : 'skipped: KUBECONFIG is not set, no real cluster to run against',
  env: async () =>
    Object.fromEntries(
      Object.entries(process.env).filter((entry): entry is [string, string] => /^(KUBECONFIG|K8S_)/.test(entry[0]) && !!entry[1]),
    ),
  wait: () => new Promise((resolve) => setTimeout(resolve, 500)),
  maxWaits: 600,
  async kill(t, instanceId) {
    const side = kubernetesSide(t);
    await side.api.deleteNamespacedPod({ name: side.names.pod(instanceId), namespace: side.namespace, gracePeriodSeconds: 0 });
    await untilObservedStopped(t, instanceId);
    return /^(容器不存在|容器已被删除|容器进程已退出（退出码 \d+）)$/;
  },
};

function driverContract(subject: Subject) {
  const title = `the compute driver contract (${subject.driver}${subject.against ? `, against ${subject.against}` : ''})`;
  if (subject.skipReason) return describe.skip(`${title}: ${subject.skipReason}`, () => it('runs the contract', () => {}));
  // Each transition on a real engine has its own bound (maxWaits); a test makes several, which on a busy 2-core machine
  // outlasted Vitest's 30 s (the supervised service test against the recorded Kubernetes API, ci35).
  describe(title, { timeout: subject.runsProcesses ? 120_000 : undefined }, () => {
    let t: TestApp;
    let imageId: number;
    let otherImageId: number;

    beforeAll(async () => {
      const env = (await subject.env?.()) ?? {};
      const defaults = loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: subject.driver, ...env }).compute;
      t = await createTestApp({ config: { compute: defaults } });
      imageId = await systemImageId(t.app.db);
      const [other] = await t.app.db.select({ id: images.id }).from(images).where(eq(images.name, 'JAX 0.4.26'));
      otherImageId = other!.id;
    });
    afterAll(async () => {
      if (t) {
        await subject.cleanUp(t);
        await t.close();
      }
      await subject.tearDown?.();
    });

    const rowOf = async (id: number) => (await t.app.db.select().from(instances).where(eq(instances.id, id)))[0]!;
    const op = (token: string, path: string, body: object) => call(t.app, 'POST', `/apis/user/auth/user/instance/${path}`, body, token);
    const put = (token: string, path: string, body: object) => call(t.app, 'PUT', `/apis/container/auth/${path}`, body, token);

    const hasContainers = subject.driver !== 'simulated';

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
      const { node, model } = await privateNode(t.app.db, o.gpus ?? 2);
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
      expect(await subject.exists(t, id)).toEqual(hasContainers ? { container: true, volume: true } : null);
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
      expect(await subject.exists(t, id)).toEqual(hasContainers ? { container: false, volume: false } : null);
    });

    it('gives two instances of a node different cards; a container that stops on its own shows stopped, with why, its cards returned; a no-GPU start keeps its system disk (where a stop keeps it)', async () => {
      const first = await rented({ gpus: 2 });
      const owner = await userWithBalance(t.app, 1_000_000);
      const second = await rent(t.app, owner.token, { nodeId: first.node.id, gpuModelId: first.model.id, imageId });
      const secondId = second.data.instance.id as number;
      await reach(first.id, Status.running);
      await reach(secondId, Status.running);
      const indices = [(await rowOf(first.id)).gpuIndices, (await rowOf(secondId)).gpuIndices];
      expect(indices.flat().sort()).toEqual([0, 1]);
      expect(await gpuFree(t.app, first.node.id)).toBe(0);

      if (subject.runsProcesses) await shell(secondId, 'echo system > /root/s.txt');
      const reason = await subject.kill(t, secondId);
      await stopExitedInstances(t.app);
      const died = await rowOf(secondId);
      expect(died).toMatchObject({ status: Status.stopped, nextStatus: null, gpuHeld: 0, gpuIndices: [] });
      expect(died.stopReason).toMatch(reason);
      expect(await gpuFree(t.app, first.node.id)).toBe(1);
      expect((await messagesOf(t.app, owner.token))[0]).toMatchObject({ title: '实例已停止运行' });

      expect((await op(owner.token, 'non/device/start', { id: secondId })).code).toBe(200);
      await reach(secondId, Status.running);
      expect(await rowOf(secondId)).toMatchObject({ stopReason: null, gpuHeld: 0, gpuIndices: [] });
      expect(await subject.limits(t, secondId)).toEqual(hasContainers ? { cpus: 0.5, memoryBytes: 2 * 1024 ** 3 } : null);
      if (subject.runsProcesses && subject.keepsSystemDisk)
        expect(await shell(secondId, 'cat /root/s.txt')).toEqual({ code: 0, stdout: 'system\n' });
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

    /** The console's view of the instance's application service, once `wanted` says so (a real container takes what it takes). */
    async function serviceReaching(id: number, token: string, wanted: (service: { state: string; restarts: number }) => boolean) {
      for (let waits = 0; ; waits++) {
        const service = (await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, token)).data.list[0].app;
        if (wanted(service)) return service;
        if (waits === subject.maxWaits * 2) throw new Error(`the service of instance ${id} is ${JSON.stringify(service)}`);
        await subject.wait(t);
      }
    }

    it.skipIf(!subject.runsProcesses)(
      "runs an application's start command as a supervised service: its variables, its port ready, restarted after it dies, its log kept",
      async () => {
        const { id, token, user } = await rented();
        const [app] = await t.app.db.insert(applications).values({ authorId: user.id, name: '契约应用' }).returning();
        // What deploying the application records on the instance before its container is made.
        await t.app.db.insert(instanceApps).values({
          instanceId: id,
          appId: app!.id,
          appName: app!.name,
          startCommand: 'echo "greeting=$GREETING"; exec python3 -m http.server 8000',
          env: [{ name: 'GREETING', value: '你好' }],
          ports: [{ port: 8000, name: '文件', protocol: 'http' }],
          readiness: { port: 8000, path: '/' },
        });
        await reach(id, Status.running);
        expect(await serviceReaching(id, token, (service) => service.state === 'running')).toMatchObject({
          stateName: '运行中',
          restarts: 0,
        });
        const target = await t.app.compute.driver.httpTarget(await rowOf(id), 8000);
        expect((await fetch(`http://${target!.host}:${target!.port}/`)).status).toBe(200);

        // The service's whole process group dies; the supervisor starts it again (after 1 s, its first back-off).
        expect(await shell(id, '/bin/kill -KILL -- -$(sed -n "s/^pid=//p" /run/suanli-app/record)')).toMatchObject({ code: 0 });
        const again = await serviceReaching(id, token, (service) => service.restarts === 1 && service.state === 'running');
        expect(again).toMatchObject({ stateName: '运行中' });
        const log = await call(t.app, 'POST', '/apis/user/auth/user/instance/app/log', { id }, token);
        expect(log.data.lines.filter((line: string) => line === 'greeting=你好')).toHaveLength(2);
        expect(log.data.lines.join('\n')).toMatch(/服务退出（退出码 137），1 秒后重启/);

        await op(token, 'stop', { id });
        await reach(id, Status.stopped);
        await release(id, token);
      },
    );

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

      if (!subject.savesImages) {
        const refused = await put(token, 'commit', { id, imageName: '契约镜像' });
        expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining('无法保存为镜像') });
        expect(await rowOf(id)).toMatchObject({ status: Status.stopped, nextStatus: null });
        return;
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
driverContract(recordedKubernetes);
driverContract(clusterKubernetes);
