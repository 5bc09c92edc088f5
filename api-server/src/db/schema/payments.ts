import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { orders } from './compute.js';
import { createdAt, money } from './columns.js';

/**
 * One attempt to pay a recharge order through a provider. `status` moves unpaid → paid or unpaid → closed;
 * a payment that arrives after the close still moves closed → paid, flagged for an operator's review.
 * `paymentNo` is our out_trade_no at the provider; the provider's own trade number is unique once known.
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    paymentNo: varchar('payment_no', { length: 32 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    amount: money('amount').notNull(),
    /** unpaid, paid, closed */
    status: varchar('status', { length: 8 }).notNull().default('unpaid'),
    /** The client's key: a replay of the same create returns this payment. */
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull(),
    payUrl: text('pay_url'),
    qrCode: text('qr_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    flaggedForReview: boolean('flagged_for_review').notNull().default(false),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('payments_provider_trade_idx').on(t.provider, t.providerTradeNo),
    uniqueIndex('payments_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_unpaid_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'unpaid'`),
    index('payments_flagged_idx')
      .on(t.id)
      .where(sql`${t.flaggedForReview} and ${t.reviewedAt} is null`),
  ],
);

/** Every notification a provider (or someone pretending to be one) sent, with what we did with it. */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 16 }).notNull(),
    paymentNo: varchar('payment_no', { length: 64 }),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    /** settled, replayed, ignored (genuine but not a payment), refused */
    outcome: varchar('outcome', { length: 8 }).notNull(),
    reason: text('reason').notNull().default(''),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_notifications_payment_idx').on(t.paymentNo)],
);

/** The sandbox provider's own books: the trades its cashier page shows, pays or fails. */
export const sandboxTrades = pgTable('payment_sandbox_trades', {
  tradeNo: varchar('trade_no', { length: 32 }).primaryKey(),
  paymentNo: varchar('payment_no', { length: 32 }).notNull().unique(),
  amount: money('amount').notNull(),
  subject: varchar('subject', { length: 100 }).notNull(),
  /** WAIT_BUYER_PAY, TRADE_SUCCESS, TRADE_CLOSED */
  status: varchar('status', { length: 16 }).notNull(),
  returnUrl: text('return_url').notNull(),
  refunded: money('refunded').notNull().default(0),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: createdAt(),
});
