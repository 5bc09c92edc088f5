import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, lastSmsCode, type TestApp } from '../../../test-support/test-app.js';
import { defaultRateLimits } from '../../../config.js';
import { demoAccounts, demoPassword } from '../../../seed/demo-data.js';

let t: TestApp;
const minute = 60_000;
beforeAll(async () => {
  // Across all addresses a mobile takes 15 failed passwords here, so the test stays short.
  t = await createTestApp({ config: { rateLimits: { ...defaultRateLimits, loginPerMobile: { max: 15, windowMs: 15 * minute } } } });
});
afterAll(() => t.close());

const attacker = '203.0.113.66';
const owner = '198.51.100.7';

async function post(url: string, payload: object, ip: string) {
  const response = await t.app.inject({ method: 'POST', url: `/apis/user/api/user/${url}`, payload, remoteAddress: ip });
  return response.json() as { code: number; msg: string };
}
const passwordLogin = (mobile: string, password: string, ip: string) => post('login/password', { mobile, password }, ip);

async function codeLogin(mobile: string, ip: string) {
  t.clock.advance(minute);
  expect((await post('send/code', { mobile, type: 'login' }, ip)).code).toBe(200);
  return post('login/code', { mobile, code: lastSmsCode(t.dataDir, mobile) }, ip);
}

describe('password guessing', () => {
  it('stops the guesser from that address and never locks the owner out', async () => {
    const mobile = demoAccounts.user;
    for (let i = 0; i < 10; i++) expect((await passwordLogin(mobile, `wrong${i}`, attacker)).code).toBe(422);
    expect(await passwordLogin(mobile, 'wrong10', attacker)).toMatchObject({
      code: 429,
      msg: '密码错误次数过多，请15分钟后再试，或使用验证码登录',
    });
    expect((await passwordLogin(mobile, demoPassword, attacker)).code).toBe(429);

    expect(await passwordLogin(mobile, demoPassword, owner)).toMatchObject({ code: 200, msg: '登录成功' });
    // A code sent to the phone proves the number is the caller's, even from the limited address.
    expect(await codeLogin(mobile, attacker)).toMatchObject({ code: 200, msg: '登录成功' });

    t.clock.advance(15 * minute);
    expect((await passwordLogin(mobile, demoPassword, attacker)).code).toBe(200);
  });

  it('spread over many addresses, stops password logins for that mobile while SMS-code login still works', async () => {
    const mobile = demoAccounts.teacher;
    for (let i = 0; i < 15; i++) expect((await passwordLogin(mobile, `wrong${i}`, `192.0.2.${i + 1}`)).code).toBe(422);
    expect((await passwordLogin(mobile, 'wrong', '192.0.2.200')).code).toBe(429);
    expect((await passwordLogin(mobile, demoPassword, owner)).code).toBe(429);
    expect(await codeLogin(mobile, owner)).toMatchObject({ code: 200, msg: '登录成功' });
    expect((await passwordLogin(demoAccounts.user, demoPassword, '192.0.2.1')).code).toBe(200);
  });
});
