import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerIdempotencyKeys, users, type Executor, queryRows } from '../db/index.js';
import { conflict } from '../errors.js';
import { noteUserChange } from '../accounts/index.js';

/** A user's own accounts; each balance is cached on the user's row and never goes below zero. */
export type UserAccountKind = 'cash' | 'income' | 'income_held';
/**
 * `bounties_held`: question bounties taken from askers until they are paid to an accepted answer or refunded.
 * `vouchers`: redeemed vouchers (代金券) not yet spent, funded by promotion when redeemed and spent into revenue by orders.
 */
export type PlatformAccountKind = 'revenue' | 'promotion' | 'withdrawals_payable' | 'fees' | 'bounties_held' | 'vouchers';

export type LedgerAccount =
  { kind: UserAccountKind; userId: number } | { kind: 'clearing'; provider: string } | { kind: PlatformAccountKind };

export interface LedgerLeg {
  account: LedgerAccount;
  /** Thousandths of a yuan: positive into the account, negative out of it. */
  amount: number;
}

export interface LedgerTransaction {
  kind: string;
  note: string;
  at: Date;
  /** Unique forever: a second posting under the same key returns the first instead of moving money again. */
  idempotencyKey?: string;
  legs: LedgerLeg[];
}

export interface PostedTransaction {
  transactionId: number;
  replayed: boolean;
  /** In the order of the legs given (for a replay, in the order first posted). */
  legs: Array<{ entryId: number; balanceAfter: number | null }>;
}

const cachedBalance = { cash: users.balance, income: users.incomeBalance, income_held: users.incomeHeld } as const;

const shortOf: Record<UserAccountKind, string> = {
  cash: '账户余额不足，请先充值',
  income: '可提现收益不足',
  income_held: '待结算收益不足',
};

export function accountCode(account: LedgerAccount): string {
  return account.kind === 'clearing' ? `clearing:${account.provider}` : account.kind;
}

function isUserAccount(account: LedgerAccount): account is { kind: UserAccountKind; userId: number } {
  return account.kind in cachedBalance;
}

function ensureBalanced(legs: LedgerLeg[]) {
  if (legs.length < 2) throw new Error('A ledger transaction needs at least two legs');
  if (!legs.every((leg) => Number.isSafeInteger(leg.amount))) throw new Error('Ledger amounts are whole thousandths');
  if (legs.reduce((sum, leg) => sum + leg.amount, 0) !== 0) throw new Error('A ledger transaction must sum to zero');
}

/**
 * Posts one balanced transaction. Each user leg moves its cached balance by a conditional update that
 * refuses to go below zero, so concurrent postings cannot overdraw; user rows are locked in id order so
 * that two transfers between the same users in opposite directions cannot deadlock.
 */
export async function postTransaction(db: Executor, t: LedgerTransaction): Promise<PostedTransaction> {
  ensureBalanced(t.legs);
  const [{ id: transactionId }] = (await queryRows<{ id: string }>(db, sql`select nextval('ledger_transaction_ids') as id`)) as [
    { id: string },
  ];
  if (t.idempotencyKey) {
    const claimed = await db
      .insert(ledgerIdempotencyKeys)
      .values({ key: t.idempotencyKey, transactionId: Number(transactionId), createdAt: t.at })
      .onConflictDoNothing()
      .returning({ key: ledgerIdempotencyKeys.key });
    if (claimed.length === 0) return replayOf(db, t.idempotencyKey);
  }

  const balanceAfter = new Map<number, number>();
  const userLegs = t.legs
    .map((leg, index) => ({ leg, index }))
    .filter(({ leg }) => isUserAccount(leg.account))
    .sort((a, b) => (a.leg.account as { userId: number }).userId - (b.leg.account as { userId: number }).userId);
  for (const { leg, index } of userLegs) {
    const account = leg.account as { kind: UserAccountKind; userId: number };
    const column = cachedBalance[account.kind];
    const [updated] = await db
      .update(users)
      .set({ [columnKey(account.kind)]: sql`${column} + ${leg.amount}` })
      .where(and(eq(users.id, account.userId), gte(sql`${column} + ${leg.amount}`, 0)))
      .returning({ balance: column });
    if (!updated) throw conflict(shortOf[account.kind]);
    noteUserChange(account.userId, 'balance');
    balanceAfter.set(index, updated.balance);
  }

  const written = await db
    .insert(ledgerEntries)
    .values(
      t.legs.map((leg, index) => ({
        transactionId: Number(transactionId),
        account: accountCode(leg.account),
        userId: isUserAccount(leg.account) ? leg.account.userId : null,
        amount: leg.amount,
        balanceAfter: balanceAfter.get(index) ?? null,
        kind: t.kind,
        note: t.note.slice(0, 200),
        createdAt: t.at,
      })),
    )
    .returning({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter });
  return {
    transactionId: Number(transactionId),
    replayed: false,
    legs: written.map((entry) => ({ entryId: entry.id, balanceAfter: entry.balanceAfter })),
  };
}

