import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { applications, instanceApps, instancePageShares } from '../../db/index.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { startWebPortStandIn } from '../../test-support/web-port-stand-in.js';
import { openInstancePagesApp } from '../../test-support/instance-pages-app.js';
import { instanceOp, settle } from '../../test-support/compute-test-kit.js';

/** What the simulated pool answers for every port of every running instance (SIMULATED_WEB_TARGET). */
const standIn = await startWebPortStandIn((request) => ({
  status: 200,
  type: 'application/json',
  body: JSON.stringify({ servedBy: 'instance', url: request.url }),
}));

let t: TestApp;
let listening: number;
let ownerOfRunningInstance: Awaited<ReturnType<typeof openInstancePagesApp>>['ownerOfRunningInstance'];

beforeAll(async () => {
  ({ t, listening, ownerOfRunningInstance } = await openInstancePagesApp(standIn.address));
});
afterAll(async () => {
  await t?.close();
  await standIn.close();
});

const page = (path: string, body: object, token: string) => call(t.app, 'POST', `/apis/user/auth/user/instance/page/${path}`, body, token);
const hostOf = (id: number, port: number) => `${id}-${port}.apps.localhost:8080`;

/** A GET on the instance-pages origin, as a browser holding `cookie` (none: a fresh browser) sends it. */
function onInstanceOrigin(url: string, cookie?: string) {
  const { host, pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname + search, headers: { host, ...(cookie ? { cookie } : {}) } });
}

/** Spends a ticket or share link: the pass cookie it was exchanged for. */
async function passOf(url: string) {
  const entered = await onInstanceOrigin(url);
  expect(entered.statusCode).toBe(303);
  expect(entered.headers.location).not.toMatch(/rc_(ticket|share)/);
  return String(entered.headers['set-cookie']).split(';')[0]!;
}

