import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { computeNodes, instanceDisks } from '../../db/index.js';
import { runMetricsPass } from '../instance-metrics/metrics-pass.js';
import { Status } from '../states.js';
import { privateNode, rent, systemImageId, userWithBalance } from '../../test-support/compute-test-kit.js';
import { loopMountRefusal } from '../../test-support/loop-mounts.js';
import { podmanOfTestApp } from '../../test-support/podman-namespace.js';
import { closePodmanTestApp, reachStatus, shellIn } from '../../test-support/podman-test-app.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

const GiB = 1024 ** 3;
const run = promisify(execFile);

const refusal = await loopMountRefusal();
const suite = refusal ? describe.skip : describe;

suite(`the system disk holds its size inside the instance (SYSTEM_DISK_LIMIT=loop, Podman)${refusal ? `: ${refusal}` : ''}`, () => {
  let t: TestApp;
  let owner: { token: string };
  let nodeId: number;
  let id: number;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: 'podman', SYSTEM_DISK_LIMIT: 'loop' });
    t = await createTestApp({ config: { compute: config.compute } });
    // A node of 1 GB system disks keeps the test's writes small; the sizes work the same at 30 GB.
    const { node, model } = await privateNode(t.app.db, 1);
    nodeId = node.id;
    await t.app.db.update(computeNodes).set({ systemDiskGb: 1 }).where(eq(computeNodes.id, nodeId));
    owner = await userWithBalance(t.app, 1_000_000);
    const rented = await rent(t.app, owner.token, { nodeId, gpuModelId: model.id, imageId: await systemImageId(t.app.db) });
    expect(rented.code).toBe(200);
    id = rented.data.instance.id;
    await reachStatus(t, id, Status.running);
  });
  afterAll(() => closePodmanTestApp(t));

  const shell = (script: string) => shellIn(t, id, script);
  const side = () => podmanOfTestApp(t.dataDir);
  const disksDir = () => path.join(t.dataDir, 'disks');
  const systemImages = () => fs.readdirSync(disksDir()).filter((name) => name.startsWith(side().names.systemDiskImagePrefix(id)));

  /** `df -B1` of the instance's `/`: its size and what is free. */
  async function rootDf() {
    const { stdout } = await shell('df -B1 -P / | tail -1');
    const [, size, , available] = stdout.trim().split(/\s+/);
    return { size: Number(size), available: Number(available) };
  }

  /** The container's overlay layer folder on the host, where its writes land. */
  async function layerDir() {
    const info = await side().docker.getContainer(side().names.container(id)).inspect();
    return path.dirname((info.GraphDriver.Data as unknown as { UpperDir: string }).UpperDir);
  }

  async function stopped() {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/stop', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
  }

  async function started() {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/start', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.running);
  }

  it('df / inside shows the configured size, held by an image of that size mounted under the writable layer', async () => {
    const df = await rootDf();
    // ext4 keeps a few percent for its journal and tables.
    expect(df.size).toBeGreaterThan(0.9 * GiB);
    expect(df.size).toBeLessThanOrEqual(GiB);
    expect(systemImages()).toHaveLength(1);
    expect(fs.statSync(path.join(disksDir(), systemImages()[0]!)).size).toBe(GiB);
    const mounts = fs.readFileSync('/proc/mounts', 'utf8');
    expect(mounts).toMatch(new RegExp(`^/dev/loop\\d+ ${await layerDir()} ext4 `, 'm'));
  });

  it('writing past it fails with "No space left on device" inside; the host keeps its room', async () => {
    const { available } = await rootDf();
    expect((await shell(`echo kept > /root/kept.txt && fallocate -l ${available - 8 * 1024 ** 2} /var/fill`)).code).toBe(0);
    const over = await shell('dd if=/dev/zero of=/root/over bs=1M count=64 conv=fsync');
    expect(over.code).not.toBe(0);
    expect(over.stderr).toContain('No space left on device');
    // Every byte written lies inside the image: the host holds no more of it than its size, and has room to spare.
    const image = fs.statSync(path.join(disksDir(), systemImages()[0]!));
    expect(image.blocks * 512).toBeLessThanOrEqual(GiB);
    const host = fs.statfsSync(t.dataDir);
    expect(host.bavail * host.bsize).toBeGreaterThan(2 * GiB);
    // The data disk, a filesystem of its own, still takes writes.
    expect((await shell('echo fine > /root/data/fine.txt && cat /root/data/fine.txt')).stdout).toBe('fine\n');
  });

  it('the console reads the cap: the system disk line is not 「（未强制）」', async () => {
    await runMetricsPass(t.app);
    const [reading] = await t.app.db.select().from(instanceDisks).where(eq(instanceDisks.instanceId, id));
    expect(reading!.systemLimitBytes).toBe((await rootDf()).size);
    expect(reading!.systemUsedBytes!).toBeGreaterThan(0.9 * reading!.systemLimitBytes!);
    const view = await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, owner.token);
    expect(view.data.list[0].disks.system).toEqual({ usedBytes: reading!.systemUsedBytes, limitBytes: reading!.systemLimitBytes });
  });

  it('files survive stop and start, and a layer unmounted meanwhile (as after a reboot) is mounted again before the start', async () => {
    await shell('rm /var/fill');
    await stopped();
    // The image stays mounted across a stop (the next test shows it); a reboot unmounts it.
    await run('umount', ['-d', await layerDir()]);
    await started();
    expect((await shell('cat /root/kept.txt')).stdout).toBe('kept\n');
    expect((await rootDf()).size).toBeLessThanOrEqual(GiB);
    expect(fs.readFileSync('/proc/mounts', 'utf8')).toContain(` ${await layerDir()} ext4 `);
  });

  it('the stopped instance keeps its image mounted while other Podman processes come and go with no container running', async () => {
    await stopped();
    // A Podman process opens and closes the storage; with no layer mounted it would unmount Podman's overlay folder
    // lazily, and the image mounted beneath with it, as the stopped container's own clean-up process does.
    await run('podman', ['ps', '--all']);
    expect(fs.readFileSync('/proc/mounts', 'utf8')).toContain(` ${await layerDir()} ext4 `);
    await started();
    expect((await shell('cat /root/kept.txt')).stdout).toBe('kept\n');
    expect((await rootDf()).size).toBeLessThanOrEqual(GiB);
  });

  it('a pin removed meanwhile (`podman container prune`) is made again at the next start', async () => {
    await stopped();
    await run('podman', ['rm', '--force', side().names.overlayPin]);
    await started();
    await stopped();
    await run('podman', ['ps', '--all']);
    expect(fs.readFileSync('/proc/mounts', 'utf8')).toContain(` ${await layerDir()} ext4 `);
    await started();
    expect((await shell('cat /root/kept.txt')).stdout).toBe('kept\n');
  });

  it('a larger system disk set on the node takes effect at the next start, files kept', async () => {
    await t.app.db.update(computeNodes).set({ systemDiskGb: 2 }).where(eq(computeNodes.id, nodeId));
    await stopped();
    await started();
    expect((await rootDf()).size).toBeGreaterThan(1.9 * GiB);
    expect((await shell('cat /root/kept.txt')).stdout).toBe('kept\n');
    expect(systemImages()).toHaveLength(1);
  });

  it('a container recreated with other limits (no-GPU start) keeps the files, under a new image of the size', async () => {
    await stopped();
    const before = systemImages();
    const noGpu = await call(t.app, 'POST', '/apis/user/auth/user/instance/non/device/start', { id }, owner.token);
    expect(noGpu.code).toBe(200);
    await reachStatus(t, id, Status.running);
    expect((await shell('cat /root/kept.txt')).stdout).toBe('kept\n');
    expect(systemImages()).toHaveLength(1);
    expect(systemImages()).not.toEqual(before);
    const { size, available } = await rootDf();
    expect(size).toBeGreaterThan(1.9 * GiB);
    const over = await shell(
      `fallocate -l ${available - 8 * 1024 ** 2} /var/fill && dd if=/dev/zero of=/root/over bs=1M count=64 conv=fsync`,
    );
    expect(over.stderr).toContain('No space left on device');
    await shell('rm -f /var/fill /root/over');
  });

  it('a fresh system disk (reset) gets a fresh image, and release removes it', async () => {
    await stopped();
    const before = systemImages();
    expect((await call(t.app, 'PUT', `/apis/container/auth/reset/${id}`, undefined, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    expect(systemImages()).toEqual([]);
    await started();
    expect(systemImages()).toHaveLength(1);
    expect(systemImages()).not.toEqual(before);
    expect((await shell('cat /root/kept.txt')).code).not.toBe(0);
    await stopped();
    expect((await call(t.app, 'POST', '/apis/user/auth/user/instance/release/instance', { id }, owner.token)).code).toBe(200);
    await reachStatus(t, id, Status.released);
    expect(systemImages()).toEqual([]);
  });
});
