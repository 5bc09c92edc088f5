import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShelfStatus, appCategories, applications, instanceApps, instances } from '../../db/index.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { privateNode, quotedOperation, systemImageId } from '../../test-support/compute-test-kit.js';
import { newLearner, type Person } from '../../test-support/learning-test-kit.js';
import { closePodmanTestApp, createPodmanTestApp, reachStatus } from '../../test-support/podman-test-app.js';
import { Status } from '../states.js';
import { runInInstance } from './instance-shell.js';
import { appPortsOf } from '../index.js';

// One Podman server for the file: the file browser's instance carries the service tests one after another.
let t: TestApp;
let author: Person;
let user: Person;
let imageId: number;

beforeAll(async () => {
  t = await createPodmanTestApp();
  author = await newLearner(t.app);
  user = await newLearner(t.app, 10_000_000);
  imageId = await systemImageId(t.app.db);
});
afterAll(() => closePodmanTestApp(t));

const post = (path: string, body: object, who: Person) => call(t.app, 'POST', `/apis${path}`, body, who.token);

interface Template {
  ports: { port: number; name: string; protocol: 'http' | 'tcp' }[];
  startCommand: string;
  env?: { name: string; value: string }[];
  readiness: { port: number; path: string } | null;
}

/** The author's application with this template, put on the shelf (its review is another suite's). */
async function publishedApp(name: string, template: Template) {
  const [category] = await t.app.db.select().from(appCategories).limit(1);
  const saved = await post('/application/auth/app/save', { name, categoryId: category!.id, summary: '' }, author);
  const id: number = saved.data.id;
  const body = { id, imageId, regionCode: 'xb-1', gpuModelCode: 'rtx4090', gpuCount: 1, dataDiskGb: 0, ...template };
  expect(await post('/application/auth/app/update/template', body, author)).toMatchObject({ code: 200 });
  await t.app.db.update(applications).set({ status: ShelfStatus.published }).where(eq(applications.id, id));
  return id;
}

/** Deploys the application as the user on a node of its own (the rent order its template asks for); answers the instance id. */
async function deploy(appId: number) {
  const { node, model } = await privateNode(t.app.db, 1);
  const order = {
    regionCode: 'xb-1',
    gpuModelId: model.id,
    gpuCount: 1,
    billingType: 1,
    imageId,
    dataDiskExtraGb: 0,
    nodeId: node.id,
    appId,
  };
  const quoted = await post('/user/auth/order/price/preview', order, user);
  const paid = await post('/user/auth/order/info/pay', { ...order, quoteToken: quoted.data.quoteToken }, user);
  expect(paid.code).toBe(200);
  return paid.data.instance.id as number;
}

const serviceOf = async (id: number) => (await post('/container/auth/list', { pageNum: 1, pageSize: 1, id }, user)).data.list[0].app;

