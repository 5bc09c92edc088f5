import { and, asc, count, eq } from 'drizzle-orm';
import type { PayeeAccount } from '@rc/api-contract/user/income';
import { payeeAccounts, users, type Database, type Executor } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { maskMobile } from '../lib/index.js';
import { spendSmsCode, type MatchedSmsCode } from '../accounts/index.js';

type PayeeChannel = 'alipay' | 'bank';
type PayeeAccountRow = typeof payeeAccounts.$inferSelect;

export const payeeAccountView = (row: PayeeAccountRow): PayeeAccount => ({
  id: row.id,
  channel: row.channel,
  accountMasked: maskPayeeAccount(row.channel, row.account),
  payeeName: row.payeeName,
  bankName: row.bankName,
  gmtCreate: row.createdAt.toISOString(),
  gmtModified: row.updatedAt.toISOString(),
});

const maxPayeeAccountsPerUser = 10;

const accountPatterns: Record<PayeeChannel, RegExp> = {
  alipay: /^(1[3-9]\d{9}|[\w.+-]+@[\w-]+(\.[\w-]+)+)$/,
  bank: /^\d{12,19}$/,
};

export interface PayeeInput {
  channel: PayeeChannel;
  account: string;
  bankName?: string;
}

/** A card shows its last 4 digits; an Alipay mobile its first 3 and last 4; an email the first 2 letters of its name. */
export function maskPayeeAccount(channel: string, account: string) {
  if (channel === 'bank') return `**** **** **** ${account.slice(-4)}`;
  const at = account.indexOf('@');
  if (at < 0) return maskMobile(account);
  return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
}

function checkPayee(input: PayeeInput) {
  const account = input.account.replace(/\s/g, '');
  if (!accountPatterns[input.channel].test(account))
    throw invalid(input.channel === 'alipay' ? '支付宝账号应为手机号或邮箱' : '银行卡号应为12-19位数字');
  const bankName = input.channel === 'bank' ? (input.bankName ?? '').trim() : '';
  if (input.channel === 'bank' && bankName === '') throw invalid('请填写开户银行');
  return { channel: input.channel, account, bankName };
}

/** The user's real name, which every payee account carries; refused until real-name verification is done. */
export async function verifiedRealName(db: Executor, userId: number) {
  const [user] = await db
    .select({ idCardCheckStatus: users.idCardCheckStatus, realName: users.realName })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.idCardCheckStatus !== 1 || !user.realName) throw conflict('请先完成实名认证再提现');
  return user.realName;
}

export async function listPayeeAccounts(db: Executor, userId: number) {
  return db.select().from(payeeAccounts).where(eq(payeeAccounts.userId, userId)).orderBy(asc(payeeAccounts.id));
}

/** One of the user's own payee accounts; another user's id is answered as not found. */
export async function ownPayeeAccount(db: Executor, userId: number, id: number): Promise<PayeeAccountRow> {
  const [row] = await db
    .select()
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.id, id), eq(payeeAccounts.userId, userId)));
  if (!row) throw notFound('收款账户不存在');
  return row;
}

async function refuseDuplicate(db: Executor, userId: number, fields: ReturnType<typeof checkPayee>, except?: number) {
  const [same] = await db
    .select({ id: payeeAccounts.id })
    .from(payeeAccounts)
    .where(and(eq(payeeAccounts.userId, userId), eq(payeeAccounts.channel, fields.channel), eq(payeeAccounts.account, fields.account)));
  if (same && same.id !== except) throw conflict('该收款账户已保存');
}

/** Adds a payee account in the real-name holder's name, spending the owner's code in the same transaction. */
export async function addPayeeAccount(db: Database, userId: number, input: PayeeInput, code: MatchedSmsCode, at: Date) {
  const fields = checkPayee(input);
  const payeeName = await verifiedRealName(db, userId);
  return db.transaction(async (tx) => {
    await spendSmsCode(tx, code, at);
    const [held] = await tx.select({ n: count() }).from(payeeAccounts).where(eq(payeeAccounts.userId, userId));
    if ((held?.n ?? 0) >= maxPayeeAccountsPerUser) throw conflict(`最多保存${maxPayeeAccountsPerUser}个收款账户`);
    await refuseDuplicate(tx, userId, fields);
    const [row] = await tx
      .insert(payeeAccounts)
      .values({ ...fields, userId, payeeName, createdAt: at, updatedAt: at })
      .returning();
    return row!;
  });
}

/** Changes one of the user's payee accounts, spending the owner's code in the same transaction. */
export async function changePayeeAccount(db: Database, userId: number, id: number, input: PayeeInput, code: MatchedSmsCode, at: Date) {
  const fields = checkPayee(input);
  const payeeName = await verifiedRealName(db, userId);
  return db.transaction(async (tx) => {
    await ownPayeeAccount(tx, userId, id);
    await spendSmsCode(tx, code, at);
    await refuseDuplicate(tx, userId, fields, id);
    const [row] = await tx
      .update(payeeAccounts)
      .set({ ...fields, payeeName, updatedAt: at })
      .where(eq(payeeAccounts.id, id))
      .returning();
    return row!;
  });
}

/** Withdrawals keep their own copy of the payee, so removing an account never changes one. */
export async function removePayeeAccount(db: Executor, userId: number, id: number) {
  await ownPayeeAccount(db, userId, id);
  await db.delete(payeeAccounts).where(eq(payeeAccounts.id, id));
}
