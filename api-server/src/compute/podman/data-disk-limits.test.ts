import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instanceDisks, sysConfig } from '../../db/index.js';
import { messagesOf, quotedOperation } from '../../test-support/compute-test-kit.js';
import {
  closePodmanTestApp,
  createPodmanTestApp,
  reachStatus,
  runningPodmanInstance,
  shellIn,
} from '../../test-support/podman-test-app.js';
import { growsOnline } from '../../test-support/loop-mounts.js';
import { podmanOfTestApp } from '../../test-support/podman-namespace.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { runMetricsPass } from '../instance-metrics/metrics-pass.js';
import { Status } from '../states.js';

const GiB = 1024 ** 3;

let t: TestApp;
let owner: { token: string };
let id: number;

beforeAll(async () => {
  t = await createPodmanTestApp();
  // Disks of 1 GB (then 2 GB) keep the test's writes small; the sizes work the same at 50 GB.
  const [general] = await t.app.db.select().from(sysConfig).where(eq(sysConfig.key, 'sysConfigPrice'));
  await t.app.db
    .update(sysConfig)
    .set({ value: { ...(general!.value as object), freeDataDiskGb: 1 } })
    .where(eq(sysConfig.key, 'sysConfigPrice'));
  const running = await runningPodmanInstance(t);
  owner = running.user;
  id = running.id;
});
afterAll(() => closePodmanTestApp(t));

const shell = (script: string) => shellIn(t, id, script);

/** `df -B1` of the instance's data disk: its size and what is free. */
async function dataDf() {
  const { stdout } = await shell('df -B1 -P /root/data | tail -1');
  const [device, size, used, available] = stdout.trim().split(/\s+/);
  return { device: device!, size: Number(size), used: Number(used), available: Number(available) };
}

const imageFile = () => path.join(t.dataDir, 'disks', podmanOfTestApp(t.dataDir).names.dataDiskImage(id));
const diskMessages = async () => (await messagesOf(t.app, owner.token)).filter((message) => message.title === '数据盘空间不足');

/** What the console's instance row says of a waiting expansion. */
async function growsAtStart(): Promise<boolean> {
  const view = await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, owner.token);
  return view.data.list[0].dataDiskGrowsAtStart;
}

async function stopThenStart() {
  expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, owner.token)).code).toBe(200);
  await reachStatus(t, id, Status.stopped);
  expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id }, owner.token)).code).toBe(200);
  await reachStatus(t, id, Status.running);
}

