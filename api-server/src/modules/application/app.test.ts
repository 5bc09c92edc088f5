import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, type TestApp } from '../../test-support/test-app.js';
import { balanceOf, messagesOf, privateNode, setUpComputeTestApp } from '../../test-support/compute-test-kit.js';
import { newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import {
  ShelfStatus,
  appCategories,
  appLaunches,
  applications,
  images,
  instanceApps,
  instances,
  searchDocuments,
} from '../../db/schema.js';

let t: TestApp;
let systemImage = 0;
setUpComputeTestApp((compute) => ({ t, imageId: systemImage } = compute));

const post = (path: string, body: object, who?: Person) => call(t.app, 'POST', `/apis/application${path}`, body, who?.token);
const remove = (id: number, who?: Person) => call(t.app, 'DELETE', `/apis/application/auth/app/delete?id=${id}`, undefined, who?.token);

async function categoryId() {
  const [category] = await t.app.db.select().from(appCategories).limit(1);
  return category!.id;
}

const fields = async () => ({
  name: 'Jupyter 测试应用',
  categoryId: await categoryId(),
  summary: '测试用的应用',
  descriptionMarkdown: '## 说明\n\n打开 **8888** 端口。<script>alert(1)</script>',
});

const template = (id: number, extra: object = {}) => ({
  id,
  imageId: systemImage,
  regionCode: 'xb-1',
  gpuModelCode: 'rtx4090',
  gpuCount: 1,
  dataDiskGb: 10,
  ports: [{ port: 8888, name: 'JupyterLab', protocol: 'http' }],
  startCommand: 'jupyter lab --port=8888',
  ...extra,
});

/** A draft with a template, by `author`. */
async function draft(author: Person): Promise<number> {
  const saved = await post('/auth/app/save', await fields(), author);
  expect(saved).toMatchObject({ code: 200, data: { status: ShelfStatus.draft, statusName: '草稿', isMine: true } });
  expect(await post('/auth/app/update/template', template(saved.data.id), author)).toMatchObject({ code: 200 });
  return saved.data.id;
}

/** A published application of `author`, through submission and an operator's approval. */
async function published(author: Person, operator: Person): Promise<number> {
  const id = await draft(author);
  expect(await post('/auth/app/update/putaway', { id, putaway: true }, author)).toMatchObject({ code: 200, data: { status: 2 } });
  expect(await post('/auth/app/review/approve', { id }, operator)).toMatchObject({ code: 200 });
  return id;
}

describe('public catalogue', () => {
  it('lists only published applications, by category and keyword, and shows a draft only to its author and operators', async () => {
    const author = await newTeacher(t.app);
    const other = await newLearner(t.app);
    const operator = await newOperator(t.app);
    const hidden = await draft(author);

    const listed = await post('/api/app/list', { pageSize: 100 });
    expect(listed.code).toBe(200);
    const names = listed.data.list.map((card: { name: string }) => card.name);
    expect(names).toEqual(expect.arrayContaining(['Jupyter Notebook', '文件浏览器', 'Stable Diffusion WebUI', 'vLLM 推理服务']));
    expect(listed.data.list.map((card: { id: number }) => card.id)).not.toContain(hidden);
    const jupyter = listed.data.list.find((card: { name: string }) => card.name === 'Jupyter Notebook');
    expect(jupyter).toMatchObject({ gpuModelName: 'RTX 4090', gpuCount: 1, authorName: '王老师', categoryName: '开发环境' });
    expect(jupyter).not.toHaveProperty('status');

    const byKeyword = await post('/api/app/list', { keyword: 'vLLM' });
    expect(byKeyword.data.list.map((card: { name: string }) => card.name)).toEqual(['vLLM 推理服务']);
    const byCategory = await post('/api/app/list', { categoryId: jupyter.categoryId });
    expect(byCategory.data.list.every((card: { categoryId: number }) => card.categoryId === jupyter.categoryId)).toBe(true);

    const categories = await call(t.app, 'GET', '/apis/application/api/app/category/list');
    expect(categories.data.map((c: { name: string }) => c.name)).toEqual(['开发环境', 'AI 绘画', '大模型推理', '科学计算']);

    const detail = await post('/api/app/view', { id: jupyter.id });
    expect(detail).toMatchObject({
      code: 200,
      data: {
        name: 'Jupyter Notebook',
        isMine: false,
        template: { gpuModelCode: 'rtx4090', regionName: '不限地区', ports: [{ port: 8888 }], readiness: { port: 8888, path: '/api' } },
      },
    });
    expect(detail.data.descriptionHtml).toContain('<h2>');

    const missing = { code: 404, msg: '应用不存在或未上架' };
    expect(await post('/api/app/view', { id: hidden })).toMatchObject(missing);
    expect(await post('/api/app/view', { id: hidden }, other)).toMatchObject(missing);
    expect(await post('/api/app/view', { id: hidden }, author)).toMatchObject({ code: 200, data: { isMine: true } });
    expect(await post('/api/app/view', { id: hidden }, operator)).toMatchObject({ code: 200, data: { isMine: false } });
  });
});

describe('my applications', () => {
  it('needs a session for every mine call', async () => {
    for (const path of ['list', 'save', 'update', 'audit/view', 'update/putaway', 'update/template', 'launch/list'])
      expect(await post(`/auth/app/${path}`, { id: 1 })).toMatchObject({ code: 401 });
    for (const path of ['instance/template/list', 'instance/template/scope/list', 'instance/template/category/list'])
      expect(await post(`/auth/app/${path}`, {})).toMatchObject({ code: 401 });
    expect(await remove(1)).toMatchObject({ code: 401 });
  });

  it('lets only the author read, change and delete an application; the description is rendered and sanitised', async () => {
    const author = await newLearner(t.app);
    const other = await newTeacher(t.app);
    const operator = await newOperator(t.app);
    const id = await draft(author);

    const mine = await post('/auth/app/list', {}, author);
    expect(mine.data).toMatchObject({ total: 1, list: [{ id, status: 0, statusName: '草稿', gpuModelName: 'RTX 4090' }] });
    expect((await post('/auth/app/list', {}, other)).data.total).toBe(0);

    const view = await post('/auth/app/audit/view', { id }, author);
    expect(view.data.descriptionHtml).toContain('<strong>8888</strong>');
    expect(view.data.descriptionHtml).not.toContain('<script>');
    for (const stranger of [other, operator]) {
      expect(await post('/auth/app/audit/view', { id }, stranger)).toMatchObject({ code: 404, msg: '应用不存在' });
      expect(await post('/auth/app/update', { id, ...(await fields()), name: '改名' }, stranger)).toMatchObject({ code: 404 });
      expect(await post('/auth/app/update/template', template(id), stranger)).toMatchObject({ code: 404 });
      expect(await post('/auth/app/update/putaway', { id, putaway: true }, stranger)).toMatchObject({ code: 404 });
      expect(await remove(id, stranger)).toMatchObject({ code: 404 });
    }

    const renamed = await post('/auth/app/update', { id, ...(await fields()), name: '新名字', descriptionMarkdown: undefined }, author);
    expect(renamed).toMatchObject({ code: 200, data: { name: '新名字' } });
    expect(renamed.data.descriptionMarkdown).toContain('8888');
    expect(await post('/auth/app/save', { ...(await fields()), categoryId: 999_999 }, author)).toMatchObject({
      code: 422,
      msg: '应用分类不存在',
    });

    expect(await remove(id, author)).toMatchObject({ code: 200, msg: '应用已删除' });
    expect(await post('/auth/app/audit/view', { id }, author)).toMatchObject({ code: 404 });
  });

  it('checks the template against the pool and the author’s images', async () => {
    const author = await newLearner(t.app);
    const other = await newLearner(t.app);
    const id = (await post('/auth/app/save', await fields(), author)).data.id;
    const refuse = async (extra: object, msg: string | RegExp) => {
      const answer = await post('/auth/app/update/template', template(id, extra), author);
      expect(answer.code).not.toBe(200);
      expect(answer.msg).toMatch(msg);
    };
    await refuse({ gpuModelCode: 'rtx9999' }, 'GPU型号不存在');
    await refuse({ regionCode: 'hd-2', gpuModelCode: 'rtx3090' }, '所选地区没有 RTX 3090 主机');
    await refuse({ regionCode: 'xb-1', gpuModelCode: 'rtx4090', gpuCount: 8 }, /GPU数量超过单台主机的卡数：RTX 4090 单台最多 \d 张/);
    await refuse({ ports: [{ port: 22, name: 'ssh', protocol: 'tcp' }] }, '22 端口用于 SSH 登录，请换一个端口');
    await refuse(
      {
        ports: [
          { port: 8888, name: 'a', protocol: 'http' },
          { port: 8888, name: 'b', protocol: 'http' },
        ],
      },
      '端口 8888 重复',
    );
    await refuse({ ports: [{ port: 70_000, name: 'x', protocol: 'http' }] }, /端口/);
    await refuse(
      { env: [{ name: 'SUANLI_APP_COMMAND', value: 'x' }] },
      '环境变量 SUANLI_APP_COMMAND：SUANLI_ 开头的变量由平台设置，请换一个名字',
    );
    await refuse(
      {
        env: [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
        ],
      },
      '环境变量 A 重复',
    );
    await refuse({ env: [{ name: '1X', value: '' }] }, /变量名/);
    await refuse({ readiness: { port: 9999, path: '/' } }, '就绪检查的端口 9999 不在模板的端口中');
    await refuse({ readiness: { port: 8888, path: 'api' } }, '就绪检查路径应以 / 开头，且不含空格');
    await refuse({ readiness: { port: 8888, path: '/' }, startCommand: ' ' }, '就绪检查针对启动命令运行的服务，请先填写启动命令');
    const [foreign] = await t.app.db
      .insert(images)
      .values({
        userId: other.id,
        name: 'other-img',
        framework: 'PyTorch',
        frameworkVersion: '2',
        python: '3.10',
        cuda: '12.1',
        os: 'U',
        sizeBytes: 1,
      })
      .returning();
    await refuse({ imageId: foreign!.id }, '镜像不存在');
    const [newCuda] = await t.app.db
      .insert(images)
      .values({
        userId: author.id,
        name: 'cuda13',
        framework: 'PyTorch',
        frameworkVersion: '3',
        python: '3.12',
        cuda: '13.0',
        os: 'U',
        sizeBytes: 1,
      })
      .returning();
    await refuse({ imageId: newCuda!.id }, /该镜像需要 CUDA 13.0/);
    await refuse({ imageId: newCuda!.id, regionCode: '' }, '该镜像需要 CUDA 13.0，RTX 4090 主机的驱动都不支持');
    expect((await post('/auth/app/audit/view', { id }, author)).data.template).toBeNull();

    const saved = await post('/auth/app/update/template', template(id, { regionCode: '' }), author);
    expect(saved).toMatchObject({
      code: 200,
      msg: '实例模板已保存',
      data: { template: { regionCode: '', gpuCount: 1, dataDiskGb: 10, env: [], readiness: null } },
    });
    const tcp = { ports: [{ port: 6006, name: 'TensorBoard', protocol: 'tcp' }], readiness: { port: 6006, path: '/ignored' } };
    const withTcp = await post(
      '/auth/app/update/template',
      template(id, { ...tcp, env: [{ name: 'LOG_DIR', value: '/root/logs' }] }),
      author,
    );
    expect(withTcp.data.template).toMatchObject({ env: [{ name: 'LOG_DIR', value: '/root/logs' }], readiness: { port: 6006, path: '' } });

    const imagesOf = await post('/auth/app/instance/template/list', {}, author);
    const sources = new Map(imagesOf.data.map((image: { id: number; source: string }) => [image.id, image.source]));
    expect(sources.get(systemImage)).toBe('system');
    expect(sources.get(newCuda!.id)).toBe('mine');
    expect(sources.has(foreign!.id)).toBe(false);
    expect([...sources.values()]).toContain('community');

    const scopes = await post('/auth/app/instance/template/scope/list', { imageId: newCuda!.id }, author);
    expect(scopes.data.length).toBeGreaterThan(0);
    expect(scopes.data.every((scope: { fits: boolean }) => !scope.fits)).toBe(true);
    expect(await post('/auth/app/instance/template/scope/list', { imageId: foreign!.id }, author)).toMatchObject({ code: 404 });
    const models = await post('/auth/app/instance/template/category/list', {}, author);
    expect(models.data.find((model: { code: string }) => model.code === 'rtx4090')).toMatchObject({ name: 'RTX 4090', maxGpuPerNode: 8 });
  });
});

describe('review', () => {
  it('moves an application through review, shelf and back, telling the author', async () => {
    const author = await newLearner(t.app);
    const learner = await newLearner(t.app);
    const operator = await newOperator(t.app);
    const bare = (await post('/auth/app/save', { ...(await fields()), descriptionMarkdown: '' }, author)).data.id;
    expect(await post('/auth/app/update/putaway', { id: bare, putaway: true }, author)).toMatchObject({
      code: 422,
      msg: '请先设置实例模板再提交审核',
    });

    const id = await draft(author);
    expect(await post('/auth/app/review/approve', { id }, operator)).toMatchObject({ code: 409, msg: '该应用不在审核中' });
    expect(await post('/auth/app/update/putaway', { id, putaway: true }, author)).toMatchObject({
      code: 200,
      msg: '已提交审核，审核通过后自动上架',
      data: { status: 2, statusName: '审核中' },
    });
    expect(await post('/auth/app/update', { id, ...(await fields()) }, author)).toMatchObject({ code: 409 });

    for (const notOperator of [author, learner]) {
      expect(await post('/auth/app/review/list', {}, notOperator)).toMatchObject({ code: 403, msg: '仅运营人员可以执行此操作' });
      expect(await post('/auth/app/review/approve', { id }, notOperator)).toMatchObject({ code: 403 });
      expect(await post('/auth/app/review/reject', { id, reason: 'x' }, notOperator)).toMatchObject({ code: 403 });
    }
    expect(await post('/auth/app/review/list', {})).toMatchObject({ code: 401 });
    const queue = await post('/auth/app/review/list', { pageSize: 100 }, operator);
    expect(queue.data.list.map((row: { id: number }) => row.id)).toContain(id);

    expect(await post('/auth/app/review/reject', { id, reason: '' }, operator)).toMatchObject({ code: 422 });
    expect(await post('/auth/app/review/reject', { id, reason: '描述过于简单' }, operator)).toMatchObject({ code: 200 });
    expect(await post('/auth/app/audit/view', { id }, author)).toMatchObject({
      data: { status: 3, statusName: '已驳回', reviewNote: '描述过于简单' },
    });
    expect((await messagesOf(t.app, author.token))[0]).toMatchObject({
      title: '应用审核未通过',
      content: expect.stringContaining('描述过于简单'),
    });

    expect(await post('/auth/app/update/putaway', { id, putaway: true }, author)).toMatchObject({ data: { status: 2 } });
    expect(await post('/auth/app/review/approve', { id }, operator)).toMatchObject({ code: 200, msg: '审核通过，应用已上架' });
    expect(await post('/auth/app/audit/view', { id }, author)).toMatchObject({ data: { status: 1, reviewNote: '' } });
    expect((await messagesOf(t.app, author.token))[0]).toMatchObject({ title: '应用审核通过' });
    const indexed = () =>
      t.app.db
        .select()
        .from(searchDocuments)
        .where(and(eq(searchDocuments.kind, 'app'), eq(searchDocuments.refId, id)));
    expect(await indexed()).toHaveLength(1);
    expect((await post('/api/app/view', { id }, learner)).code).toBe(200);
    expect(await post('/auth/app/update/template', template(id), author)).toMatchObject({ code: 409, msg: '应用已上架，请先下架再修改' });

    expect(await post('/auth/app/update/putaway', { id, putaway: false }, author)).toMatchObject({
      msg: '应用已下架',
      data: { status: 4 },
    });
    expect(await indexed()).toHaveLength(0);
    expect(await post('/api/app/view', { id }, learner)).toMatchObject({ code: 404 });
    expect(await post('/auth/app/update/putaway', { id, putaway: false }, author)).toMatchObject({ code: 409, msg: '应用未上架' });
    expect(await post('/auth/app/update/putaway', { id, putaway: true }, author)).toMatchObject({ msg: '应用已上架', data: { status: 1 } });
    expect(await indexed()).toHaveLength(1);
  });
});

describe('launching', () => {
  async function order(
    token: string,
    o: {
      regionCode: string;
      gpuModelId: number;
      gpuCount: number;
      imageId: number;
      dataDiskExtraGb: number;
      appId?: number;
      nodeId?: number;
    },
  ) {
    const quoted = await call(t.app, 'POST', '/apis/user/auth/order/price/preview', { billingType: 1, ...o }, token);
    expect(quoted.code).toBe(200);
    return call(t.app, 'POST', '/apis/user/auth/order/info/pay', { billingType: 1, ...o, quoteToken: quoted.data.quoteToken }, token);
  }

  it('records one launch per instance created from a published application whose template the order matches', async () => {
    const author = await newLearner(t.app);
    const operator = await newOperator(t.app);
    const user = await newLearner(t.app, 1_000_000);
    const { node, model } = await privateNode(t.app.db, 4);
    const id = await published(author, operator);
    const machine = { regionCode: 'xb-1', gpuModelId: model.id, gpuCount: 1, imageId: systemImage, dataDiskExtraGb: 10, nodeId: node.id };
    const balance = await balanceOf(t.app, user.id);

    const mismatch = { code: 409, msg: '所选配置与应用模板不一致，请从应用中心重新部署' };
    expect(await order(user.token, { ...machine, gpuCount: 2, appId: id })).toMatchObject(mismatch);
    expect(await order(user.token, { ...machine, dataDiskExtraGb: 0, appId: id })).toMatchObject(mismatch);
    expect(await order(user.token, { ...machine, appId: 999_999 })).toMatchObject({ code: 404, msg: '应用不存在或未上架' });
    expect(await balanceOf(t.app, user.id)).toBe(balance);
    expect(await t.app.db.select().from(instances).where(eq(instances.userId, user.id))).toHaveLength(0);

    const paid = await order(user.token, { ...machine, appId: id });
    expect(paid.code).toBe(200);
    const launches = await t.app.db.select().from(appLaunches).where(eq(appLaunches.appId, id));
    expect(launches).toEqual([expect.objectContaining({ userId: user.id, instanceId: paid.data.instance.id })]);
    const [row] = await t.app.db.select().from(applications).where(eq(applications.id, id));
    expect(row!.launchCount).toBe(1);
    expect((await order(user.token, machine)).code).toBe(200);
    expect((await t.app.db.select().from(applications).where(eq(applications.id, id)))[0]!.launchCount).toBe(1);

    const mine = await post('/auth/app/launch/list', {}, user);
    const simulated = {
      state: 'idle',
      stateName: '未运行',
      reason: '模拟资源池中的实例没有真实容器，应用的启动命令不会运行',
      openPort: null,
    };
    expect(mine.data).toMatchObject({
      total: 1,
      list: [
        {
          appId: id,
          instanceId: paid.data.instance.id,
          ports: [{ port: 8888 }],
          startCommand: 'jupyter lab --port=8888',
          service: { appId: id, appName: 'Jupyter 测试应用', ...simulated },
        },
      ],
    });
    const listed = await call(
      t.app,
      'POST',
      '/apis/container/auth/list',
      { pageNum: 1, pageSize: 1, id: paid.data.instance.id },
      user.token,
    );
    expect(listed.data.list[0].app).toMatchObject(simulated);
    expect((await post('/auth/app/launch/list', {}, author)).data.total).toBe(0);

    expect(await post('/auth/app/update/putaway', { id, putaway: false }, author)).toMatchObject({ code: 200 });
    expect(await order(user.token, { ...machine, appId: id })).toMatchObject({ code: 404, msg: '应用不存在或未上架' });

    expect(await remove(id, author)).toMatchObject({ code: 200 });
    const [instance] = await t.app.db.select().from(instances).where(eq(instances.id, paid.data.instance.id));
    expect(instance).toBeDefined();
    // The instance still runs what it was deployed with.
    const [kept] = await t.app.db.select().from(instanceApps).where(eq(instanceApps.instanceId, instance!.id));
    expect(kept).toMatchObject({ appId: id, startCommand: 'jupyter lab --port=8888', ports: [{ port: 8888 }] });
    expect((await post('/auth/app/launch/list', {}, user)).data.total).toBe(0);
  });
});
