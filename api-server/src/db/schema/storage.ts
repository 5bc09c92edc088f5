import { bigint, index, integer, pgTable, real, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './accounts.js';
import { createdAt } from './columns.js';

/**
 * A file in a user's storage: `area` is `files` (file storage), `cloud/<regionCode>` (cloud disk)
 * or `videos`; `path` is relative to the area. The blob lives at `users/<userId>/<area>/<path>`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    area: varchar('area', { length: 80 }).notNull(),
    path: varchar('path', { length: 1024 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    contentType: varchar('content_type', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stored_files_path_idx').on(t.userId, t.area, t.path),
    index('stored_files_md5_idx').on(t.userId, t.md5),
    // The few files placed before they were hashed (an empty md5), which the upload clean-up pass looks for.
    index('stored_files_not_hashed_idx')
      .on(t.id)
      .where(sql`${t.md5} = ''`),
  ],
);

/**
 * An upload in progress: its chunks are blobs under `uploads/<id>/<index>`. It reserves
 * `fileSize` of the user's quota until merged, and is removed with its chunks once idle for 24 h.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 8 }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    chunkSize: integer('chunk_size').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('uploads_content_idx').on(t.userId, t.kind, t.md5, t.chunkSize, t.fileSize),
    index('uploads_activity_idx').on(t.lastActivityAt),
  ],
);

/** An uploaded video; `state` 1 means stored and waiting for processing. */
export const videos = pgTable(
  'videos',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    md5: varchar('md5', { length: 32 }).notNull(),
    /** VideoState: 1 stored (plays as uploaded), 2 transcoding, 3 HLS ready, 4 transcoding failed (plays as uploaded). */
    state: smallint('state').notNull().default(1),
    title: varchar('title', { length: 80 }).notNull().default(''),
    /** Seconds, from ffprobe when present, else from the uploading browser; null until known. */
    durationSeconds: real('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('videos_user_idx').on(t.userId)],
);
