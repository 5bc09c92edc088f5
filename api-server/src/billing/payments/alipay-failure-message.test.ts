import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { AlipayGatewayPeer } from '../../test-support/alipay-gateway-peer.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { generateRsaKeyPair } from './sandbox-provider.js';

const sentence = '支付宝下单失败，请稍后重试或选择其他支付方式';
let t: TestApp;
let token: string;
const gateway = new AlipayGatewayPeer();
const logLines: Array<{ msg?: string; err?: { message?: string } }> = [];

beforeAll(async () => {
  await gateway.start();
  t = await createTestApp({
    config: {
      payments: {
        sandbox: false,
        publicUrl: 'https://portal.example',
        // Not the gateway's key: every answer fails the SDK's signature check.
        alipay: { ...gateway.settings, alipayPublicKey: generateRsaKeyPair().publicKey },
        wechatpay: undefined,
        unpaidTimeoutMs: 30 * 60_000,
        closeIntervalMs: 60_000,
      },
    },
    logTo: { write: (line) => logLines.push(JSON.parse(line)) },
  });
  token = await login(t.app, demoAccounts.user, demoPassword);
});
afterAll(async () => {
  await t.close();
  await gateway.close().catch(() => undefined);
});

let key = 0;
const recharge = () =>
  call(t.app, 'POST', '/apis/user/auth/recharge/create', { amount: 10_000, method: 'alipay', idempotencyKey: `alipay-${++key}` }, token);
const loggedDetail = () => logLines.filter((line) => line.msg === sentence).map((line) => line.err?.message ?? '');

describe('an Alipay failure as the user sees it', () => {
  it('an answer the SDK refuses (bad signature): a Chinese sentence, the SDK text with the signature only in the server log', async () => {
    const answer = await recharge();
    expect(answer).toEqual({ code: 409, data: null, msg: sentence });
    expect(loggedDetail()).toEqual([expect.stringContaining('验签失败')]);
  });

  it('an unreachable gateway: the same sentence, the gateway address only in the server log', async () => {
    const address = new URL(gateway.settings.gateway).host;
    await gateway.close();
    const answer = await recharge();
    expect(answer).toEqual({ code: 409, data: null, msg: sentence });
    expect(loggedDetail()[1]).toContain(address);
  });
});
