import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { invoiceRequests, ledgerEntries, users, type Executor } from '../../db/index.js';

/** 申请中 and 已开具 hold their amount; 已驳回, 已红冲 and 已撤回 give it back. */
export const InvoiceState = { requested: 1, issued: 2, rejected: 3, reversed: 4, withdrawn: 5 } as const;
export type InvoiceState = (typeof InvoiceState)[keyof typeof InvoiceState];
export const liveStates = [InvoiceState.requested, InvoiceState.issued];

export const invoiceStateNames: Record<InvoiceState, string> = { 1: '申请中', 2: '已开具', 3: '已驳回', 4: '已红冲', 5: '已撤回' };

export const invoiceableRule =
  '可开票金额 = 现金消费 − 已开票。现金消费 = 消费扣款 − 退回余额的退款 − 已用赠送金额，不小于0。' +
  '赠送金额（注册体验金等）不开票，并视为最后使用：账户余额不低于赠送金额时，赠送金额尚未使用；余额低于赠送金额时，差额为已用赠送金额。' +
  '充值后尚未消费的余额不开票；已开票包括申请中和已开具的发票，已驳回、已撤回和已红冲的发票金额退回可开票金额。';

/**
 * The invoiceable amount of a user, from the entries of their cash account: charges (kind 'charge'),
 * refunds to the balance (kind 'refund') and free credit (kind 'grant'). Free credit is never
 * invoiced and counts as spent last: while the balance covers it, none of it is spent; below that,
 * the shortfall is. So what is invoiced never exceeds the paid money consumed, and unspent recharge
 * is never invoiced. `exceptRequestId` leaves one request out of what is already invoiced (a request
 * being edited).
 */
export async function invoiceableAmount(db: Executor, userId: number, exceptRequestId?: number) {
  const [ledger] = await db
    .select({
      charged: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'charge'), 0)`,
      refunded: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'refund'), 0)`,
      freeCredit: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'grant'), 0)`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash')));
  const [account] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  const [held] = await db
    .select({ invoiced: sql<string>`coalesce(sum(${invoiceRequests.amount}), 0)` })
    .from(invoiceRequests)
    .where(
      and(
        eq(invoiceRequests.userId, userId),
        inArray(invoiceRequests.status, liveStates),
        exceptRequestId === undefined ? undefined : ne(invoiceRequests.id, exceptRequestId),
      ),
    );
  const charged = Number(ledger?.charged ?? 0);
  const refunded = Number(ledger?.refunded ?? 0);
  const freeCredit = Number(ledger?.freeCredit ?? 0);
  const balance = account?.balance ?? 0;
  const freeCreditSpent = Math.min(freeCredit, Math.max(0, freeCredit - balance));
  const invoiced = Number(held?.invoiced ?? 0);
  const cashConsumed = Math.max(0, charged - refunded - freeCreditSpent);
  return {
    charged,
    refunded,
    freeCredit,
    freeCreditSpent,
    balance,
    cashConsumed,
    invoiced,
    invoiceable: Math.max(0, cashConsumed - invoiced),
    rule: invoiceableRule,
  };
}