function columnKey(kind: UserAccountKind) {
  return ({ cash: 'balance', income: 'incomeBalance', income_held: 'incomeHeld' } as const)[kind];
}

async function replayOf(db: Executor, key: string): Promise<PostedTransaction> {
  const [first] = await db.select().from(ledgerIdempotencyKeys).where(eq(ledgerIdempotencyKeys.key, key));
  const entries = await db
    .select({ entryId: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, first!.transactionId))
    .orderBy(asc(ledgerEntries.id));
  return { transactionId: first!.transactionId, replayed: true, legs: entries };
}

export type LedgerKind = 'grant' | 'charge' | 'refund';

const counterpartOf: Record<LedgerKind, LedgerAccount> = {
  grant: { kind: 'promotion' },
  charge: { kind: 'revenue' },
  refund: { kind: 'revenue' },
};

/**
 * Moves a user's cash by `amount` (negative to charge) against the platform account that balances it:
 * promotion for a grant, revenue for a charge or refund.
 */
export async function applyLedgerEntry(db: Executor, entry: { userId: number; amount: number; kind: LedgerKind; note?: string; at: Date }) {
  const { userId, amount, kind, note = '', at } = entry;
  const posted = await postTransaction(db, {
    kind,
    note,
    at,
    legs: [
      { account: { kind: 'cash', userId }, amount },
      { account: counterpartOf[kind], amount: -amount },
    ],
  });
  return { balance: posted.legs[0]!.balanceAfter!, entryId: posted.legs[0]!.entryId };
}

/** The account overview's view of the ledger: money recharged and spent in total, and the ten latest entries. */
export async function ledgerSummary(db: Executor, userId: number) {
  const ownCash = and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.account, 'cash'));
  const [totals] = await db
    .select({
      totalRecharge: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'recharge'), 0)`,
      totalConsume: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.kind} = 'charge'), 0)`,
    })
    .from(ledgerEntries)
    .where(ownCash);
  const recentEntries = await db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      balanceAfter: sql<number>`coalesce(${ledgerEntries.balanceAfter}, 0)`.mapWith(Number),
      kind: ledgerEntries.kind,
      note: ledgerEntries.note,
      gmtCreate: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(ownCash)
    .orderBy(desc(ledgerEntries.id))
    .limit(10);
  return { totalRecharge: Number(totals?.totalRecharge ?? 0), totalConsume: Number(totals?.totalConsume ?? 0), recentEntries };
}

export interface LedgerCheck {
  /** The sum of every entry: zero when every transaction balanced. */
  trialBalance: number;
  unbalancedTransactions: number[];
  /** User accounts whose cached balance differs from the sum of their entries. */
  mismatches: Array<{ userId: number; account: UserAccountKind; cached: number; entries: number }>;
}

/** Recomputes every user balance from the entries and checks that the books balance. */
export async function checkLedger(db: Executor, userIds?: number[]): Promise<LedgerCheck> {
  const [trial] = await queryRows<{ total: string }>(db, sql`select coalesce(sum(amount), 0) as total from ledger_entries`);
  const unbalanced = await queryRows<{ id: string }>(
    db,
    sql`select transaction_id as id from ledger_entries group by transaction_id having sum(amount) <> 0 order by 1 limit 100`,
  );
  const sums = db
    .select({
      userId: ledgerEntries.userId,
      account: ledgerEntries.account,
      total: sql<string>`sum(${ledgerEntries.amount})`.as('total'),
    })
    .from(ledgerEntries)
    .where(userIds ? inArray(ledgerEntries.userId, userIds) : sql`${ledgerEntries.userId} is not null`)
    .groupBy(ledgerEntries.userId, ledgerEntries.account)
    .as('sums');
  const rows = await db
    .select({
      userId: users.id,
      cash: users.balance,
      income: users.incomeBalance,
      income_held: users.incomeHeld,
      cashEntries: sql<string>`coalesce(sum(${sums.total}) filter (where ${sums.account} = 'cash'), 0)`,
      incomeEntries: sql<string>`coalesce(sum(${sums.total}) filter (where ${sums.account} = 'income'), 0)`,
      heldEntries: sql<string>`coalesce(sum(${sums.total}) filter (where ${sums.account} = 'income_held'), 0)`,
    })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id))
    .where(userIds ? inArray(users.id, userIds) : undefined)
    .groupBy(users.id);
  const mismatches: LedgerCheck['mismatches'] = [];
  for (const row of rows) {
    const pairs: Array<[UserAccountKind, number, string]> = [
      ['cash', row.cash, row.cashEntries],
      ['income', row.income, row.incomeEntries],
      ['income_held', row.income_held, row.heldEntries],
    ];
    for (const [account, cached, entries] of pairs)
      if (cached !== Number(entries)) mismatches.push({ userId: row.userId, account, cached, entries: Number(entries) });
  }
  return { trialBalance: Number(trial?.total ?? 0), unbalancedTransactions: unbalanced.map((row) => Number(row.id)), mismatches };
}
