import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import { users, withdrawals, type Database, type Executor } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { notify, spendSmsCode, type MatchedSmsCode } from '../accounts/index.js';
import { postTransaction } from './ledger.js';
import { loadIncomeSettings, withdrawalFee } from './income-settings.js';
import type { Payee, PayoutProvider } from './payouts/payout-provider.js';
import { ownPayeeAccount, verifiedRealName } from './payee-accounts.js';
import { yuanText } from './welcome-credit.js';

export const WithdrawalStatus = { requested: 0, paying: 1, paid: 2, rejected: 3, cancelled: 4 } as const;
export const withdrawalStatusNames = ['申请中', '打款中', '已到账', '已驳回', '已取消'] as const;

type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * Books a withdrawal request to one of the user's saved payee accounts, spending the owner's code in the same
 * transaction: 20 requests with one code book at most one. The income leaves the user's withdrawable income at
 * once, into withdrawals payable (what the payee will receive) and fees; the conditional update in postTransaction
 * refuses more than the withdrawable income, however many requests race.
 */
export async function requestWithdrawal(
  db: Database,
  userId: number,
  amount: number,
  payeeAccountId: number,
  code: MatchedSmsCode,
  at: Date,
) {
  const { withdrawal: settings } = await loadIncomeSettings(db);
  if (amount % 10 !== 0) throw invalid('提现金额须精确到分');
  if (amount < settings.minAmount) throw invalid(`单笔提现金额不能低于 ¥${yuanText(settings.minAmount)}`);
  if (amount > settings.maxAmount) throw invalid(`单笔提现金额不能超过 ¥${yuanText(settings.maxAmount)}`);
  const realName = await verifiedRealName(db, userId);
  const payee = await ownPayeeAccount(db, userId, payeeAccountId);
  if (payee.payeeName !== realName) throw invalid('收款人姓名须与实名认证姓名一致');
  const fee = withdrawalFee(settings, amount);
  return db.transaction(async (tx) => {
    await spendSmsCode(tx, code, at);
    const [row] = await tx
      .insert(withdrawals)
      .values({
        userId,
        amount,
        fee,
        payeeChannel: payee.channel,
        payeeAccount: payee.account,
        payeeName: payee.payeeName,
        bankName: payee.bankName,
        createdAt: at,
      })
      .returning();
    await postTransaction(tx, {
      kind: 'withdrawal',
      note: `提现申请 #${row!.id}`,
      at,
      idempotencyKey: `withdrawal:${row!.id}`,
      legs: [
        { account: { kind: 'income', userId }, amount: -amount },
        { account: { kind: 'withdrawals_payable' }, amount: amount - fee },
        { account: { kind: 'fees' }, amount: fee },
      ],
    });
    return row!;
  });
}

/** Gives the income back: a rejected, failed or cancelled withdrawal. */
async function reverseWithdrawal(tx: Executor, row: WithdrawalRow, at: Date) {
  await postTransaction(tx, {
    kind: 'withdrawal_reversal',
    note: `提现 #${row.id} ${withdrawalStatusNames[row.status]}，退回收益`,
    at,
    idempotencyKey: `withdrawal-reversal:${row.id}`,
    legs: [
      { account: { kind: 'withdrawals_payable' }, amount: -(row.amount - row.fee) },
      { account: { kind: 'fees' }, amount: -row.fee },
      { account: { kind: 'income', userId: row.userId }, amount: row.amount },
    ],
  });
}

/** Moves a withdrawal from one state to another, once: answers the row after, or null when it was no longer in `from`. */
async function moveState(tx: Executor, id: number, from: number, changes: Partial<WithdrawalRow>, owner?: number) {
  const where: SQL[] = [eq(withdrawals.id, id), eq(withdrawals.status, from)];
  if (owner !== undefined) where.push(eq(withdrawals.userId, owner));
  const [row] = await tx
    .update(withdrawals)
    .set(changes)
    .where(and(...where))
    .returning();
  return row ?? null;
}

async function findWithdrawal(db: Executor, id: number, owner?: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row || (owner !== undefined && row.userId !== owner)) throw notFound('提现记录不存在');
  return row;
}

const stateRefusal = (row: WithdrawalRow) => conflict(`该提现${withdrawalStatusNames[row.status]}，不能再操作`);

export async function cancelWithdrawal(db: Database, userId: number, id: number, at: Date) {
  const existing = await findWithdrawal(db, id, userId);
  return db.transaction(async (tx) => {
    const row = await moveState(tx, id, WithdrawalStatus.requested, { status: WithdrawalStatus.cancelled, finishedAt: at }, userId);
    if (!row) throw stateRefusal(existing);
    await reverseWithdrawal(tx, row, at);
    return row;
  });
}

