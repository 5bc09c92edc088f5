import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test-support/test-app.js';
import { gpuFree, privateNode, rent, setUpComputeTestApp, userWithBalance } from '../../test-support/compute-test-kit.js';
import { communityImages, computeNodes, gpuModels, images } from '../../db/schema.js';

let t: TestApp;
setUpComputeTestApp((compute) => ({ t } = compute));

const fields = {
  title: 'vLLM 推理镜像',
  summary: '开箱即用的大模型推理',
  descriptionMd: '## 用法\n\n运行 `serve.sh`，打开 **8000** 端口。',
  tags: ['大模型', '推理'],
  cudaVersion: '12.4',
  ports: [8000],
  coverUrl: '',
};

async function privateImage(userId: number, o: { status?: number; cuda?: string } = {}) {
  const [image] = await t.app.db
    .insert(images)
    .values({
      userId,
      name: `img-${userId}-${Math.abs(userId * 7919) % 1000}`,
      framework: 'PyTorch',
      frameworkVersion: '2.3.0',
      python: '3.10',
      cuda: o.cuda ?? '12.4',
      os: 'Ubuntu 22.04',
      sizeBytes: 10 * 1024 ** 3,
      status: o.status ?? 1,
    })
    .returning();
  return image!;
}

let oldNodes = 0;

/** An RTX 3090 node in xb-1 (where none is seeded) whose driver supports at most CUDA 11.8. */
async function oldDriverNode() {
  const [model] = await t.app.db.select().from(gpuModels).where(eq(gpuModels.code, 'rtx3090'));
  const [node] = await t.app.db
    .insert(computeNodes)
    .values({
      regionCode: 'xb-1',
      name: `old-driver-${++oldNodes}`,
      gpuModelId: model!.id,
      gpuTotal: 4,
      gpuFree: 4,
      cpuPerGpu: 12,
      memoryPerGpuGb: 40,
      cudaVersion: '11.8',
      sshHost: 'connect.test',
    })
    .returning();
  return { node: node!, model: model! };
}

async function publish(token: string, imageId: number, extra: Partial<typeof fields> = {}) {
  return call(t.app, 'POST', '/apis/community/auth/image/publish', { imageId, ...fields, ...extra }, token);
}

const publicList = (body: object = {}) => call(t.app, 'POST', '/apis/community/api/image/list', { pageSize: 100, ...body });

