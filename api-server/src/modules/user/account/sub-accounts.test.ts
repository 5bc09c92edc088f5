import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, requestSmsCode, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';

let t: TestApp;
let main: string;
let subId: number;
const subMobile = '13600000001';

beforeAll(async () => {
  t = await createTestApp();
  main = await login(t.app, demoAccounts.user, demoPassword);
});
afterAll(() => t.close());

const view = (token: string) => call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token);
const addSubUser = (body: object, token = main) => call(t.app, 'POST', '/apis/user/auth/user/ext/add/sub/user', body, token);
const smsCode = (mobile: string, type?: string) => requestSmsCode(t, mobile, type);
const otherThan = (code: string) => code.replace(/\d/g, (digit) => String((Number(digit) + 1) % 10));

describe('sub-accounts', () => {
  it('are added by the main account and log in themselves', async () => {
    const added = await addSubUser({ mobile: subMobile, code: await smsCode(subMobile), password: 'Sub@pass1', nickname: '实习生' });
    expect(added).toMatchObject({ code: 200, data: { mobile: '136****0001', shareBalance: false } });
    subId = added.data.id;
    const list = await call(t.app, 'POST', '/apis/user/auth/user/ext/list/sub/user', { pageNum: 1, pageSize: 10 }, main);
    expect(list.data).toMatchObject({ total: 1, list: [{ id: subId, nickname: '实习生', shareBalance: false }] });
    const sub = await login(t.app, subMobile, 'Sub@pass1');
    expect((await view(sub)).data).toMatchObject({ id: subId, parentId: expect.any(Number), nowMoney: 0 });
  });

  it('see only what the main account shares', async () => {
    const sub = await login(t.app, subMobile, 'Sub@pass1');
    expect((await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, sub)).data.balance).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/num', undefined, sub)).data.num).toBe(0);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/list', {}, sub)).data).toMatchObject({ total: 0, list: [] });

    const shared = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/ext/update/sub/user/share',
      { subUserId: subId, shareBalance: true },
      main,
    );
    expect(shared.code).toBe(200);
    expect((await view(sub)).data.nowMoney).toBe(500_000);
    expect((await call(t.app, 'GET', '/apis/user/auth/user/ext/get/realtime/balance', undefined, sub)).data.balance).toBe(500_000);
    expect((await call(t.app, 'POST', '/apis/user/auth/msg/user/num', undefined, sub)).data.num).toBe(0);

    await call(t.app, 'POST', '/apis/user/auth/user/ext/update/sub/user/share', { subUserId: subId, shareBalance: false }, main);
    expect((await view(sub)).data.nowMoney).toBe(0);
  });

  it("cannot manage sub-accounts, and nobody manages another account's sub-accounts", async () => {
    const sub = await login(t.app, subMobile, 'Sub@pass1');
    expect(await call(t.app, 'POST', '/apis/user/auth/user/ext/list/sub/user', {}, sub)).toMatchObject({
      code: 403,
      msg: '子账号无权管理子账号',
    });
    const teacher = await login(t.app, demoAccounts.teacher, demoPassword);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/list/sub/user', {}, teacher)).data.total).toBe(0);
    expect(
      await call(t.app, 'POST', '/apis/user/auth/user/ext/update/sub/user/share', { subUserId: subId, shareBalance: true }, teacher),
    ).toMatchObject({ code: 404, msg: '子账号不存在' });
    expect(
      (
        await call(
          t.app,
          'POST',
          '/apis/user/auth/user/ext/update/password/sub/user',
          { subUserId: subId, password: 'Taken@over1' },
          teacher,
        )
      ).code,
    ).toBe(404);
  });

  it('get a new password from the main account, which ends their sessions', async () => {
    const sub = await login(t.app, subMobile, 'Sub@pass1');
    expect(
      (await call(t.app, 'POST', '/apis/user/auth/user/ext/update/password/sub/user', { subUserId: subId, password: 'Sub@pass2' }, main))
        .code,
    ).toBe(200);
    expect((await view(sub)).code).toBe(401);
    expect((await view(await login(t.app, subMobile, 'Sub@pass2'))).code).toBe(200);
  });

  it('move to a new mobile confirmed by a code sent to that number', async () => {
    const newMobile = '13600000002';
    const code = await smsCode(newMobile);
    const wrong = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/ext/update/sub/user/mobile',
      { subUserId: subId, mobile: newMobile, code: otherThan(code) },
      main,
    );
    expect(wrong.code).toBe(422);
    const moved = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/ext/update/sub/user/mobile',
      { subUserId: subId, mobile: newMobile, code },
      main,
    );
    expect(moved).toMatchObject({ code: 200, data: { mobile: '136****0002' } });
    expect((await view(await login(t.app, newMobile, 'Sub@pass2'))).data.id).toBe(subId);
  });

  it('refuse a mobile that already has an account: it gets no code to confirm it with', async () => {
    t.clock.advance(60_000);
    expect(await call(t.app, 'POST', '/apis/user/api/user/send/code', { mobile: demoAccounts.teacher, type: 'bind' })).toMatchObject({
      code: 409,
      msg: '该手机号已注册',
    });
    expect(await addSubUser({ mobile: demoAccounts.teacher, code: '123456', password: 'Sub@pass1' })).toMatchObject({
      code: 422,
      msg: '验证码错误或已过期',
    });
  });

  it('claim no mobile without the code sent to it, so its owner can still register it', async () => {
    const mobile = '13600000003';
    expect(await addSubUser({ mobile, password: 'Sub@pass1' })).toMatchObject({ code: 422, msg: '验证码不能为空' });
    const code = await smsCode(mobile);
    expect(await addSubUser({ mobile, code: otherThan(code), password: 'Sub@pass1' })).toMatchObject({
      code: 422,
      msg: '验证码错误或已过期',
    });
    const registered = await call(t.app, 'POST', '/apis/user/api/user/register', {
      mobile,
      code: await smsCode(mobile, 'register'),
      password: 'Own@pass1',
    });
    expect(registered.code).toBe(200);
  });

  it('answer the same whether or not a number is registered, and limit how often a main account may try', async () => {
    const registered = await addSubUser({ mobile: demoAccounts.teacher, code: '123456', password: 'Sub@pass1' });
    const unregistered = await addSubUser({ mobile: '13600000004', code: '123456', password: 'Sub@pass1' });
    expect(unregistered).toEqual(registered);
    const answers: number[] = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        (await addSubUser({ mobile: `1360000${String(100 + i).padStart(4, '0')}`, code: '123456', password: 'Sub@pass1' })).code,
      );
    expect(answers.at(-1)).toBe(429);
    expect(await addSubUser({ mobile: '13600000005', code: '123456', password: 'Sub@pass1' })).toMatchObject({
      code: 429,
      msg: '添加子账号过于频繁，请稍后再试',
    });
  });
});