export async function rejectWithdrawal(db: Database, reviewerId: number, id: number, reason: string, at: Date) {
  const existing = await findWithdrawal(db, id);
  return db.transaction(async (tx) => {
    const row = await moveState(tx, id, WithdrawalStatus.requested, {
      status: WithdrawalStatus.rejected,
      reason,
      reviewerId,
      reviewedAt: at,
      finishedAt: at,
    });
    if (!row) throw stateRefusal(existing);
    await reverseWithdrawal(tx, row, at);
    await notify(
      tx,
      row.userId,
      '提现申请已驳回',
      `您申请提现的 ¥${yuanText(row.amount)} 已被驳回，原因：${reason}。款项已退回可提现收益。`,
      at,
    );
    return row;
  });
}

/**
 * Approves a request: it becomes 打款中, the provider pays the payee, and the withdrawal ends 已到账
 * (payable → the provider's clearing account) or, if the payout fails, 已驳回 with the income given back.
 */
export async function approveWithdrawal(db: Database, provider: PayoutProvider, reviewerId: number, id: number, now: () => Date) {
  const existing = await findWithdrawal(db, id);
  const paying = await moveState(db, id, WithdrawalStatus.requested, {
    status: WithdrawalStatus.paying,
    reviewerId,
    reviewedAt: now(),
    payoutProvider: provider.name,
  });
  if (!paying) throw stateRefusal(existing);
  return (await payOut(db, provider, paying, now)) ?? findWithdrawal(db, id);
}

/**
 * Withdrawals left 打款中 for longer than `stuckAfterMs` (the server died between the transfer and its booking)
 * are asked for again, which a provider pays at most once per withdrawal, and booked. Answers how many were finished.
 */
export async function resumePayouts(db: Database, provider: PayoutProvider, now: () => Date, stuckAfterMs = 5 * 60_000) {
  const stuck = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, WithdrawalStatus.paying),
        eq(withdrawals.payoutProvider, provider.name),
        lt(withdrawals.reviewedAt, new Date(now().getTime() - stuckAfterMs)),
      ),
    );
  let finished = 0;
  for (const row of stuck) if (await payOut(db, provider, row, now)) finished += 1;
  return finished;
}

/** Transfers a withdrawal being paid and books the outcome; null when someone else booked it first. */
async function payOut(db: Database, provider: PayoutProvider, paying: WithdrawalRow, now: () => Date) {
  const result = await provider.transfer({
    withdrawalId: paying.id,
    amount: paying.amount - paying.fee,
    payee: {
      channel: paying.payeeChannel as Payee['channel'],
      account: paying.payeeAccount,
      name: paying.payeeName,
      bankName: paying.bankName,
    },
  });
  const at = now();
  const id = paying.id;
  return db.transaction(async (tx) => {
    if (!result.paid) {
      const failed = await moveState(tx, id, WithdrawalStatus.paying, {
        status: WithdrawalStatus.rejected,
        reason: `打款失败：${result.reason}`,
        finishedAt: at,
      });
      if (!failed) return null;
      await reverseWithdrawal(tx, failed, at);
      await notify(
        tx,
        failed.userId,
        '提现打款失败',
        `您申请提现的 ¥${yuanText(failed.amount)} 打款失败（${result.reason}），款项已退回可提现收益，请核对收款账户后重新申请。`,
        at,
      );
      return failed;
    }
    const paid = await moveState(tx, id, WithdrawalStatus.paying, {
      status: WithdrawalStatus.paid,
      payoutRef: result.reference,
      finishedAt: at,
    });
    if (!paid) return null;
    await postTransaction(tx, {
      kind: 'withdrawal_payout',
      note: `提现 #${paid.id} 已打款`,
      at,
      idempotencyKey: `withdrawal-payout:${paid.id}`,
      legs: [
        { account: { kind: 'withdrawals_payable' }, amount: -(paid.amount - paid.fee) },
        { account: { kind: 'clearing', provider: provider.name }, amount: paid.amount - paid.fee },
      ],
    });
    await notify(
      tx,
      paid.userId,
      '提现已到账',
      `您申请提现的 ¥${yuanText(paid.amount)} 已打款，扣除手续费 ¥${yuanText(paid.fee)} 后实际到账 ¥${yuanText(paid.amount - paid.fee)}。`,
      at,
    );
    return paid;
  });
}

export async function listWithdrawals(db: Executor, filter: { userId?: number; status?: number }, limit: number, offset: number) {
  const where: SQL[] = [];
  if (filter.userId !== undefined) where.push(eq(withdrawals.userId, filter.userId));
  if (filter.status !== undefined) where.push(eq(withdrawals.status, filter.status));
  const rows = await db
    .select({ withdrawal: withdrawals, mobile: users.mobile })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(and(...where))
    .orderBy(desc(withdrawals.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(...where));
  return { rows, total: total?.n ?? 0 };
}