/** Polls the console's view of the instance until its service is as `wanted` says (a real container takes what it takes). */
async function serviceReaching(id: number, wanted: (service: { state: string; restarts: number }) => boolean) {
  for (let waited = 0; ; waited += 250) {
    const service = await serviceOf(id);
    if (wanted(service)) return service;
    if (waited > 90_000) throw new Error(`the service of instance ${id} is ${JSON.stringify(service)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function rowOf(id: number) {
  const [row] = await t.app.db.select().from(instances).where(eq(instances.id, id));
  return row!;
}

/** The page the instance's port 8000 answers, asked through the driver as the instance-pages proxy asks. */
async function pageOf(id: number) {
  const target = await t.app.compute.driver.httpTarget(await rowOf(id), 8000);
  const response = await fetch(`http://${target!.host}:${target!.port}/`);
  return { status: response.status, text: await response.text() };
}

const shell = async (id: number, script: string) => (await runInInstance(t.app.compute.driver, await rowOf(id), script)).stdout.toString();

const fileBrowser: Template = {
  ports: [{ port: 8000, name: '文件浏览', protocol: 'http' }],
  startCommand: 'python3 -m http.server "$BROWSER_PORT" --directory /root',
  env: [{ name: 'BROWSER_PORT', value: '8000' }],
  readiness: { port: 8000, path: '/' },
};

describe('an application deployed on the Podman driver', () => {
  let appId: number;
  let id: number;

  it('starts its command as a service: 启动中, then 运行中 once its page answers, served through the driver', async () => {
    appId = await publishedApp('文件浏览器', fileBrowser);
    id = await deploy(appId);
    expect(await serviceOf(id)).toMatchObject({ appId, appName: '文件浏览器', state: 'starting', stateName: '启动中', openPort: null });
    await reachStatus(t, id, Status.running);
    const running = await serviceReaching(id, (service) => service.state === 'running');
    expect(running).toMatchObject({ stateName: '运行中', reason: '', restarts: 0, logTail: [], openPort: 8000 });
    const page = await pageOf(id);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Directory listing for /');
    expect(page.text).toContain('data/');
  }, 120_000);

  it('restarts the service when its process dies, counting the restart', async () => {
    await shell(id, '/bin/kill -KILL -- -$(sed -n "s/^pid=//p" /run/suanli-app/record)');
    const back = await serviceReaching(id, (service) => service.restarts === 1 && service.state === 'running');
    expect(back).toMatchObject({ stateName: '运行中', reason: '' });
    expect((await pageOf(id)).status).toBe(200);
    const log = await post('/user/auth/user/instance/app/log', { id }, user);
    expect(log.data.lines.join('\n')).toContain('服务退出（退出码 137），1 秒后重启');
  }, 120_000);

  it('keeps what it was deployed with when the template changes, and starts the service again after stop and start', async () => {
    expect(await post('/application/auth/app/update/putaway', { id: appId, putaway: false }, author)).toMatchObject({ code: 200 });
    const changed = { ...fileBrowser, startCommand: 'python3 -m http.server 9000', readiness: null, ports: [] };
    expect(
      await post(
        '/application/auth/app/update/template',
        { id: appId, imageId, regionCode: 'xb-1', gpuModelCode: 'rtx4090', gpuCount: 1, dataDiskGb: 0, ...changed },
        author,
      ),
    ).toMatchObject({ code: 200 });

    expect((await post('/user/auth/user/instance/stop', { id }, user)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    expect(await serviceOf(id)).toMatchObject({ state: 'idle', stateName: '未运行', reason: '实例开机后自动启动', openPort: null });
    expect((await post('/user/auth/user/instance/start', { id }, user)).code).toBe(200);
    await reachStatus(t, id, Status.running);
    expect(await serviceReaching(id, (service) => service.state === 'running')).toMatchObject({ restarts: 0, openPort: 8000 });
    expect((await pageOf(id)).text).toContain('Directory listing for /');

    const [kept] = await t.app.db.select().from(instanceApps).where(eq(instanceApps.instanceId, id));
    expect(kept).toMatchObject({ startCommand: fileBrowser.startCommand, ports: fileBrowser.ports, readiness: fileBrowser.readiness });
    expect(await appPortsOf(t.app.db, id)).toEqual(fileBrowser.ports);
    expect(await shell(id, 'echo "$SUANLI_APP_COMMAND"; grep -c "启动服务" /var/log/suanli-app.log')).toBe(
      `${fileBrowser.startCommand}\n3\n`,
    );
    const launches = await post('/application/auth/app/launch/list', {}, user);
    expect(launches.data.list[0]).toMatchObject({ instanceId: id, startCommand: fileBrowser.startCommand, service: { state: 'running' } });
  }, 120_000);

  it('a clone of the instance runs the same service, as the instance was deployed with it', async () => {
    expect((await post('/user/auth/user/instance/stop', { id }, user)).code).toBe(200);
    await reachStatus(t, id, Status.stopped);
    const clone = await quotedOperation(t.app, user.token, 'clone', '/apis/user/auth/user/instance/clone', { id });
    expect(clone.code).toBe(200);
    const cloneId: number = clone.data.id;
    await reachStatus(t, cloneId, Status.running);
    expect(await serviceReaching(cloneId, (service) => service.state === 'running')).toMatchObject({ appId, openPort: 8000 });
    expect((await pageOf(cloneId)).text).toContain('Directory listing for /');
    expect(await appPortsOf(t.app.db, cloneId)).toEqual(fileBrowser.ports);
  }, 120_000);

  it('shows 启动失败 with the reason and the log’s last lines when the command keeps exiting; the log can be read and downloaded', async () => {
    const broken = await publishedApp('缺模型的服务', {
      ports: [{ port: 7860, name: 'WebUI', protocol: 'http' }],
      startCommand: 'echo "找不到模型文件 /root/models" >&2; exit 3',
      readiness: { port: 7860, path: '/' },
    });
    const failing = await deploy(broken);
    await reachStatus(t, failing, Status.running);
    const failed = await serviceReaching(failing, (service) => service.state === 'failed');
    expect(failed).toMatchObject({ stateName: '启动失败', restarts: 3 });
    expect(failed.reason).toBe('启动命令连续 3 次在启动后一分钟内退出，最近一次退出码 3；平台会继续间隔重试');
    expect(failed.logTail).toContain('找不到模型文件 /root/models');
    expect(failed.logTail.at(-1)).toMatch(/服务退出（退出码 3），4 秒后重启$/);

    const log = await post('/user/auth/user/instance/app/log', { id: failing }, user);
    expect(log).toMatchObject({ code: 200, data: { truncated: false } });
    expect(log.data.lines.filter((line: string) => line === '找不到模型文件 /root/models').length).toBeGreaterThanOrEqual(3);
    const download = await t.app.inject({
      method: 'POST',
      url: '/apis/user/auth/user/instance/app/log/download',
      payload: new URLSearchParams({ id: String(failing), token: user.token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.body).toContain('找不到模型文件 /root/models');

    const stranger = await newLearner(t.app);
    expect(await post('/user/auth/user/instance/app/log', { id: failing }, stranger)).toMatchObject({ code: 404, msg: '实例不存在' });
  }, 120_000);
});
