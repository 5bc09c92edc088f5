import { check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';
import { createdAt, money } from './columns.js';

/**
 * A batch of vouchers (代金券) an operator issues: each voucher takes `amount` off one order of `scope` costing at least
 * `minSpend`, redeemed and used between `validFrom` and `validUntil`. Either every voucher has its own code, or the batch
 * has one shared code that each user redeems at most `perUserLimit` times.
 */
export const voucherBatches = pgTable(
  'voucher_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 64 }).notNull(),
    amount: money('amount').notNull(),
    minSpend: money('min_spend').notNull(),
    /** compute (算力), storage (存储), hpc (超算), course (课程) */
    scope: varchar('scope', { length: 8 }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    /** null when each voucher has its own code. */
    sharedCode: varchar('shared_code', { length: 32 }).unique(),
    perUserLimit: smallint('per_user_limit').notNull().default(1),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [check('voucher_batches_amount_positive', sql`${t.amount} > 0 and ${t.minSpend} >= 0 and ${t.count} > 0`)],
);

/**
 * One voucher of a batch. `userId` is set when it is redeemed; `usedAt`/`usedAmount`/`instanceId` when an order uses it;
 * a refund while it is still valid clears them again and gives back `amount` (what the refund returned of it).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => voucherBatches.id),
    /** null in a batch with a shared code. */
    code: varchar('code', { length: 32 }).unique(),
    amount: money('amount').notNull(),
    userId: integer('user_id').references(() => users.id),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedAmount: money('used_amount').notNull().default(0),
    /** The instance whose order used it (算力), so a refund of that instance finds it. */
    instanceId: integer('instance_id'),
  },
  (t) => [
    index('vouchers_user_idx').on(t.userId, t.usedAt),
    index('vouchers_unclaimed_idx').on(t.batchId, t.userId),
    check('vouchers_amounts', sql`${t.amount} >= 0 and ${t.usedAmount} >= 0 and ${t.usedAmount} <= ${t.amount}`),
  ],
);
