import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, money } from './columns.js';

/** A user's invoice titles (发票抬头): personal 普票, company 普票, company 专票 with its bank details. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 1 个人, 2 企业 */
    titleType: smallint('title_type').notNull(),
    /** 1 增值税普通发票, 2 增值税专用发票 */
    invoiceType: smallint('invoice_type').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    taxNo: varchar('tax_no', { length: 20 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 60 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 120 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_titles_user_idx').on(t.userId),
    uniqueIndex('invoice_titles_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * An invoice request and, once issued, the invoice. The title is copied in (`title`), so editing or
 * deleting a title never changes a request. States: 1 申请中, 2 已开具, 3 已驳回, 4 已红冲, 5 已撤回.
 */
export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestNo: varchar('request_no', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** 'orders' 按订单, 'amount' 按金额 */
    mode: varchar('mode', { length: 8 }).notNull(),
    amount: money('amount').notNull(),
    title: jsonb('title').notNull(),
    /** By orders: the orders it covered, kept after the request ends (`[{ id, orderNo, amount }]`). */
    orders: jsonb('orders').notNull().default([]),
    email: varchar('email', { length: 100 }).notNull().default(''),
    remark: varchar('remark', { length: 200 }).notNull().default(''),
    status: smallint('status').notNull(),
    rejectReason: varchar('reject_reason', { length: 200 }).notNull().default(''),
    provider: varchar('provider', { length: 20 }),
    invoiceNo: varchar('invoice_no', { length: 32 }).unique(),
    pdfKey: varchar('pdf_key', { length: 200 }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    reversalNo: varchar('reversal_no', { length: 32 }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoice_requests_user_idx').on(t.userId, t.id),
    index('invoice_requests_status_idx').on(t.status, t.id),
    check('invoice_requests_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** The orders a live request (申请中 or 已开具) covers; an order belongs to at most one, and is freed when its request ends. */
export const invoiceRequestOrders = pgTable(
  'invoice_request_orders',
  {
    orderId: integer('order_id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => invoiceRequests.id),
    amount: money('amount').notNull(),
  },
  (t) => [index('invoice_request_orders_request_idx').on(t.requestId)],
);

export type InvoiceTitleRow = typeof invoiceTitles.$inferSelect;
export type InvoiceRequestRow = typeof invoiceRequests.$inferSelect;
