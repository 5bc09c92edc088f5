import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DemoSite } from '@rc/api-contract/system/site';
import { type Executor, users } from '../db/index.js';
import { verifyPassword } from '../lib/index.js';
import { cachedAnswer } from '../shared-state/index.js';
import { demoAccounts, demoPassword } from './demo-accounts.js';

/** The seeded demo accounts that still sign in with the published demo password, by mobile. */
export async function accountsWithDemoPassword(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ mobile: users.mobile, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.mobile, Object.values(demoAccounts)))
    .orderBy(asc(users.mobile));
  const opens = await Promise.all(rows.map((row) => verifyPassword(row.passwordHash, demoPassword)));
  return rows.filter((_, index) => opens[index]).map((row) => row.mobile);
}

const publishedPasswordKey = 'site:demo-password';
/** Verifying the hashes costs: the answer is kept this long, so a password changed meanwhile shows within it. */
const publishedPasswordTtlMs = 60_000;

/** What makes this site a demo, for the portal's banner (config.json `demoSite`). */
export async function demoSite(app: FastifyInstance): Promise<DemoSite> {
  const publishedPassword = await cachedAnswer(
    app,
    publishedPasswordKey,
    publishedPasswordTtlMs,
    async () => (await accountsWithDemoPassword(app.db)).length > 0,
  );
  return { paymentSandbox: app.config.payments.sandbox, publishedPassword };
}

/** Said at every start: what still makes this site a demo, and how a real site stops it. */
export async function warnOfDemoSite(app: FastifyInstance): Promise<void> {
  if (app.config.payments.sandbox) {
    app.log.warn(
      'PAYMENT_SANDBOX is on: the sandbox cashier credits any recharge without moving money. A site that takes real money ' +
        'configures Alipay or WeChat Pay (ALIPAY_*, WECHATPAY_*), which turns it off',
    );
  }
  const accounts = await accountsWithDemoPassword(app.db);
  if (accounts.length) {
    app.log.warn(
      { accounts },
      `accounts ${accounts.join(', ')} still sign in with the published demo password: change their passwords or remove them`,
    );
  }
}
