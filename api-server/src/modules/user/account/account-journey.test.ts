import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, lastSmsCode, login, type TestApp } from '../../../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newMobile = '13912345678';

async function sendCode(mobile: string, type: string) {
  return call(t.app, 'POST', '/apis/user/api/user/send/code', { mobile, type });
}

describe('register → login → info → update password → logout', () => {
  it('walks the whole account journey', async () => {
    expect((await sendCode(newMobile, 'register')).code).toBe(200);
    const registered = await call(t.app, 'POST', '/apis/user/api/user/register', {
      mobile: newMobile,
      code: lastSmsCode(t.dataDir, newMobile),
      password: 'First@pass1',
      nickname: '新用户',
    });
    expect(registered.code).toBe(200);
    expect(registered.data.userInfo).toMatchObject({
      nickname: '新用户',
      mobile: '139****5678',
      nowMoney: 5_000,
      userType: 1,
      idCardCheckStatus: 0,
    });

    const token = await login(t.app, newMobile, 'First@pass1');
    const info = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token);
    expect(info.code).toBe(200);
    expect(info.data.nickname).toBe('新用户');

    t.clock.advance(61_000);
    expect((await sendCode(newMobile, 'reset')).code).toBe(200);
    const updated = await call(t.app, 'POST', '/apis/user/api/user/update/password', {
      mobile: newMobile,
      code: lastSmsCode(t.dataDir, newMobile),
      password: 'Second@pass2',
    });
    expect(updated.code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, token)).code).toBe(401);

    const refused = await call(t.app, 'POST', '/apis/user/api/user/login/password', { mobile: newMobile, password: 'First@pass1' });
    expect(refused).toMatchObject({ code: 422, msg: '手机号或密码错误' });

    const fresh = await login(t.app, newMobile, 'Second@pass2');
    expect((await call(t.app, 'GET', '/apis/user/auth/user/logout', undefined, fresh)).code).toBe(200);
    expect((await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, fresh)).code).toBe(401);
  });

  it('logs in with an SMS code that works once and lives five minutes', async () => {
    const mobile = demoAccounts.teacher;
    await sendCode(mobile, 'login');
    const code = lastSmsCode(t.dataDir, mobile);
    const first = await call(t.app, 'POST', '/apis/user/api/user/login/code', { mobile, code });
    expect(first.code).toBe(200);
    expect(first.data.userInfo.isTeacher).toBe(true);
    expect((await call(t.app, 'POST', '/apis/user/api/user/login/code', { mobile, code })).code).toBe(422);

    t.clock.advance(61_000);
    await sendCode(mobile, 'login');
    const late = lastSmsCode(t.dataDir, mobile);
    t.clock.advance(5 * 60_000 + 1);
    expect(await call(t.app, 'POST', '/apis/user/api/user/login/code', { mobile, code: late })).toMatchObject({
      code: 422,
      msg: '验证码错误或已过期',
    });
  });

  it('stops guessing a code after five wrong tries', async () => {
    const mobile = demoAccounts.organization;
    await sendCode(mobile, 'login');
    const code = lastSmsCode(t.dataDir, mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await call(t.app, 'POST', '/apis/user/api/user/login/code', { mobile, code: wrong });
    expect(await call(t.app, 'POST', '/apis/user/api/user/login/code', { mobile, code })).toMatchObject({
      code: 422,
      msg: '验证码错误次数过多，请重新获取',
    });
  });

  it('sends codes only where they make sense, and not too often', async () => {
    expect(await sendCode(demoAccounts.user, 'register')).toMatchObject({ code: 409, msg: '该手机号已注册' });
    expect(await sendCode('13700000000', 'login')).toMatchObject({ code: 404, msg: '该手机号未注册' });
    expect((await sendCode('13700000001', 'register')).code).toBe(200);
    expect(await sendCode('13700000001', 'register')).toMatchObject({ code: 429 });
    t.clock.advance(60_000);
    expect((await sendCode('13700000001', 'register')).code).toBe(200);
  });

  it('refuses registration without the right code and with a weak password', async () => {
    const weak = await call(t.app, 'POST', '/apis/user/api/user/register', { mobile: '13700000002', code: '123456', password: 'abcdefgh' });
    expect(weak).toMatchObject({ code: 422, msg: '密码格式不正确，需为8-20位，且同时包含字母和数字' });
    const noCode = await call(t.app, 'POST', '/apis/user/api/user/register', {
      mobile: '13700000002',
      code: '123456',
      password: 'Good@pass1',
    });
    expect(noCode).toMatchObject({ code: 422, msg: '验证码错误或已过期' });
  });

  it('does not count successful logins against the mobile', async () => {
    for (let i = 0; i < 12; i++)
      expect(
        (await call(t.app, 'POST', '/apis/user/api/user/login/password', { mobile: demoAccounts.user, password: demoPassword })).code,
      ).toBe(200);
  });

  it('limits password guessing per mobile', async () => {
    const mobile = demoAccounts.teacher;
    t.clock.advance(15 * 60_000);
    const answers = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await call(t.app, 'POST', '/apis/user/api/user/login/password', { mobile, password: `wrong${i}` })).code);
    }
    expect(answers.slice(0, 10).every((code) => code === 422)).toBe(true);
    expect(answers[10]).toBe(429);
    expect((await call(t.app, 'POST', '/apis/user/api/user/login/password', { mobile, password: demoPassword })).code).toBe(429);
    t.clock.advance(15 * 60_000);
    expect((await call(t.app, 'POST', '/apis/user/api/user/login/password', { mobile, password: demoPassword })).code).toBe(200);
  });

  it('keeps one live session per user: the earlier token answers 304', async () => {
    const first = await login(t.app, demoAccounts.user, demoPassword);
    const second = await login(t.app, demoAccounts.user, demoPassword);
    expect(await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, first)).toMatchObject({
      code: 304,
      msg: '你的账户已在其他地方登录！',
    });
    const info = await call(t.app, 'POST', '/apis/user/auth/user/ext/view', undefined, second);
    expect(info.data).toMatchObject({ nowMoney: 500_000, idCardCheckStatus: 1 });
  });
});
