import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { runMetricsPass } from '../instance-metrics/metrics-pass.js';
import { netDiskFolder, netDiskImage, unmountNetDisks } from '../../storage/net-disk-volume.js';
import { podmanOfTestApp } from '../../test-support/podman-namespace.js';
import { runningPodmanInstance, shellIn } from '../../test-support/podman-test-app.js';
import { userWithBalance } from '../../test-support/compute-test-kit.js';
import { growsOnline, loopMountRefusal } from '../../test-support/loop-mounts.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';

const GiB = 1024 ** 3;

const refusal = await loopMountRefusal();
const suite = refusal ? describe.skip : describe;

suite(`the network disk holds its size inside instances (NET_DISK_LIMIT=loop, Podman)${refusal ? `: ${refusal}` : ''}`, () => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let id: number;

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: '.', WEB_ROOT: '.', COMPUTE_DRIVER: 'podman', NET_DISK_LIMIT: 'loop' });
    t = await createTestApp({ config: { compute: config.compute, storage: config.storage } });
    // The disk is opened before the instance, which then mounts it at /root/netdisk.
    owner = await userWithBalance(t.app, 10_000_000);
    const activated = await call(t.app, 'POST', '/apis/net-disk/auth/activation', { regionCode: 'xb-1', sizeGb: 1 }, owner.token);
    expect(activated.code).toBe(200);
    id = (await runningPodmanInstance(t, undefined, owner)).id;
  });
  afterAll(async () => {
    if (!t) return;
    await podmanOfTestApp(t.dataDir).removeAll();
    await unmountNetDisks(t.app);
    await t.close();
  });

  const shell = (script: string) => shellIn(t, id, script);

  async function netDiskDf() {
    const { stdout } = await shell('df -B1 -P /root/netdisk | tail -1');
    const [device, size, , available] = stdout.trim().split(/\s+/);
    return { device: device!, size: Number(size), available: Number(available) };
  }

  it('df inside shows the size paid for on a loop device, and the portal sees what the instance writes', async () => {
    const df = await netDiskDf();
    expect(df.device).toMatch(/^\/dev\/loop\d+$/);
    expect(df.size).toBeGreaterThan(0.9 * GiB);
    expect(df.size).toBeLessThanOrEqual(GiB);
    expect(fs.statSync(netDiskImage(t.app, owner.id, 'xb-1')).size).toBe(GiB);
    expect((await shell('echo 实例写的 > /root/netdisk/from-instance.txt')).code).toBe(0);
    expect(fs.readFileSync(path.join(netDiskFolder(t.app, owner.id, 'xb-1'), 'from-instance.txt'), 'utf8')).toBe('实例写的\n');

    // The console no longer says 「（实例内不限）」.
    await runMetricsPass(t.app);
    const view = await call(t.app, 'POST', '/apis/container/auth/list', { pageNum: 1, pageSize: 1, id }, owner.token);
    expect(view.data.list[0].disks.netDisk).toMatchObject({ quotaBytes: GiB, heldInside: true });
  });

  it('writing past it fails with "No space left on device" inside the instance; the host keeps the bytes within the image', async () => {
    const { available } = await netDiskDf();
    expect((await shell(`fallocate -l ${available - 8 * 1024 ** 2} /root/netdisk/fill`)).code).toBe(0);
    const over = await shell('dd if=/dev/zero of=/root/netdisk/over bs=1M count=64 conv=fsync');
    expect(over.code).not.toBe(0);
    expect(over.stderr).toContain('No space left on device');
    expect(fs.statSync(netDiskImage(t.app, owner.id, 'xb-1')).size).toBe(GiB);
    expect((await shell('rm -f /root/netdisk/over /root/netdisk/fill')).code).toBe(0);
  });

  it.skipIf(!growsOnline)('an expansion grows it while the instance runs', async () => {
    // The activation then opens the disk (its usage check), which makes its filesystem the size now paid for.
    expect((await call(t.app, 'POST', '/apis/net-disk/auth/activation', { regionCode: 'xb-1', sizeGb: 2 }, owner.token)).code).toBe(200);
    const df = await netDiskDf();
    expect(df.size).toBeGreaterThan(1.8 * GiB);
    expect(df.size).toBeLessThanOrEqual(2 * GiB);
  });
});