describe('publishing', () => {
  it('publishes only the user’s own ready images, renders the description and lists it publicly', async () => {
    const owner = await userWithBalance(t.app, 0);
    const other = await userWithBalance(t.app, 0);
    const image = await privateImage(owner.id);
    const saving = await privateImage(owner.id, { status: 0 });

    expect(await publish(other.token, image.id)).toMatchObject({ code: 404, msg: '镜像不存在' });
    expect(await publish(owner.token, saving.id)).toMatchObject({ code: 409, msg: '镜像正在保存中，请保存完成后再发布' });
    const published = await publish(owner.token, image.id);
    expect(published).toMatchObject({ code: 200, msg: '镜像已发布到社区', data: { status: 1, statusName: '已发布', imageId: image.id } });

    const listed = await publicList({ keyword: 'vLLM 推理' });
    expect(listed.data.list.map((card: { id: number }) => card.id)).toContain(published.data.id);
    const detail = await call(t.app, 'POST', '/apis/community/api/image/view', { id: published.data.id });
    expect(detail.data).toMatchObject({
      title: 'vLLM 推理镜像',
      framework: 'PyTorch',
      python: '3.10',
      imageCuda: '12.4',
      os: 'Ubuntu 22.04',
      sizeBytes: 10 * 1024 ** 3,
      cudaVersion: '12.4',
      ports: [8000],
      starCount: 0,
      useCount: 0,
      mine: false,
      starred: false,
    });
    expect(detail.data.descriptionHtml).toContain('<strong>8000</strong>');
    expect(detail.data.ownerName).toMatch(/^测试/);
  });

  it('refuses bad tags, ports and covers in Chinese', async () => {
    const owner = await userWithBalance(t.app, 0);
    const image = await privateImage(owner.id);
    expect(await publish(owner.token, image.id, { tags: Array.from({ length: 9 }, (_, i) => `标签${i}`) })).toMatchObject({
      code: 422,
      msg: '标签最多8项',
    });
    expect(await publish(owner.token, image.id, { tags: ['这是一个非常非常非常非常非常非常长的标签名字'] })).toMatchObject({
      code: 422,
      msg: '标签长度不能超过20个字符',
    });
    expect(await publish(owner.token, image.id, { ports: [70_000] })).toMatchObject({ code: 422, msg: '端口不能大于65535' });
    expect((await publish(owner.token, image.id, { coverUrl: 'https://evil.example/x.png' })).msg).toBe(
      '封面地址格式不正确，只能使用本站上传的封面（/apis/ 开头）',
    );
    expect((await publish(owner.token, image.id, { cudaVersion: 'latest' })).code).toBe(422);
  });

  it('holds an image with a sensitive word for review: not listed, not viewable, shown to its owner with the note', async () => {
    const owner = await userWithBalance(t.app, 0);
    const image = await privateImage(owner.id);
    const held = await publish(owner.token, image.id, { title: '赌博 推理镜像' });
    expect(held).toMatchObject({ code: 200, data: { status: 2, statusName: '审核中', reviewNote: '含敏感词：赌博' } });
    expect((await publicList()).data.list.map((card: { id: number }) => card.id)).not.toContain(held.data.id);
    expect(await call(t.app, 'POST', '/apis/community/api/image/view', { id: held.data.id })).toMatchObject({ code: 404 });
    const mine = await call(t.app, 'POST', '/apis/community/auth/image/my/list', {}, owner.token);
    expect(mine.data.list).toEqual([expect.objectContaining({ id: held.data.id, status: 2, reviewNote: '含敏感词：赌博' })]);
  });

  it('lets only the owner update, unpublish and delete; an unpublished image leaves the list', async () => {
    const owner = await userWithBalance(t.app, 0);
    const other = await userWithBalance(t.app, 0);
    const { data } = await publish(owner.token, (await privateImage(owner.id)).id);
    const id = data.id;
    for (const path of ['update', 'unpublish', 'delete']) {
      expect(await call(t.app, 'POST', `/apis/community/auth/image/${path}`, { id, ...fields }, other.token)).toMatchObject({
        code: 404,
        msg: '社区镜像不存在',
      });
    }
    const updated = await call(t.app, 'POST', '/apis/community/auth/image/update', { id, ...fields, tags: ['推理', 'vLLM'] }, owner.token);
    expect(updated.data.tags).toEqual(['推理', 'vLLM']);
    expect((await publicList({ tag: 'vLLM' })).data.list.map((card: { id: number }) => card.id)).toContain(id);

    expect(await call(t.app, 'POST', '/apis/community/auth/image/unpublish', { id }, owner.token)).toMatchObject({ code: 200 });
    expect((await publicList()).data.list.map((card: { id: number }) => card.id)).not.toContain(id);
    expect((await call(t.app, 'POST', '/apis/community/auth/image/view', { id }, owner.token)).data).toMatchObject({
      status: 0,
      mine: true,
    });
    expect(await call(t.app, 'POST', '/apis/community/auth/image/view', { id }, other.token)).toMatchObject({ code: 404 });

    expect(await call(t.app, 'POST', '/apis/community/auth/image/delete', { id }, owner.token)).toMatchObject({ code: 200 });
    expect((await call(t.app, 'POST', '/apis/community/auth/image/my/list', {}, owner.token)).data.total).toBe(0);
  });

  it('says a shared image whose owner deleted the image is deleted (410), not missing, to the owner and to everyone', async () => {
    const owner = await userWithBalance(t.app, 0);
    const other = await userWithBalance(t.app, 0);
    const image = await privateImage(owner.id);
    const { data } = await publish(owner.token, image.id);
    expect(await call(t.app, 'DELETE', `/apis/image/auth/private/delete/${image.id}`, undefined, owner.token)).toMatchObject({ code: 200 });

    expect(await call(t.app, 'POST', '/apis/community/api/image/view', { id: data.id })).toMatchObject({
      code: 410,
      msg: '分享者已删除这个镜像',
    });
    expect(await call(t.app, 'POST', '/apis/community/auth/image/view', { id: data.id }, other.token)).toMatchObject({ code: 410 });
    expect(await call(t.app, 'POST', '/apis/community/auth/image/view', { id: data.id }, owner.token)).toMatchObject({
      code: 410,
      msg: '你已删除这个镜像，它不再在社区中分享',
    });
    expect(await call(t.app, 'POST', '/apis/community/api/image/view', { id: data.id + 1000 })).toMatchObject({
      code: 404,
      msg: '社区镜像不存在或已下架',
    });
  });
});

describe('browsing and stars', () => {
  it('stars once per user, unstars, and sorts by stars', async () => {
    const owner = await userWithBalance(t.app, 0);
    const fan = await userWithBalance(t.app, 0);
    const { data } = await publish(owner.token, (await privateImage(owner.id)).id, { title: '星标测试镜像' });
    const star = () => call(t.app, 'POST', '/apis/community/auth/image/star', { id: data.id }, fan.token);
    expect((await star()).data).toEqual({ starred: true, starCount: 1 });
    expect((await star()).data).toEqual({ starred: true, starCount: 1 });
    expect((await call(t.app, 'POST', '/apis/community/auth/image/view', { id: data.id }, fan.token)).data.starred).toBe(true);
    const byStars = await publicList({ sort: 'stars' });
    const counts = byStars.data.list.map((card: { starCount: number }) => card.starCount);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect((await call(t.app, 'POST', '/apis/community/auth/image/unstar', { id: data.id }, fan.token)).data).toEqual({
      starred: false,
      starCount: 0,
    });
    expect((await call(t.app, 'POST', '/apis/community/api/image/tag/list', {})).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ tag: '大模型' })]),
    );
  });
});