describe('the data disk has the size bought (Podman)', () => {
  it('df inside shows the bought size on a loop device of its own, not the host disk', async () => {
    const df = await dataDf();
    expect(df.device).toMatch(/^\/dev\/loop\d+$/);
    // ext4 keeps a few percent for its journal and tables.
    expect(df.size).toBeGreaterThan(0.95 * GiB);
    expect(df.size).toBeLessThanOrEqual(GiB);
    expect(fs.statSync(imageFile()).size).toBe(GiB);
  });

  it('writing past it fails with "No space left on device" inside; the bytes stay within the image on the host', async () => {
    const { available } = await dataDf();
    expect((await shell(`echo kept > /root/data/kept.txt && fallocate -l ${available - 8 * 1024 ** 2} /root/data/fill`)).code).toBe(0);
    const over = await shell('dd if=/dev/zero of=/root/data/over bs=1M count=64 conv=fsync');
    expect(over.code).not.toBe(0);
    expect(over.stderr).toContain('No space left on device');
    // Everything written lies inside the image: the host holds no more of it than its size, and has room to spare.
    const image = fs.statSync(imageFile());
    expect(image.blocks * 512).toBeLessThanOrEqual(GiB);
    const host = fs.statfsSync(t.dataDir);
    expect(host.bavail * host.bsize).toBeGreaterThan(2 * GiB);
  });

  it('the console reads the disks through the driver, and a disk over 90% tells its owner once', async () => {
    expect(await diskMessages()).toEqual([]);
    await runMetricsPass(t.app);
    const [reading] = await t.app.db.select().from(instanceDisks).where(eq(instanceDisks.instanceId, id));
    expect(reading).toMatchObject({ dataLimited: true, dataSizeBytes: (await dataDf()).size });
    expect(reading!.dataUsedBytes!).toBeGreaterThan(0.9 * reading!.dataSizeBytes!);
    expect(reading!.systemUsedBytes).toBeGreaterThanOrEqual(0);
    const messages = await diskMessages();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content).toContain('数据盘已使用');
    // Read again once the reading is due: still full, still one message.
    t.clock.advance(t.app.compute.settings.diskReadingIntervalMs);
    await runMetricsPass(t.app);
    expect(await diskMessages()).toHaveLength(1);
    const view = await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, owner.token);
    expect(view.data.list[0].disks).toMatchObject({ data: { limited: true, sizeBytes: reading!.dataSizeBytes } });
  });

  it('expansion grows the disk, online where the kernel allows, else at the next start, and the files survive', async () => {
    const before = (await dataDf()).size;
    const grown = await quotedOperation(t.app, owner.token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', {
      id,
      dataDiskExtraGb: 1,
    });
    expect(grown.code).toBe(200);
    if (growsOnline) {
      expect(grown.msg).toBe('数据盘已扩容至 2 GB，已在线生效');
      expect((await dataDf()).size).toBeGreaterThan(before + 0.95 * GiB);
    } else {
      expect(grown.msg).toBe('数据盘已扩容至 2 GB；本机不支持在线扩容，将在下次开机时生效');
      expect((await dataDf()).size).toBe(before);
    }
    expect(await growsAtStart()).toBe(!growsOnline);
    await stopThenStart();
    expect(await growsAtStart()).toBe(false);
    expect((await dataDf()).size).toBeGreaterThan(before + 0.95 * GiB);
    expect((await shell('cat /root/data/kept.txt')).stdout).toBe('kept\n');
    expect(fs.statSync(imageFile()).size).toBe(2 * GiB);
  });

  it('a stopped instance grows at its next start', async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    const grown = await quotedOperation(t.app, owner.token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', {
      id,
      dataDiskExtraGb: 2,
    });
    expect(grown.msg).toBe('数据盘已扩容至 3 GB，将在下次开机时生效');
    expect(await growsAtStart()).toBe(true);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.running);
    expect(await growsAtStart()).toBe(false);
    expect((await dataDf()).size).toBeGreaterThan(2.9 * GiB);
    expect((await shell('cat /root/data/kept.txt')).stdout).toBe('kept\n');
  });

  it('a data volume made before disks had sizes keeps working, without a limit, and the console says so', async () => {
    const side = podmanOfTestApp(t.dataDir);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    // What an instance created before this change has: a plain volume of the host's disk, no image.
    await side.docker.getContainer(side.names.container(id)).remove({ force: true });
    await side.docker.getVolume(side.names.dataVolume(id)).remove({ force: true });
    fs.rmSync(imageFile());
    await side.docker.createVolume({ Name: side.names.dataVolume(id), Labels: side.names.labels(id) });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.running);
    expect((await dataDf()).device).not.toMatch(/^\/dev\/loop/);
    expect(fs.existsSync(imageFile())).toBe(false);
    const grown = await quotedOperation(t.app, owner.token, 'storageAdjust', '/apis/user/auth/user/storage/adjust', {
      id,
      dataDiskExtraGb: 3,
    });
    expect(grown.msg).toBe('数据盘已扩容至 4 GB（该实例的数据盘创建于容量限制之前，不限容量）');
    t.clock.advance(t.app.compute.settings.diskReadingIntervalMs);
    await runMetricsPass(t.app);
    const view = await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, owner.token);
    expect(view.data.list[0].disks.data).toEqual({ limited: false, usedBytes: null, sizeBytes: null });
  });

  it('release removes the volume and its image', async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/release/instance', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.released);
    expect(fs.existsSync(imageFile())).toBe(false);
    expect(await podmanOfTestApp(t.dataDir).volumeExists(podmanOfTestApp(t.dataDir).names.dataVolume(id))).toBe(false);
  });
});
