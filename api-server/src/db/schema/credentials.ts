import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * The ID card images a user uploaded for real-name review: one current image per side (`front`,
 * `back`). The bytes live in the blob store at `credentials/<userId>/<side>/<md5>`, readable only
 * through the owner's session.
 */
export const idCardImages = pgTable(
  'id_card_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    side: varchar('side', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 40 }).notNull(),
    size: integer('size').notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('id_card_images_user_side_idx').on(t.userId, t.side),
    check('id_card_images_side', sql`${t.side} in ('front', 'back')`),
  ],
);