describe('using a shared image', () => {
  it('says why an old driver does not fit and which regions and models would', async () => {
    const owner = await userWithBalance(t.app, 0);
    const renter = await userWithBalance(t.app, 0);
    const { data } = await publish(owner.token, (await privateImage(owner.id)).id);
    const { node, model } = await oldDriverNode();
    const check = await call(
      t.app,
      'POST',
      '/apis/community/auth/image/use',
      { id: data.id, regionCode: 'xb-1', gpuModelId: model.id },
      renter.token,
    );
    expect(check.data).toMatchObject({ fits: false, cudaVersion: '12.4', title: 'vLLM 推理镜像' });
    expect(check.data.reasons[0]).toBe('该镜像需要 CUDA 12.4，所选 RTX 3090 节点的驱动最高支持 CUDA 11.8');
    expect(check.data.reasons[1]).toMatch(/^可选择：.*西北一区 RTX 4090/);
    expect(check.data.fitting).toEqual(expect.arrayContaining([expect.objectContaining({ regionCode: 'xb-1', gpuModelName: 'RTX 4090' })]));
    expect(
      check.data.fitting.some((f: { gpuModelId: number; regionCode: string }) => f.regionCode === 'xb-1' && f.gpuModelId === model.id),
    ).toBe(false);
    const onNode = await call(
      t.app,
      'POST',
      '/apis/community/auth/image/use',
      { id: data.id, regionCode: 'xb-1', gpuModelId: model.id, nodeId: node.id },
      renter.token,
    );
    expect(onNode.data.fits).toBe(false);
    const fitting = await privateNode(t.app.db, 1);
    const fits = await call(
      t.app,
      'POST',
      '/apis/community/auth/image/use',
      { id: data.id, regionCode: 'xb-1', gpuModelId: fitting.model.id },
      renter.token,
    );
    expect(fits.data).toMatchObject({ fits: true, reasons: [] });
  });

  it('rents another user’s published image on a fitting node and counts the use; refuses an old driver on the server', async () => {
    const owner = await userWithBalance(t.app, 0);
    const renter = await userWithBalance(t.app, 100_000);
    const image = await privateImage(owner.id);
    const { data } = await publish(owner.token, image.id);

    const old = await oldDriverNode();
    const refused = await rent(t.app, renter.token, { nodeId: old.node.id, gpuModelId: old.model.id, imageId: image.id });
    expect(refused).toMatchObject({ code: 409 });
    expect(refused.msg).toContain('该镜像需要 CUDA 12.4，所选 RTX 3090 节点的驱动最高支持 CUDA 11.8');
    expect(await gpuFree(t.app, old.node.id)).toBe(4);
    const anyNode = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/price/preview',
      { regionCode: 'xb-1', gpuModelId: old.model.id, gpuCount: 1, billingType: 1 },
      renter.token,
    );
    const refusedInRegion = await call(
      t.app,
      'POST',
      '/apis/user/auth/order/info/pay',
      { regionCode: 'xb-1', gpuModelId: old.model.id, gpuCount: 1, billingType: 1, imageId: image.id, quoteToken: anyNode.data.quoteToken },
      renter.token,
    );
    expect(refusedInRegion.msg).toContain('所选 RTX 3090 节点的驱动最高支持 CUDA 11.8');

    const { node, model } = await privateNode(t.app.db, 2);
    const rented = await rent(t.app, renter.token, { nodeId: node.id, gpuModelId: model.id, imageId: image.id });
    expect(rented).toMatchObject({ code: 200, data: { instance: { imageName: image.name } } });
    const [row] = await t.app.db.select().from(communityImages).where(eq(communityImages.id, data.id));
    expect(row!.useCount).toBe(1);
  });

  it('refuses another user’s private or unpublished image', async () => {
    const owner = await userWithBalance(t.app, 0);
    const renter = await userWithBalance(t.app, 100_000);
    const kept = await privateImage(owner.id);
    const shared = await privateImage(owner.id);
    const { data } = await publish(owner.token, shared.id);
    await call(t.app, 'POST', '/apis/community/auth/image/unpublish', { id: data.id }, owner.token);
    const { node, model } = await privateNode(t.app.db, 2);
    for (const imageId of [kept.id, shared.id]) {
      expect(await rent(t.app, renter.token, { nodeId: node.id, gpuModelId: model.id, imageId })).toMatchObject({
        code: 404,
        msg: '镜像不存在',
      });
    }
    expect(
      await call(t.app, 'POST', '/apis/community/auth/image/use', { id: data.id, regionCode: 'xb-1', gpuModelId: model.id }, renter.token),
    ).toMatchObject({ code: 404 });
    expect(await gpuFree(t.app, node.id)).toBe(2);
  });
});
