import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/** A key for `Authorization: Bearer` on `/auth/` calls; only its SHA-256 is kept, and its last 4 characters to name it. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull().unique(),
    lastFour: varchar('last_four', { length: 4 }).notNull(),
    /** Some of read, instance, storage, billing. */
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    /** null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Written at most once a minute a key. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);
