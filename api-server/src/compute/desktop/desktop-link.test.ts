import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images } from '../../db/index.js';
import { privateNode, rent, setUpComputeTestApp, userWithBalance } from '../../test-support/compute-test-kit.js';
import type { TestApp } from '../../test-support/test-app.js';
import { desktopImageRef } from './desktop-image.js';

let t: TestApp;
let plainImageId: number;
setUpComputeTestApp((opened) => ({ t, imageId: plainImageId } = opened));

describe('the remote desktop under the simulated pool', () => {
  it('is seeded, and says honestly that the pool runs no containers', async () => {
    const [desktop] = await t.app.db.select().from(images).where(eq(images.runtimeRef, desktopImageRef));
    expect(desktop).toMatchObject({ name: '桌面环境 Debian 12 (VNC)', userId: null, os: 'Debian 12' });
    const { node, model } = await privateNode(t.app.db, 2);
    const user = await userWithBalance(t.app, 1_000_000);
    const withDesktop = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: desktop!.id });
    expect(withDesktop.data.instance).toMatchObject({ desktop: true, desktopReason: '模拟资源池中的实例没有真实容器，无法打开远程桌面' });
    const without = await rent(t.app, user.token, { nodeId: node.id, gpuModelId: model.id, imageId: plainImageId });
    expect(without.data.instance).toMatchObject({ desktop: false, desktopReason: '该实例的镜像没有远程桌面' });
  });
});
