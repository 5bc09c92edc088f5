import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/index.js';
import { createAccount } from '../../accounts/index.js';
import { keyAccessOf } from '../../plugins/app/api-key-scopes.js';
import { applyLedgerEntry } from '../../billing/index.js';
import { call, type TestApp } from '../../test-support/test-app.js';
import { startWebPortStandIn } from '../../test-support/web-port-stand-in.js';
import { openInstancePagesApp } from '../../test-support/instance-pages-app.js';
import { instanceOp, settle, tokenFor, userWithBalance } from '../../test-support/compute-test-kit.js';

/** What the simulated pool answers for every port of every running instance (SIMULATED_WEB_TARGET). */
const standIn = await startWebPortStandIn((request) => ({
  status: 200,
  type: 'application/json',
  body: JSON.stringify({ servedBy: 'instance', url: request.url }),
}));

let t: TestApp;
let runningInstanceOf: (token: string) => Promise<number>;

beforeAll(async () => {
  ({ t, runningInstanceOf } = await openInstancePagesApp(standIn.address));
});
afterAll(async () => {
  await t?.close();
  await standIn.close();
});

type Account = { id: number; token: string };
let subAccounts = 0;

/** A sub-account of `main`: sharing main's balance, or keeping its own (funded, so that it can rent). */
async function subAccountOf(main: Account, o: { shared: boolean }): Promise<Account> {
  subAccounts += 1;
  const mobile = `137${String(process.pid % 10_000).padStart(4, '0')}${String(subAccounts).padStart(4, '0')}`;
  const sub = await createAccount(t.app.db, { mobile, passwordHash: 'x', parentId: main.id });
  if (o.shared) expect(await share(main, sub.id, true)).toMatchObject({ code: 200 });
  else await applyLedgerEntry(t.app.db, { userId: sub.id, amount: 1_000_000, kind: 'grant', note: '测试', at: t.app.clock.now() });
  return { id: sub.id, token: await tokenFor(t.app, sub.id) };
}

const share = (main: Account, subUserId: number, shareBalance: boolean) =>
  call(t.app, 'POST', '/apis/user/auth/user/ext/update/sub/user/share', { subUserId, shareBalance }, main.token);
const askTicket = (who: Account, id: number, port = 8888) =>
  call<{ url: string }>(t.app, 'POST', '/apis/user/auth/user/instance/page/ticket', { id, port }, who.token);
const listOf = (who: Account, subUserId: number) =>
  call(t.app, 'POST', '/apis/user/auth/user/ext/sub/instance/list', { subUserId }, who.token);
const notFound = { code: 404, msg: '实例不存在' };

/** A GET on the instance-pages origin, as a browser holding `cookie` (none: a fresh browser) sends it. */
function onInstanceOrigin(url: string, cookie?: string) {
  const { host, pathname, search } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname + search, headers: { host, ...(cookie ? { cookie } : {}) } });
}

/** Spends a fresh ticket of `who` for the port: the pass cookie it was exchanged for. */
async function passOf(who: Account, id: number, port = 8888) {
  const asked = await askTicket(who, id, port);
  expect(asked.code).toBe(200);
  const entered = await onInstanceOrigin(asked.data.url);
  expect(entered.statusCode).toBe(303);
  return String(entered.headers['set-cookie']).split(';')[0]!;
}

const pages = (who: Account, path: string, body: object) =>
  call(t.app, 'POST', `/apis/user/auth/user/instance/page/${path}`, body, who.token);
const shareLink = async (who: Account, id: number) => {
  const created = await pages(who, 'share/create', { id, port: 8888, hours: 24 });
  expect(created.code).toBe(200);
  return created as { data: { id: number; url: string } };
};

/** Opens a share link in a fresh browser: the pass cookie it was exchanged for. */
async function shareUsed(url: string) {
  const entered = await onInstanceOrigin(url);
  expect(entered.statusCode).toBe(303);
  return String(entered.headers['set-cookie']).split(';')[0]!;
}

const pageAt = (id: number, cookie: string, port = 8888) => onInstanceOrigin(`http://${id}-${port}.apps.localhost:8080/lab`, cookie);
const served = { statusCode: 200, body: expect.stringContaining('"servedBy":"instance"') };
const refused = { statusCode: 404, body: expect.stringContaining('无法打开该页面') };

