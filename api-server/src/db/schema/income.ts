import { index, integer, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';
import { users } from './accounts.js';

/**
 * Income earned and still held (referral commission, later course sales): posted to the earner's
 * income_held account at once and moved to income when `releaseAt` passes.
 */
export const incomeHolds = pgTable(
  'income_holds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'referral' (commission on a referred user's recharge), 'course' (#12). */
    sourceKind: varchar('source_kind', { length: 16 }).notNull(),
    /** What earned it, unique per kind: a recharge order number, a course sale. */
    sourceRef: varchar('source_ref', { length: 80 }).notNull(),
    /** The user whose payment earned it (the referred user), if any. */
    fromUserId: integer('from_user_id').references(() => users.id),
    /** The payment the income was computed from, and the income itself (thousandths). */
    baseAmount: money('base_amount').notNull(),
    amount: money('amount').notNull(),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('income_holds_source_idx').on(t.sourceKind, t.sourceRef),
    index('income_holds_user_idx').on(t.userId, t.id),
    index('income_holds_release_idx').on(t.releaseAt),
  ],
);

/**
 * A saved payee account (卡信息): an Alipay account or a bank card in the real-name holder's name. Adding or
 * changing one needs a code sent to the user's bound mobile; a withdrawal names one and copies it in.
 */
export const payeeAccounts = pgTable(
  'payee_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'alipay' or 'bank'. */
    channel: varchar('channel', { length: 16 }).notNull(),
    account: varchar('account', { length: 40 }).notNull(),
    payeeName: varchar('payee_name', { length: 40 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payee_accounts_user_account_idx').on(t.userId, t.channel, t.account)],
);

/** A request to pay out withdrawable income. Status: 0 申请中, 1 打款中, 2 已到账, 3 已驳回, 4 已取消. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    /** 'alipay' or 'bank'. */
    payeeChannel: varchar('payee_channel', { length: 16 }).notNull(),
    payeeAccount: varchar('payee_account', { length: 40 }).notNull(),
    payeeName: varchar('payee_name', { length: 40 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull().default(''),
    status: smallint('status').notNull().default(0),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    payoutProvider: varchar('payout_provider', { length: 20 }),
    payoutRef: varchar('payout_ref', { length: 80 }),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: createdAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('withdrawals_user_idx').on(t.userId, t.id), index('withdrawals_status_idx').on(t.status, t.id)],
);

/** Cash moved between a main account and one of its sub-accounts: positive allotted to the sub, negative recalled. */
export const subAccountTransfers = pgTable(
  'sub_account_transfers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mainId: integer('main_id')
      .notNull()
      .references(() => users.id),
    subId: integer('sub_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sub_account_transfers_sub_idx').on(t.subId, t.id), index('sub_account_transfers_main_idx').on(t.mainId, t.id)],
);

/** A sub-account's monthly spending limit: once its charges this calendar month reach it, its running instances stop. */
export const subAccountBudgets = pgTable('sub_account_budgets', {
  subId: integer('sub_id')
    .primaryKey()
    .references(() => users.id),
  monthlyBudget: money('monthly_budget').notNull(),
});

/** A user's low-balance threshold; `alertedAt` is set while the balance is below it (one alert per crossing). */
export const balanceThresholds = pgTable('balance_thresholds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  threshold: money('threshold').notNull(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
});
