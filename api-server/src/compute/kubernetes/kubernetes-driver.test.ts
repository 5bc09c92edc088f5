import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { images, instances } from '../../db/schema.js';
import { KubernetesApiPeer } from '../../test-support/kubernetes-api-peer.js';
import { kubernetesOfTestApp } from '../../test-support/kubernetes-namespace.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { gpuFree, privateNode, quotedOperation, rent, systemImageId, userWithBalance } from '../../test-support/compute-test-kit.js';
import { advanceTransitions, stopExitedInstances } from '../scheduler.js';
import { Status } from '../states.js';

const gib = 1024 ** 3;
const missingImage = 'registry.example.com/suanli/missing:1.0';

describe('the Kubernetes driver against a recorded Kubernetes API', () => {
  let peer: KubernetesApiPeer;
  let t: TestApp;
  let side: ReturnType<typeof kubernetesOfTestApp>;
  let imageId: number;

  beforeAll(async () => {
    // One node of the pool's model and region with two cards; the pool in the database may promise more.
    peer = await KubernetesApiPeer.start({
      nodes: [
        { name: 'gpu-a', labels: { 'suanli.io/gpu-model': 'rtx4090', 'topology.kubernetes.io/region': 'xb-1' }, gpus: 2 },
        { name: 'gpu-b', labels: { 'suanli.io/gpu-model': 'a100', 'topology.kubernetes.io/region': 'xb-1' }, gpus: 8 },
      ],
      unpullableImages: [missingImage],
    });
    const kubeconfig = peer.writeKubeconfig(fs.mkdtempSync(path.join(os.tmpdir(), 'rc-kube-')));
    const env = { DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: 'kubernetes', KUBECONFIG: kubeconfig, K8S_NAMESPACE: 'gpu' };
    t = await createTestApp({ config: { compute: loadConfig({ ...env, K8S_SSH_SERVICE_TYPE: 'NodePort' }).compute } });
    side = kubernetesOfTestApp(t.dataDir, t.app.config.compute.kubernetes);
    imageId = await systemImageId(t.app.db);
  });
  afterAll(async () => {
    await side?.removeAll();
    await t?.close();
    await peer?.close();
  });

  const rowOf = async (id: number) => (await t.app.db.select().from(instances).where(eq(instances.id, id)))[0]!;
  const op = (token: string, operation: string, id: number) =>
    call(t.app, 'POST', `/apis/user/auth/user/instance/${operation}`, { id }, token);

  async function settled(id: number) {
    for (;;) {
      await advanceTransitions(t.app);
      const row = await rowOf(id);
      if (row.nextStatus === null) return row;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function rented(gpus: number, o: { imageId?: number; poolGpus?: number } = {}) {
    const { node, model } = await privateNode(t.app.db, o.poolGpus ?? gpus);
    const user = await userWithBalance(t.app, 1_000_000);
    const answer = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: o.imageId ?? imageId, gpuCount: gpus });
    expect(answer.code).toBe(200);
    return { id: answer.data.instance.id as number, token: user.token, node };
  }

  /** The pod stops on its own in the cluster; answers the reason the owner reads once the scheduler saw it. */
  async function stoppedOnItsOwn(id: number, stop: () => void) {
    stop();
    while ((await t.app.compute.driver.observe([await rowOf(id)])).size === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await stopExitedInstances(t.app);
    const row = await rowOf(id);
    expect(row.status).toBe(Status.stopped);
    return row.stopReason;
  }

  it('runs an instance as a pod with its cards on a node of its GPU model and region, a claim at /root/data and a NodePort SSH service', async () => {
    const { id, token } = await rented(2);
    expect(await settled(id)).toMatchObject({ status: Status.running });
    const pod = await side.pod(id);
    expect(pod!.metadata!.labels).toEqual(side.names.labels(id));
    expect(pod!.spec).toMatchObject({
      nodeName: 'gpu-a',
      restartPolicy: 'Never',
      nodeSelector: { 'suanli.io/gpu-model': 'rtx4090', 'topology.kubernetes.io/region': 'xb-1' },
      volumes: [{ name: 'data', persistentVolumeClaim: { claimName: side.names.claim(id) } }],
    });
    expect(pod!.spec!.containers[0]).toMatchObject({
      image: 'localhost/suanli/base:bookworm',
      resources: {
        requests: { cpu: '32000m', memory: String(120 * gib) },
        limits: { cpu: '32000m', memory: String(120 * gib), 'nvidia.com/gpu': '2' },
      },
      volumeMounts: [{ name: 'data', mountPath: '/root/data' }],
    });
    expect((await side.claim(id))!.spec).toMatchObject({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '50Gi' } } });
    const service = await side.api.readNamespacedService({ name: side.names.service(id), namespace: 'gpu' });
    expect(service.spec).toMatchObject({ type: 'NodePort', selector: side.names.labels(id), ports: [{ port: 22, targetPort: 22 }] });
    expect(await t.app.compute.driver.httpTarget(await rowOf(id), 8888)).toEqual({ host: pod!.status!.podIP, port: 8888 });
    // No kubelet runs this recorded API's pods: the API server refuses the exec (the contract runs processes with one).
    await expect(t.app.compute.driver.exec(await rowOf(id), { command: ['true'], tty: null })).rejects.toThrow();
    expect(await t.app.compute.driver.sample(await rowOf(id))).toBeNull();

    expect((await op(token, 'stop', id)).code).toBe(200);
    expect(await settled(id)).toMatchObject({ status: Status.stopped });
    expect(await side.exists(id)).toEqual({ container: false, volume: true });
    expect(await t.app.compute.driver.httpTarget(await rowOf(id), 8888)).toBeNull();
    expect((await op(token, 'release/instance', id)).code).toBe(200);
    expect(await settled(id)).toMatchObject({ status: Status.released });
    expect(await side.exists(id)).toEqual({ container: false, volume: false });
  });

  it('fails a create the cluster cannot schedule for want of GPUs, with why, giving the cards back and leaving no pod', async () => {
    const { id, node } = await rented(3);
    const row = await settled(id);
    expect(row).toMatchObject({ status: Status.failed, gpuHeld: 0 });
    expect(row.stopReason).toMatch(
      /^容器创建失败：集群中没有满足条件的空闲GPU（0\/2 nodes are available: 1 Insufficient nvidia\.com\/gpu, 1 node\(s\) didn't match/,
    );
    expect(await gpuFree(t.app, node.id)).toBe(3);
    expect((await side.exists(id)).container).toBe(false);
  });

  it('fails a create whose image cannot be pulled, saying which image', async () => {
    const [base] = await t.app.db.select().from(images).where(eq(images.id, imageId));
    const { id: _omit, createdAt: _at, ...copy } = base!;
    const [missing] = await t.app.db
      .insert(images)
      .values({ ...copy, name: '不存在的镜像', runtimeRef: missingImage })
      .returning({ id: images.id });
    const { id } = await rented(1, { imageId: missing!.id });
    const row = await settled(id);
    expect(row.status).toBe(Status.failed);
    expect(row.stopReason).toContain(`容器创建失败：镜像拉取失败（ImagePullBackOff：Back-off pulling image "${missingImage}"`);
  });

  it('tells the owner a pod ended for memory or was evicted, and starts again on a fresh pod with the same claim', async () => {
    const { id, token } = await rented(1);
    await settled(id);
    const claimUid = (await side.claim(id))!.metadata!.uid;
    const oom = await stoppedOnItsOwn(id, () => peer.terminate('gpu', side.names.pod(id), { exitCode: 137, reason: 'OOMKilled' }));
    expect(oom).toBe('内存不足，进程被系统终止（OOM）');

    expect((await op(token, 'start', id)).code).toBe(200);
    expect(await settled(id)).toMatchObject({ status: Status.running, stopReason: null });
    expect((await side.claim(id))!.metadata!.uid).toBe(claimUid);
    const evicted = await stoppedOnItsOwn(id, () => peer.evict('gpu', side.names.pod(id)));
    expect(evicted).toBe(
      '节点资源不足，实例被驱逐（Evicted：The node was low on resource: memory. Threshold quantity: 100Mi, available: 52324Ki.）',
    );
  });

  it('lists again and keeps watching when the API server says the watched version expired (410 Gone)', async () => {
    const { id } = await rented(1);
    await settled(id);
    const lists = () => peer.requests.filter((request) => request === 'GET /api/v1/namespaces/gpu/pods').length;
    const before = lists();
    peer.expireWatches();
    const reason = await stoppedOnItsOwn(id, () => peer.terminate('gpu', side.names.pod(id), { exitCode: 3, reason: 'Error' }));
    expect(reason).toBe('容器进程已退出（退出码 3）');
    expect(lists()).toBeGreaterThan(before);
  });

  it('answers the readiness probe by listing its own pods in its namespace', async () => {
    const before = peer.requests.length;
    await t.app.compute.driver.probe();
    expect(peer.requests.slice(before)).toEqual(['GET /api/v1/namespaces/gpu/pods']);
    const { body } = await t.app.inject({ method: 'GET', url: '/apis/ready' });
    expect(JSON.parse(body).checks.computeDriver).toMatchObject({ ok: true, detail: 'kubernetes reachable' });
  });

  it('refuses to save an image, and clones the data disk from the source claim', async () => {
    const { id, token } = await rented(1);
    await settled(id);
    await op(token, 'stop', id);
    await settled(id);
    const refused = await call(t.app, 'PUT', '/apis/container/auth/commit', { id, imageName: '不能保存' }, token);
    expect(refused).toMatchObject({ code: 409, msg: expect.stringContaining('Kubernetes 资源池中的实例无法保存为镜像') });
    expect(await t.app.db.select().from(images).where(eq(images.sourceInstanceId, id))).toEqual([]);

    const clone = await quotedOperation(t.app, token, 'clone', '/apis/user/auth/user/instance/clone', { id });
    expect(clone.code).toBe(200);
    const cloneId = clone.data.id as number;
    expect(await settled(cloneId)).toMatchObject({ status: Status.running });
    expect((await side.claim(cloneId))!.spec!.dataSource).toEqual({ kind: 'PersistentVolumeClaim', name: side.names.claim(id) });
  });
});
