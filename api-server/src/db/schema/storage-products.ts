import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { instances } from './compute.js';

/**
 * An HPC cluster whose login node holds users' file storage. `kind` 'local' keeps each user's files
 * in a folder under the data directory (the embedded default); 'sftp' reaches `host:port` as
 * `username` with `privateKey`, each user under `homeTemplate` with `{userId}` filled in.
 */
export const hpcClusters = pgTable('hpc_clusters', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 60 }).notNull(),
  kind: varchar('kind', { length: 8 }).notNull(),
  host: varchar('host', { length: 255 }).notNull().default(''),
  port: integer('port').notNull().default(22),
  username: varchar('username', { length: 64 }).notNull().default(''),
  privateKey: text('private_key').notNull().default(''),
  homeTemplate: varchar('home_template', { length: 255 }).notNull().default('{userId}'),
  /** Who runs its batch jobs: 'simulated' (the embedded default) or 'slurm' on the login node over SSH. */
  scheduler: varchar('scheduler', { length: 16 }).notNull().default('simulated'),
  /** Bytes and files each user may keep on this cluster. */
  quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
  quotaFiles: integer('quota_files').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** The clusters a user can reach, and which one the file pages open first. */
export const userClusters = pgTable(
  'user_clusters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => hpcClusters.id),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clusterId] })],
);

/**
 * A user's network disk in one region (网盘): `sizeGb` chosen at activation, of which the site's free
 * tier costs nothing; the rest is charged per GB per month, a day at a time (`paidThrough`).
 * `status` 1 in use, 2 frozen for arrears (readable, not writable).
 */
export const netDisks = pgTable(
  'net_disks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    regionCode: varchar('region_code', { length: 32 }).notNull(),
    sizeGb: integer('size_gb').notNull(),
    quotaFiles: integer('quota_files').notNull(),
    status: smallint('status').notNull().default(1),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    paidThrough: timestamp('paid_through', { withTimezone: true }).notNull(),
    /** The highest usage warning sent (0, 80, 90, 100), so each is sent once per crossing. */
    warnedPercent: smallint('warned_percent').notNull().default(0),
  },
  (t) => [uniqueIndex('net_disks_user_region_idx').on(t.userId, t.regionCode)],
);

/** A user's cloud disk (S3-style object storage) in one region; stored bytes are charged per GB per month, a day at a time. */
export const cloudDisks = pgTable(
  'cloud_disks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    regionCode: varchar('region_code', { length: 32 }).notNull(),
    quotaBytes: bigint('quota_bytes', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull(),
    paidThrough: timestamp('paid_through', { withTimezone: true }).notNull(),
    warnedPercent: smallint('warned_percent').notNull().default(0),
  },
  (t) => [uniqueIndex('cloud_disks_user_region_idx').on(t.userId, t.regionCode)],
);

/**
 * Something deleted from a file tree (`tree`: 'netdisk:<regionCode>' or 'cluster:<id>'), kept under
 * `trashPath` in the same tree until `expiresAt`, then removed for good.
 */
export const trashItems = pgTable(
  'trash_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tree: varchar('tree', { length: 80 }).notNull(),
    originalPath: varchar('original_path', { length: 1024 }).notNull(),
    trashPath: varchar('trash_path', { length: 1100 }).notNull(),
    isDir: boolean('is_dir').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    files: integer('files').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the owner was told it goes tomorrow. */
    warnedAt: timestamp('warned_at', { withTimezone: true }),
  },
  (t) => [index('trash_items_user_tree_idx').on(t.userId, t.tree, t.id), index('trash_items_expiry_idx').on(t.expiresAt)],
);

/**
 * A long file operation run in the background: copy or move of files and folders between trees,
 * or a public dataset copied to a network disk. `status`: queued, running, done, failed, cancelled.
 * `failures` lists the items that failed with why; the rest completed.
 */
export const storageTasks = pgTable(
  'storage_tasks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    status: varchar('status', { length: 12 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    source: jsonb('source').notNull(),
    target: jsonb('target').notNull(),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    doneBytes: bigint('done_bytes', { mode: 'number' }).notNull().default(0),
    totalItems: integer('total_items').notNull().default(0),
    doneItems: integer('done_items').notNull().default(0),
    failures: jsonb('failures').notNull().default([]),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('storage_tasks_user_idx').on(t.userId, t.id), index('storage_tasks_status_idx').on(t.status)],
);

/**
 * A dataset: public (no owner, in the 公开数据 catalogue) or a user's own (我的数据). Its files live
 * read-only under `datasets/<id>/` of the data directory; `checksum` is the SHA-256 of its manifest
 * (each file's path, size and SHA-256). `status`: building, ready, failed.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id').references(() => users.id),
    name: varchar('name', { length: 64 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    description: text('description').notNull().default(''),
    licence: varchar('licence', { length: 60 }).notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
    checksum: varchar('checksum', { length: 64 }).notNull().default(''),
    status: varchar('status', { length: 12 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('datasets_owner_idx').on(t.ownerId, t.id)],
);

/** What an instance mounts: its region's network disk at /root/netdisk, datasets read-only at /root/public-data/<name>. */
export const instanceMounts = pgTable(
  'instance_mounts',
  {
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    mountPath: varchar('mount_path', { length: 255 }).notNull(),
    kind: varchar('kind', { length: 8 }).notNull(),
    /** The network disk's id or the dataset's id. */
    sourceId: integer('source_id').notNull(),
    readOnly: boolean('read_only').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.mountPath] })],
);

/** A download a user made (a file, or a folder as one zip), listed in 我的下载. */
export const downloadRecords = pgTable(
  'download_records',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tree: varchar('tree', { length: 80 }).notNull(),
    path: varchar('path', { length: 1024 }).notNull(),
    isDir: boolean('is_dir').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('download_records_user_idx').on(t.userId, t.id)],
);
