import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, sysConfig, users, website } from '../db/schema.js';
import { call, createTestApp, lastSmsCode, login, requestSmsCode, type TestApp } from '../test-support/test-app.js';
import { demoAccounts, demoPassword } from '../seed/demo-data.js';
import { demoHeadTips, demoWelcomeCredit, seedWelcomeCredit } from '../seed/welcome-credit.js';
import { welcomeCreditKey, welcomeCreditNote } from './welcome-credit.js';
import { forgetSiteAnswers } from '../site/website.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function register(mobile: string) {
  expect((await call(t.app, 'POST', '/apis/user/api/user/send/code', { mobile, type: 'register' })).code).toBe(200);
  return call(t.app, 'POST', '/apis/user/api/user/register', { mobile, code: lastSmsCode(t.dataDir, mobile), password: 'Welcome@1' });
}

/** The account's balance column and its ledger, read from the database. */
async function books(userId: number) {
  const [user] = await t.app.db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const entries = await t.app.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash')));
  return { balance: user!.balance, entries, ledgerSum: entries.reduce((sum, entry) => sum + entry.amount, 0) };
}

const setCredit = (value: number) =>
  t.app.db
    .update(sysConfig)
    .set({ value: sql`${JSON.stringify(value)}::jsonb` })
    .where(eq(sysConfig.key, welcomeCreditKey));

describe('welcome credit', () => {
  it('is what the banner states, from the site configuration', async () => {
    const config = (await t.app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(demoWelcomeCredit).toBe(5_000);
    expect(config.headTips.content).toContain(`注册即送 ${demoWelcomeCredit / 1000} 元体验金`);
  });

  it('is granted once through the ledger at registration, and balance and ledger agree', async () => {
    const registered = await register('13911110001');
    expect(registered.code).toBe(200);
    expect(registered.data.userInfo.nowMoney).toBe(5_000);
    const userId = registered.data.userInfo.id as number;

    const { balance, entries, ledgerSum } = await books(userId);
    expect(balance).toBe(5_000);
    expect(ledgerSum).toBe(balance);
    expect(entries).toMatchObject([{ amount: 5_000, balanceAfter: 5_000, kind: 'grant', note: welcomeCreditNote }]);

    const token = await login(t.app, '13911110001', 'Welcome@1');
    const account = await call(t.app, 'POST', '/apis/user/auth/user/account/view', undefined, token);
    expect(account.data).toMatchObject({ balance: 5_000, recentEntries: [{ amount: 5_000, kind: 'grant', note: welcomeCreditNote }] });
    const inbox = await call(t.app, 'POST', '/apis/user/auth/msg/user/list', { isRead: false, pageSize: 10 }, token);
    expect(inbox.data.list).toMatchObject([{ title: '体验金到账', content: expect.stringContaining('5.00 元体验金已存入您的账户余额') }]);

    await login(t.app, '13911110001', 'Welcome@1');
    expect((await books(userId)).entries).toHaveLength(1);
    const again = await call(t.app, 'POST', '/apis/user/api/user/register', {
      mobile: '13911110001',
      code: '000000',
      password: 'Welcome@1',
    });
    expect(again.code).not.toBe(200);
    expect((await books(userId)).entries).toHaveLength(1);
  });

  it('is never granted to a sub-account', async () => {
    const main = await login(t.app, demoAccounts.user, demoPassword);
    const added = await call(
      t.app,
      'POST',
      '/apis/user/auth/user/ext/add/sub/user',
      { mobile: '13911110002', code: await requestSmsCode(t, '13911110002'), password: 'Sub@pass1' },
      main,
    );
    expect(added.code).toBe(200);
    expect(await books(added.data.id)).toEqual({ balance: 0, entries: [], ledgerSum: 0 });
  });

  it('is switched off by an amount of 0', async () => {
    await setCredit(0);
    const registered = await register('13911110003');
    expect(registered.data.userInfo.nowMoney).toBe(0);
    expect(await books(registered.data.userInfo.id)).toEqual({ balance: 0, entries: [], ledgerSum: 0 });
    await setCredit(12_340);
    const later = await register('13911110004');
    expect(later.data.userInfo.nowMoney).toBe(12_340);
    const { balance, ledgerSum } = await books(later.data.userInfo.id);
    expect([balance, ledgerSum]).toEqual([12_340, 12_340]);
  });

  it('is seeded into a site seeded before it, whose banner then states the amount', async () => {
    await t.app.db.delete(sysConfig).where(eq(sysConfig.key, welcomeCreditKey));
    await t.app.db.update(website).set({ headTipsContent: '新用户注册即送体验金，RTX 4090 低至 1.98 元/小时' });
    expect(await seedWelcomeCredit(t.app.db)).toBe(true);
    await forgetSiteAnswers(t.app); // the seed wrote the settings row behind the running server
    expect((await t.app.inject({ method: 'GET', url: '/config.json' })).json().headTips.content).toBe(demoHeadTips);
    await setCredit(0);
    expect(await seedWelcomeCredit(t.app.db)).toBe(false);
    const [row] = await t.app.db.select().from(sysConfig).where(eq(sysConfig.key, welcomeCreditKey));
    expect(row!.value).toBe(0);
  });
});