describe('the web ports of an instance (自定义服务)', () => {
  it("lists JupyterLab's port, its application's HTTP ports, and up to 5 added ones; 22, duplicates and a 6th are refused", async () => {
    const { user, id } = await ownerOfRunningInstance();
    const [app] = await t.app.db.insert(applications).values({ authorId: user.id, name: '网页应用' }).returning();
    // What deploying the application recorded on the instance: its template's ports as they were then.
    await t.app.db.insert(instanceApps).values({
      instanceId: id,
      appId: app!.id,
      appName: app!.name,
      startCommand: 'python3 webui.py',
      ports: [
        { port: 7860, name: 'WebUI', protocol: 'http' },
        { port: 9000, name: '数据库', protocol: 'tcp' },
      ],
    });

    expect(await page('ports', { id }, user.token)).toMatchObject({
      code: 200,
      data: [
        { name: 'JupyterLab', port: 8888, source: 'jupyter' },
        { name: 'WebUI', port: 7860, source: 'app' },
      ],
    });
    for (const port of [8000, 8001, 8002, 8003, 8004]) {
      expect(await page('port/add', { id, name: ` 服务${port} `, port }, user.token)).toMatchObject({ code: 200 });
    }
    expect(await page('port/add', { id, name: '第六个', port: 8005 }, user.token)).toMatchObject({
      code: 409,
      msg: '最多添加 5 个自定义服务，请先删除不用的服务',
    });
    expect(await page('port/add', { id, name: 'SSH', port: 22 }, user.token)).toMatchObject({
      code: 422,
      msg: '端口 22 是实例的 SSH 端口，不能添加为网页服务',
    });
    expect(await page('port/remove', { id, port: 8004 }, user.token)).toMatchObject({ code: 200 });
    for (const port of [8888, 7860, 8000]) {
      expect(await page('port/add', { id, name: '重复', port }, user.token)).toMatchObject({ code: 409, msg: `端口 ${port} 已在列表中` });
    }
    expect(await page('port/add', { id, name: '   ', port: 8010 }, user.token)).toMatchObject({ code: 422, msg: '请填写服务名称' });
    expect(await page('port/remove', { id, port: 7860 }, user.token)).toMatchObject({ code: 404, msg: '该端口不是你添加的自定义服务' });

    const listed = await page('ports', { id }, user.token);
    expect(listed.data.map((entry: { port: number; source: string }) => `${entry.port}/${entry.source}`)).toEqual([
      '8888/jupyter',
      '7860/app',
      '8000/custom',
      '8001/custom',
      '8002/custom',
      '8003/custom',
    ]);
    expect(listed.data[2]).toMatchObject({ name: '服务8000' });

    const stranger = await ownerOfRunningInstance();
    expect(await page('ports', { id }, stranger.user.token)).toMatchObject({ code: 404, msg: '实例不存在' });
    expect(await page('port/add', { id, name: '别人的', port: 8100 }, stranger.user.token)).toMatchObject({ code: 404, msg: '实例不存在' });
  });

  it("opens an added port for its owner, WebSockets included, with the port's own address", async () => {
    const { user, id } = await ownerOfRunningInstance();
    await page('port/add', { id, name: '我的服务', port: 8000 }, user.token);
    const asked = await page('ticket', { id, port: 8000 }, user.token);
    expect(asked.data.url).toMatch(new RegExp(`^http://${id}-8000\\.apps\\.localhost:8080/\\?rc_ticket=[\\w-]{43}$`));
    const pass = await passOf(asked.data.url);
    expect((await onInstanceOrigin(`http://${hostOf(id, 8000)}/app/?q=1`, pass)).json()).toEqual({
      servedBy: 'instance',
      url: '/app/?q=1',
    });

    const socket = new WebSocket(`ws://127.0.0.1:${listening}/socket`, { headers: { host: hostOf(id, 8000), cookie: pass } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const echoed = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('hello 8000');
    expect(await echoed).toBe('echo: hello 8000');
    socket.close();
    // The pass is for port 8000 alone.
    expect((await onInstanceOrigin(`http://${hostOf(id, 8888)}/`, pass)).statusCode).toBe(404);
  });
});

describe('share links', () => {
  it('let anyone in without an account, many times, until revoked; each request through one is checked afresh', async () => {
    const { user, id } = await ownerOfRunningInstance();
    await page('port/add', { id, name: '演示', port: 8000 }, user.token);
    expect(await page('share/create', { id, port: 8000, hours: 2 }, user.token)).toMatchObject({
      code: 422,
      msg: '分享有效期只能是 1 小时、1 天或 7 天',
    });
    expect(await page('share/create', { id, port: 9999, hours: 1 }, user.token)).toMatchObject({
      code: 422,
      msg: '端口 9999 不在实例的网页端口列表中，请先添加',
    });
    const created = await page('share/create', { id, port: 8000, hours: 24 }, user.token);
    expect(created).toMatchObject({ code: 200, data: { port: 8000, name: '演示' } });
    const { url, id: shareId } = created.data as { url: string; id: number };
    expect(url).toMatch(new RegExp(`^http://${id}-8000\\.apps\\.localhost:8080/\\?rc_share=[\\w-]{43}$`));
    // Only the secret's hash is kept.
    expect(JSON.stringify(await t.app.db.select().from(instancePageShares))).not.toContain(new URL(url).searchParams.get('rc_share'));
    expect(await page('share/list', { id }, user.token)).toMatchObject({ code: 200, data: [{ id: shareId, port: 8000, name: '演示' }] });

    // Two fresh browsers, no portal login.
    const first = await passOf(url);
    const second = await passOf(url);
    expect((await onInstanceOrigin(`http://${hostOf(id, 8000)}/x`, first)).json()).toEqual({ servedBy: 'instance', url: '/x' });
    expect((await onInstanceOrigin(`http://${hostOf(id, 8000)}/y`, second)).statusCode).toBe(200);
    // It opens the shared port only.
    expect((await onInstanceOrigin(`http://${hostOf(id, 8888)}/?rc_share=${new URL(url).searchParams.get('rc_share')}`)).statusCode).toBe(
      404,
    );

    const stranger = await ownerOfRunningInstance();
    expect(await page('share/revoke', { shareId }, stranger.user.token)).toMatchObject({ code: 404, msg: '分享链接不存在或已撤销' });
    expect(await page('share/revoke', { shareId }, user.token)).toMatchObject({ code: 200 });
    expect(await page('share/list', { id }, user.token)).toMatchObject({ code: 200, data: [] });
    const refused = await onInstanceOrigin(`http://${hostOf(id, 8000)}/x`, first);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('无法打开该页面');
    expect((await onInstanceOrigin(url)).statusCode).toBe(404);

    // Removing an added port ends its share links.
    await page('port/add', { id, name: '另一个', port: 8001 }, user.token);
    const other = await page('share/create', { id, port: 8001, hours: 1 }, user.token);
    const otherPass = await passOf(other.data.url);
    expect((await onInstanceOrigin(`http://${hostOf(id, 8001)}/`, otherPass)).statusCode).toBe(200);
    expect(await page('port/remove', { id, port: 8001 }, user.token)).toMatchObject({ code: 200 });
    expect((await onInstanceOrigin(`http://${hostOf(id, 8001)}/`, otherPass)).statusCode).toBe(404);
    expect(await page('share/list', { id }, user.token)).toMatchObject({ data: [] });
  });

  it('end when they expire, and tell their holder when the instance is stopped or released', async () => {
    const { user, id } = await ownerOfRunningInstance();
    const hour = await page('share/create', { id, port: 8888, hours: 1 }, user.token);
    const week = await page('share/create', { id, port: 8888, hours: 168 }, user.token);
    const hourPass = await passOf(hour.data.url);
    const weekPass = await passOf(week.data.url);
    t.clock.advance(3_600_000);
    expect((await onInstanceOrigin(`http://${hostOf(id, 8888)}/`, hourPass)).statusCode).toBe(404);
    expect((await onInstanceOrigin(hour.data.url)).statusCode).toBe(404);
    expect((await onInstanceOrigin(`http://${hostOf(id, 8888)}/`, weekPass)).statusCode).toBe(200);

    expect(await instanceOp(t.app, user.token, 'stop', { id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    const stopped = await onInstanceOrigin(`http://${hostOf(id, 8888)}/lab`, weekPass);
    expect(stopped.statusCode).toBe(503);
    expect(stopped.body).toContain('实例已关机：请在控制台开机后重新打开');
    // The link itself still lets a new browser in to read why.
    expect((await onInstanceOrigin(`http://${hostOf(id, 8888)}/`, await passOf(week.data.url))).body).toContain('实例已关机');

    expect(await instanceOp(t.app, user.token, 'release/instance', { id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    const released = await onInstanceOrigin(`http://${hostOf(id, 8888)}/lab`, weekPass);
    expect(released.statusCode).toBe(410);
    expect(released.body).toContain('实例已释放');
    // Without the pass, the same address gets the one refusal page.
    const outsider = await onInstanceOrigin(`http://${hostOf(id, 8888)}/lab`);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).toContain('无法打开该页面');
  });
});
