import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';

let t: TestApp;
let user: string;
let teacher: string;
let organization: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await login(t.app, demoAccounts.user, demoPassword);
  teacher = await login(t.app, demoAccounts.teacher, demoPassword);
  organization = await login(t.app, demoAccounts.organization, demoPassword);
});
afterAll(() => t.close());

describe('profile', () => {
  it('shows the demo user with balance, type and real-name status', async () => {
    const info = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, user);
    expect(info.data).toMatchObject({
      nickname: '算力体验官',
      userType: 1,
      idCardCheckStatus: 1,
      nowMoney: 500_000,
      idCard: '110***********002X',
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, organization)).data.userType).toBe(3);
  });

  it('updates the nickname and refuses a blank one', async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/update', { nickname: '新昵称' }, teacher)).data.nickname).toBe('新昵称');
    expect(await call(t.app, 'POST', '/apis/user/auth/user/ext/update', { nickname: '   ' }, teacher)).toMatchObject({
      code: 422,
      msg: '昵称不能为空',
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/update', { headImgUrl: 'javascript:alert(1)' }, teacher)).code).toBe(422);
  });

  it('accounts the balance from the ledger', async () => {
    const account = await call(t.app, 'POST', '/apis/user/auth/user/account/view', undefined, user);
    expect(account.data).toMatchObject({
      balance: 500_000,
      totalRecharge: 0,
      totalConsume: 0,
      recentEntries: [{ amount: 500_000, balanceAfter: 500_000, kind: 'grant' }],
    });
  });

  it('answers through its contract: instants as ISO 8601 text, and the answer documented in openapi.json', async () => {
    const account = await call(t.app, 'POST', '/apis/user/auth/user/account/view', undefined, user);
    expect(account.data.recentEntries[0].gmtCreate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const doc = (await t.app.inject({ method: 'GET', url: '/apis/openapi.json' })).json();
    const answer = doc.paths['/apis/user/auth/user/ext/view'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties.data.properties)).toEqual(
      expect.arrayContaining(['nowMoney', 'idCardCheckStatus', 'parentId', 'token']),
    );
  });

  it('answers the pricing config with priceCalc 1000, and the enums by name', async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/user/sys/config', undefined, user)).data).toMatchObject({
      priceCalc: 1000,
      dataDiskPrice: 7,
    });
    const billing = await call(t.app, 'GET', '/apis/system/auth/api/enum/list/BillingTypeEnum', undefined, user);
    expect(billing.data).toEqual([
      { code: 1, name: 'PAY_AS_YOU_GO', desc: '按量计费' },
      { code: 2, name: 'DAILY', desc: '包日' },
      { code: 3, name: 'WEEKLY', desc: '包周' },
      { code: 4, name: 'MONTHLY', desc: '包月' },
    ]);
    for (const type of ['OrderTypeEnum', 'OrderStatusEnum', 'OpsInstanceEnum']) {
      expect((await call(t.app, 'GET', `/apis/system/auth/api/enum/list/${type}`, undefined, user)).data.length).toBeGreaterThan(3);
    }
    expect((await call(t.app, 'GET', '/apis/system/auth/api/enum/list/NoSuchEnum', undefined, user)).code).toBe(404);
  });
});

describe('real-name certification', () => {
  it('checks the 18-digit ID and its check character', async () => {
    expect(
      await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: '王芳', idCard: '110105194912310021' }, teacher),
    ).toMatchObject({
      code: 422,
      msg: '身份证号校验失败，请核对后重新输入',
    });
    expect(
      await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: '王芳', idCard: '11010519491231002' }, teacher),
    ).toMatchObject({ code: 422, msg: '身份证号格式不正确，应为18位身份证号码' });
    expect(
      (await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: 'Wang', idCard: '440308199901011237' }, teacher)).code,
    ).toBe(422);
  });

  it('certifies once, refuses an ID already used by another account, and can be cancelled', async () => {
    const done = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/certification',
      { realName: '王芳', idCard: '440308199901011234' },
      teacher,
    );
    expect(done).toMatchObject({ code: 200, data: { idCardCheckStatus: 1, realName: '王芳', idCard: '440***********1234' } });
    expect(
      (await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: '王芳', idCard: '440308199901011234' }, teacher)).code,
    ).toBe(409);
    expect(
      await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: '赵强', idCard: '440308199901011234' }, organization),
    ).toMatchObject({
      code: 409,
      msg: '该身份证号已被其他账户认证',
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/user/cancel/certification', undefined, teacher)).data.idCardCheckStatus).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/cancel/certification', undefined, teacher)).code).toBe(409);
    expect(
      (await call(t.app, 'POST', '/apis/user/auth/user/certification', { realName: '赵强', idCard: '440308199901011234' }, organization))
        .code,
    ).toBe(200);
  });
});

describe('messages', () => {
  it("counts unread, reads some, reads all, and never touches another user's", async () => {
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/num', undefined, user)).data.num).toBe(3);
    const unread = await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { isRead: false, pageSize: 10 }, user);
    expect(unread.data.total).toBe(3);
    const ids = unread.data.list.map((message: { id: number }) => message.id);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/read', { ids }, teacher)).data.count).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/read', { ids: [ids[0]] }, user)).data.count).toBe(1);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/num', undefined, user)).data.num).toBe(2);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/read/all', undefined, user)).data.count).toBe(2);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/num', undefined, user)).data.num).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { pageNum: 1, pageSize: 2 }, user)).data).toMatchObject({
      total: 4,
      pageSize: 2,
    });
  });
});

describe('lecturer follows', () => {
  it('follows teachers only, lists them, and unfollows', async () => {
    const teacherId = (await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, teacher)).data.id;
    const organizationId = (await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, organization)).data.id;
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/save', { lecturerId: organizationId }, user)).code).toBe(404);
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/save', { lecturerId: teacherId }, user)).code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/save', { lecturerId: teacherId }, user)).code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/list', {}, user)).data).toMatchObject({
      total: 1,
      list: [{ lecturerId: teacherId }],
    });
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/list', {}, organization)).data.total).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/delete', { lecturerId: teacherId }, user)).code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/user/auth/lecturer/attention/delete', { lecturerId: teacherId }, user)).code).toBe(404);
  });
});

describe('shop names', () => {
  it('says whether a shop name is free', async () => {
    expect(
      (await call(t.app, 'POST', `/apis/user/api/user/check/shopName?shopName=${encodeURIComponent('星河小店')}`)).data.available,
    ).toBe(true);
    expect((await call(t.app, 'POST', '/apis/user/api/user/check/shopName?shopName=x')).code).toBe(422);
  });
});
