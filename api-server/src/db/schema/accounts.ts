import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    nickname: varchar('nickname', { length: 40 }).notNull(),
    headImgUrl: varchar('head_img_url', { length: 500 }).notNull().default(''),
    userType: smallint('user_type').notNull().default(1),
    isTeacher: boolean('is_teacher').notNull().default(false),
    isGradeAdmin: boolean('is_grade_admin').notNull().default(false),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    idCardCheckStatus: smallint('id_card_check_status').notNull().default(0),
    realName: varchar('real_name', { length: 40 }),
    idCardMasked: varchar('id_card_masked', { length: 18 }),
    idCardHash: varchar('id_card_hash', { length: 64 }).unique(),
    videoPermission: boolean('video_permission').notNull().default(false),
    /** The cash account's balance: a cached sum of the user's 'cash' ledger entries. */
    balance: money('balance').notNull().default(0),
    /** Withdrawable income and income still held: cached sums of the 'income' and 'income_held' entries. */
    incomeBalance: money('income_balance').notNull().default(0),
    incomeHeld: money('income_held').notNull().default(0),
    isOperator: boolean('is_operator').notNull().default(false),
    zhisuanStatus: smallint('zhisuan_status').notNull().default(0),
    chaosuanStatus: smallint('chaosuan_status').notNull().default(0),
    parentId: integer('parent_id'),
    shareBalance: boolean('share_balance').notNull().default(false),
    referralCode: varchar('referral_code', { length: 12 }).notNull().unique(),
    referredBy: integer('referred_by'),
    shopName: varchar('shop_name', { length: 30 }).unique(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_balance_not_negative', sql`${t.balance} >= 0`),
    check('users_income_not_negative', sql`${t.incomeBalance} >= 0 and ${t.incomeHeld} >= 0`),
    index('users_parent_idx').on(t.parentId),
  ],
);

/** Numbers the balanced transactions that group ledger entries. */
export const ledgerTransactionIds = pgSequence('ledger_transaction_ids');

/**
 * Double-entry postings, append-only. The entries of one transaction share `transactionId` and sum to
 * zero. `account` names the account moved ('cash', 'income', 'income_held' belong to `userId`;
 * 'clearing:<provider>', 'revenue', 'promotion', 'withdrawals_payable', 'fees' are the platform's).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    account: varchar('account', { length: 40 }).notNull().default('cash'),
    userId: integer('user_id').references(() => users.id),
    amount: money('amount').notNull(),
    /** The user account's balance after this entry; null on platform accounts. */
    balanceAfter: money('balance_after'),
    kind: varchar('kind', { length: 32 }).notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.createdAt), index('ledger_transaction_idx').on(t.transactionId)],
);

/** A transaction posted under an idempotency key (a provider's trade id, a client's request key); a replay finds the first. */
export const ledgerIdempotencyKeys = pgTable('ledger_idempotency_keys', {
  key: varchar('key', { length: 120 }).primaryKey(),
  transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }).notNull().default(''),
    userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_lookup_idx').on(t.mobile, t.purpose, t.createdAt)],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_user_idx').on(t.userId, t.isRead)],
);

export const lecturerFollows = pgTable(
  'lecturer_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    lecturerId: integer('lecturer_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lecturerId] })],
);
