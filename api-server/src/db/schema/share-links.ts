import { bigint, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A link (`/s/<token>`) to one file or folder of a user's network disk, file storage or cloud disk, or to a dataset,
 * that anyone can open without an account: with a 4-character 提取码 when `code` is set, until `expiresAt` (never when
 * null), for at most `maxDownloads` downloads (no cap when null), until its owner revokes it.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    token: varchar('token', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Where the shared thing lives: 'netdisk:<regionCode>', 'cluster:<id>', 'cloud:<regionCode>' or 'dataset:<id>'. */
    source: varchar('source', { length: 80 }).notNull(),
    /** The file or folder inside the source ('' for a whole dataset); a cloud-disk folder without its trailing '/'. */
    path: varchar('path', { length: 1024 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull().$type<'file' | 'folder'>(),
    /** Lower case; compared without regard to case, as Baidu Netdisk does. */
    code: varchar('code', { length: 4 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxDownloads: integer('max_downloads'),
    downloads: integer('downloads').notNull().default(0),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('share_links_user_idx').on(t.userId, t.id)],
);

/** Each time a share link was opened, downloaded from or given a wrong 提取码: when, from which address, what. */
export const shareAccesses = pgTable(
  'share_accesses',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shareId: integer('share_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    /** open 打开, download 下载, wrong-code 提取码错误 */
    action: varchar('action', { length: 12 }).notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
    /** What was downloaded, relative to the shared folder ('' for the shared item itself). */
    path: varchar('path', { length: 1024 }).notNull().default(''),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('share_accesses_share_idx').on(t.shareId, t.id)],
);
