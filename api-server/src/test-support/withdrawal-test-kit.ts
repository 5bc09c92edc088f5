import { eq } from 'drizzle-orm';
import type { PayeeAccountSaveBody, Withdrawal } from '@rc/api-contract/user/income';
import { users } from '../db/index.js';
import { call, lastSmsCode, type Answer, type TestApp } from './test-app.js';
import { userRowWritten } from './user-written.js';
import { userWithBalance } from './compute-test-kit.js';
import { postTransaction } from '../billing/index.js';

export interface Earner {
  id: number;
  token: string;
  /** The account's bound mobile, where its codes are sent. */
  mobile: string;
}

/** A user verified under the real name 张三, with `income` withdrawable (booked as referral income) and `cash` recharged. */
export async function earner(t: TestApp, income: number, cash = 0): Promise<Earner> {
  const user = await userWithBalance(t.app, cash);
  const [row] = await t.app.db
    .update(users)
    .set({ idCardCheckStatus: 1, realName: '张三' })
    .where(eq(users.id, user.id))
    .returning({ mobile: users.mobile });
  await userRowWritten(t.app, user.id);
  if (income > 0)
    await postTransaction(t.app.db, {
      kind: 'income_referral',
      note: '测试收益',
      at: t.clock.now(),
      legs: [
        { account: { kind: 'promotion' }, amount: -income },
        { account: { kind: 'income', userId: user.id }, amount: income },
      ],
    });
  return { ...user, mobile: row!.mobile };
}

/**
 * Asks the server for a code of `type` to the signed-in user's own bound mobile and reads it from the SMS outbox.
 * The clock first moves a minute, past the one-code-a-minute limit of a number.
 */
export async function ownSmsCode(t: TestApp, user: Earner, type: 'payee' | 'withdraw'): Promise<string> {
  t.clock.advance(60_000);
  const sent = await call(t.app, 'POST', '/apis/user/auth/user/send/code', { type }, user.token);
  if (sent.code !== 200) throw new Error(`sending a ${type} code to ${user.mobile} failed: ${sent.msg}`);
  return lastSmsCode(t.dataDir, user.mobile);
}

const alipayPayee = { channel: 'alipay', account: 'zhangsan@example.com' } as const;

/** Saves a payee account (an Alipay account unless told) with a fresh payee code, as 卡信息 does; answers its id. */
export async function savedPayeeAccount(
  t: TestApp,
  user: Earner,
  payee: Omit<PayeeAccountSaveBody, 'code'> = alipayPayee,
): Promise<number> {
  const code = await ownSmsCode(t, user, 'payee');
  const saved = await call(t.app, 'POST', '/apis/user/auth/user/account/payee/save', { ...payee, code }, user.token);
  if (saved.code !== 200) throw new Error(`saving a payee account failed: ${saved.msg}`);
  return saved.data.id;
}

/**
 * Requests a withdrawal of `amount` (thousandths) as the draw-money screen does: a withdraw code sent to the bound
 * mobile, read from the outbox, then the request, to `payeeAccountId` or to a newly saved Alipay account.
 */
export async function withdrawWithCode(t: TestApp, user: Earner, amount: number, payeeAccountId?: number): Promise<Answer<Withdrawal>> {
  const payee = payeeAccountId ?? (await savedPayeeAccount(t, user));
  const code = await ownSmsCode(t, user, 'withdraw');
  return call(t.app, 'POST', '/apis/user/auth/user/account/extract/log/save', { amount, payeeAccountId: payee, code }, user.token);
}