describe("a main account and its sub-accounts' instance pages", () => {
  it("lets the main account list and open the pages of its balance-sharing sub-account's instances", async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const sub = await subAccountOf(main, { shared: true });
    const id = await runningInstanceOf(sub.token);
    const added = await call(t.app, 'POST', '/apis/user/auth/user/instance/page/port/add', { id, name: '看板', port: 6006 }, sub.token);
    expect(added.code).toBe(200);

    const listed = await listOf(main, sub.id);
    expect(listed).toMatchObject({ code: 200, data: { shareBalance: true } });
    expect(listed.data.list).toEqual([
      {
        id,
        name: expect.any(String),
        status: 2,
        statusName: '运行中',
        regionName: expect.any(String),
        deviceName: 'RTX 4090',
        gpuCount: 1,
        noGpu: false,
        desktop: false,
        pagesReason: '',
        webPorts: [
          { name: 'JupyterLab', port: 8888, source: 'jupyter' },
          { name: '看板', port: 6006, source: 'custom' },
        ],
      },
    ]);

    const jupyter = await askTicket(main, id);
    expect(jupyter.data.url).toMatch(new RegExp(`^http://${id}-8888\\.apps\\.localhost:8080/\\?token=[0-9a-f]{48}&rc_ticket=`));
    expect(await pageAt(id, await passOf(main, id))).toMatchObject(served);
    expect(await pageAt(id, await passOf(main, id, 6006), 6006)).toMatchObject(served);

    expect(await instanceOp(t.app, sub.token, 'stop', { id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    expect((await listOf(main, sub.id)).data.list).toMatchObject([{ id, status: 4, pagesReason: '开机后可用' }]);
    expect(await askTicket(main, id)).toMatchObject({ code: 409, msg: '实例未运行，请先开机' });
    // An API key lists them with the scope that reads instances, as it asks for their tickets.
    expect(keyAccessOf('POST', '/apis/user/auth/user/ext/sub/instance/list')).toEqual({ anyOf: ['read', 'instance'] });
  });

  it('refuses the main account of a sub-account that keeps its own balance like a stranger, and lists none of its instances', async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const stranger = await userWithBalance(t.app, 0);
    const sub = await subAccountOf(main, { shared: false });
    const id = await runningInstanceOf(sub.token);

    expect(await askTicket(main, id)).toMatchObject(notFound);
    expect(await askTicket(stranger, id)).toMatchObject(notFound);
    expect(await listOf(main, sub.id)).toMatchObject({ code: 200, data: { shareBalance: false, list: [] } });
    expect(await pageAt(id, await passOf(sub, id))).toMatchObject(served);
  });

  it('shuts the main account out at its next request once the sub-account stops sharing or is detached', async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const sub = await subAccountOf(main, { shared: true });
    const id = await runningInstanceOf(sub.token);
    const pass = await passOf(main, id);
    const unspent = await askTicket(main, id);
    expect(await pageAt(id, pass)).toMatchObject(served);

    expect(await share(main, sub.id, false)).toMatchObject({ code: 200 });
    expect(await pageAt(id, pass)).toMatchObject(refused);
    expect(await onInstanceOrigin(unspent.data.url)).toMatchObject(refused);
    expect(await askTicket(main, id)).toMatchObject(notFound);
    expect(await listOf(main, sub.id)).toMatchObject({ data: { shareBalance: false, list: [] } });

    expect(await share(main, sub.id, true)).toMatchObject({ code: 200 });
    expect(await pageAt(id, pass)).toMatchObject(served);

    await t.app.db.update(users).set({ parentId: null }).where(eq(users.id, sub.id));
    expect(await pageAt(id, pass)).toMatchObject(refused);
    expect(await askTicket(main, id)).toMatchObject(notFound);
  });

  it("keeps a sub-account out of its main account's and its siblings' instances, and strangers out of all", async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const [sub, sibling] = [await subAccountOf(main, { shared: true }), await subAccountOf(main, { shared: true })];
    const otherMain = await userWithBalance(t.app, 0);
    const [mains, subs, siblings] = [
      await runningInstanceOf(main.token),
      await runningInstanceOf(sub.token),
      await runningInstanceOf(sibling.token),
    ];

    expect(await askTicket(sub, mains)).toMatchObject(notFound);
    expect(await askTicket(sub, siblings)).toMatchObject(notFound);
    expect(await askTicket(otherMain, subs)).toMatchObject(notFound);
    expect(await askTicket(main, siblings)).toMatchObject({ code: 200 });
    const subsPass = await passOf(sub, subs);
    expect(await pageAt(mains, subsPass)).toMatchObject(refused);

    expect(await listOf(otherMain, sub.id)).toMatchObject({ code: 404, msg: '子账号不存在' });
    expect(await listOf(sub, sibling.id)).toMatchObject({ code: 404, msg: '子账号不存在' });
  });

  it("lets the main account share a sharing sub-account's web ports; each link lets people in only while the sub-account keeps sharing", async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const sub = await subAccountOf(main, { shared: true });
    const stranger = await userWithBalance(t.app, 0);
    const id = await runningInstanceOf(sub.token);
    const ownersLink = await shareLink(sub, id);
    const mainsLink = await shareLink(main, id);
    expect(mainsLink.data.url).toMatch(new RegExp(`^http://${id}-8888\\.apps\\.localhost:8080/\\?rc_share=[\\w-]{43}$`));
    const listed = [
      { id: mainsLink.data.id, port: 8888, name: 'JupyterLab' },
      { id: ownersLink.data.id, port: 8888, name: 'JupyterLab' },
    ];
    expect(await pages(main, 'share/list', { id })).toMatchObject({ code: 200, data: listed });
    expect(await pages(sub, 'share/list', { id })).toMatchObject({ code: 200, data: listed });
    expect(await pages(main, 'ports', { id })).toMatchObject({ code: 200, data: [{ port: 8888, source: 'jupyter' }] });
    // Adding ports stays the owner's.
    expect(await pages(main, 'port/add', { id, name: '看板', port: 6006 })).toMatchObject(notFound);

    // Fresh browsers, no portal login.
    const mainsPass = await shareUsed(mainsLink.data.url);
    const ownersPass = await shareUsed(ownersLink.data.url);
    expect(await pageAt(id, mainsPass)).toMatchObject(served);

    expect(await share(main, sub.id, false)).toMatchObject({ code: 200 });
    expect(await pageAt(id, mainsPass)).toMatchObject(refused);
    expect(await onInstanceOrigin(mainsLink.data.url)).toMatchObject(refused);
    expect(await pageAt(id, ownersPass)).toMatchObject(served);
    for (const [path, body] of [
      ['share/create', { id, port: 8888, hours: 24 }],
      ['share/list', { id }],
      ['ports', { id }],
      ['view', { id }],
    ] as const)
      expect(await pages(main, path, body)).toMatchObject(notFound);
    expect(await pages(main, 'share/revoke', { shareId: mainsLink.data.id })).toMatchObject({ code: 404, msg: '分享链接不存在或已撤销' });

    expect(await share(main, sub.id, true)).toMatchObject({ code: 200 });
    expect(await pageAt(id, mainsPass)).toMatchObject(served);
    for (const outsider of [stranger, await subAccountOf(main, { shared: true })]) {
      expect(await pages(outsider, 'share/create', { id, port: 8888, hours: 24 })).toMatchObject(notFound);
      expect(await pages(outsider, 'share/list', { id })).toMatchObject(notFound);
      expect(await pages(outsider, 'share/revoke', { shareId: mainsLink.data.id })).toMatchObject({ code: 404 });
    }
    // Either holder revokes either's link.
    expect(await pages(sub, 'share/revoke', { shareId: mainsLink.data.id })).toMatchObject({ code: 200 });
    expect(await pageAt(id, mainsPass)).toMatchObject(refused);
    expect(await pages(main, 'share/revoke', { shareId: ownersLink.data.id })).toMatchObject({ code: 200 });
    expect(await pageAt(id, ownersPass)).toMatchObject(refused);
    expect(await pages(sub, 'share/list', { id })).toMatchObject({ code: 200, data: [] });
  });

  it("shows the web ports and remote desktop pages the instance they open: the own, or a sharing sub-account's as not owned", async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const sub = await subAccountOf(main, { shared: true });
    const id = await runningInstanceOf(sub.token);
    const seen = { id, name: expect.any(String), status: 2, statusName: '运行中', jupyterPort: 8888, jupyterReason: '' };
    const noDesktop = { desktop: false, desktopReason: '该实例的镜像没有远程桌面' };
    expect(await pages(sub, 'view', { id })).toEqual({ code: 200, msg: expect.any(String), data: { ...seen, ...noDesktop, owned: true } });
    expect(await pages(main, 'view', { id })).toEqual({
      code: 200,
      msg: expect.any(String),
      data: { ...seen, ...noDesktop, owned: false },
    });
    expect(await pages(await userWithBalance(t.app, 0), 'view', { id })).toMatchObject(notFound);
    expect(keyAccessOf('POST', '/apis/user/auth/user/instance/page/view')).toEqual({ anyOf: ['read', 'instance'] });

    expect(await instanceOp(t.app, sub.token, 'stop', { id })).toMatchObject({ code: 200 });
    await settle(t, 5_000);
    expect(await pages(main, 'view', { id })).toMatchObject({ data: { status: 4, jupyterPort: null, jupyterReason: '开机后可用' } });
  });

  it("opens the remote desktop on the same terms: a sharing sub-account's instance is told apart, a stranger's is unknown", async () => {
    const main = await userWithBalance(t.app, 1_000_000);
    const sub = await subAccountOf(main, { shared: true });
    const id = await runningInstanceOf(sub.token);
    const desktopTicket = (who: Account) => call(t.app, 'POST', '/apis/user/auth/user/instance/desktop/ticket', { id }, who.token);
    expect(await desktopTicket(main)).toMatchObject({ code: 409, msg: '该实例的镜像没有远程桌面' });
    expect(await desktopTicket(await userWithBalance(t.app, 0))).toMatchObject(notFound);
  });
});
