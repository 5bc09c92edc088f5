import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, money } from './columns.js';

export const regions = pgTable('regions', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A GPU model and its prices per card: pay-as-you-go per hour, and day/week/month packages. */
export const gpuModels = pgTable('gpu_models', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: varchar('name', { length: 40 }).notNull(),
  memoryGb: integer('memory_gb').notNull(),
  hourPrice: money('hour_price').notNull(),
  dayPrice: money('day_price').notNull(),
  weekPrice: money('week_price').notNull(),
  monthPrice: money('month_price').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** A GPU host. `gpuFree` is decremented by a conditional update, so two orders cannot take one card. */
export const computeNodes = pgTable(
  'compute_nodes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    regionCode: varchar('region_code', { length: 32 })
      .notNull()
      .references(() => regions.code),
    name: varchar('name', { length: 40 }).notNull(),
    gpuModelId: integer('gpu_model_id')
      .notNull()
      .references(() => gpuModels.id),
    gpuTotal: integer('gpu_total').notNull(),
    gpuFree: integer('gpu_free').notNull(),
    cpuPerGpu: integer('cpu_per_gpu').notNull(),
    memoryPerGpuGb: integer('memory_per_gpu_gb').notNull(),
    systemDiskGb: integer('system_disk_gb').notNull().default(30),
    dataDiskMaxGb: integer('data_disk_max_gb').notNull().default(2000),
    cudaVersion: varchar('cuda_version', { length: 16 }).notNull(),
    sshHost: varchar('ssh_host', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    check('compute_nodes_gpu_free_range', sql`${t.gpuFree} >= 0 and ${t.gpuFree} <= ${t.gpuTotal}`),
    index('compute_nodes_region_idx').on(t.regionCode, t.gpuModelId),
  ],
);

export const images = pgTable(
  'images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** null for a system image. */
    userId: integer('user_id').references(() => users.id),
    name: varchar('name', { length: 60 }).notNull(),
    framework: varchar('framework', { length: 40 }).notNull(),
    frameworkVersion: varchar('framework_version', { length: 20 }).notNull(),
    python: varchar('python', { length: 10 }).notNull(),
    cuda: varchar('cuda', { length: 10 }).notNull(),
    os: varchar('os', { length: 30 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** 1 ready, 0 being saved. */
    status: smallint('status').notNull().default(1),
    sourceInstanceId: integer('source_instance_id'),
    baseImageId: integer('base_image_id'),
    /** The container image a real driver runs (`localhost/suanli/base:bookworm`, `localhost/suanli/private-<id>`); null where none was built. */
    runtimeRef: varchar('runtime_ref', { length: 200 }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('images_user_idx').on(t.userId, t.id)],
);

export const imageRepositories = pgTable('image_repositories', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  namespace: varchar('namespace', { length: 40 }).notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A rented container. `status` follows OpsInstanceEnum; a pending driver operation is
 * `nextStatus` due at `transitionAt`. Pay-as-you-go running time is metered from `meteredUntil`
 * at `dayRate` (thousandths per day), the sub-unit remainder kept in `meterCarry`.
 */
export const instances = pgTable(
  'instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    nodeId: integer('node_id')
      .notNull()
      .references(() => computeNodes.id),
    regionCode: varchar('region_code', { length: 32 }).notNull(),
    gpuModelId: integer('gpu_model_id').notNull(),
    gpuCount: integer('gpu_count').notNull(),
    gpuHeld: integer('gpu_held').notNull().default(0),
    noGpu: boolean('no_gpu').notNull().default(false),
    status: smallint('status').notNull(),
    nextStatus: smallint('next_status'),
    transitionAt: timestamp('transition_at', { withTimezone: true }),
    billingType: smallint('billing_type').notNull(),
    packageExpiresAt: timestamp('package_expires_at', { withTimezone: true }),
    imageId: integer('image_id').notNull(),
    imageName: varchar('image_name', { length: 60 }).notNull(),
    dataDiskExtraGb: integer('data_disk_extra_gb').notNull().default(0),
    /** An expansion the driver could not apply online waits for the next start (which clears this). */
    dataDiskGrowsAtStart: boolean('data_disk_grows_at_start').notNull().default(false),
    dayRate: money('day_rate').notNull().default(0),
    meteredUntil: timestamp('metered_until', { withTimezone: true }),
    meterCarry: bigint('meter_carry', { mode: 'number' }).notNull().default(0),
    sshHost: varchar('ssh_host', { length: 100 }).notNull(),
    sshPort: integer('ssh_port').notNull(),
    sshPassword: varchar('ssh_password', { length: 32 }).notNull(),
    jupyterToken: varchar('jupyter_token', { length: 48 }).notNull(),
    /** The node's GPU indices this instance holds (as many as gpuHeld), chosen by the pool; a driver passes them as devices. */
    gpuIndices: integer('gpu_indices')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The instance whose data disk this one's was copied from (克隆). */
    clonedFromId: integer('cloned_from_id'),
    /** Why the instance last stopped without being asked (the container exited, was killed for memory, …). */
    stopReason: varchar('stop_reason', { length: 200 }),
    /** Waiting for a GPU to start: the start begins as soon as the node has `gpuCount` free, in this order. */
    gpuWaitSince: timestamp('gpu_wait_since', { withTimezone: true }),
    /** 闲置自动关机: stop after GPU utilisation stays below `idleStopPercent` for `idleStopMinutes` (null: off). */
    idleStopMinutes: integer('idle_stop_minutes'),
    idleStopPercent: smallint('idle_stop_percent').notNull().default(5),
    /** A stop the user scheduled (定时关机). */
    stopAt: timestamp('stop_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    releaseWarnedAt: timestamp('release_warned_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('instances_user_idx').on(t.userId, t.id),
    index('instances_user_status_idx').on(t.userId, t.status),
    // The SSH gateway finds the instance a password belongs to.
    index('instances_ssh_password_idx')
      .on(t.sshPassword)
      .where(sql`${t.status} <> 6`),
    index('instances_gpu_wait_idx')
      .on(t.nodeId, t.gpuWaitSince)
      .where(sql`${t.gpuWaitSince} is not null`),
    // Keyed by id, not by the meter columns, so the per-minute settlement can update rows in place (HOT).
    index('instances_running_payg_idx')
      .on(t.id)
      .where(sql`${t.status} = 2 and ${t.billingType} = 1`),
    index('instances_transition_idx')
      .on(t.transitionAt)
      .where(sql`${t.transitionAt} is not null`),
    index('instances_stop_at_idx')
      .on(t.stopAt)
      .where(sql`${t.stopAt} is not null`),
    index('instances_stopped_idx')
      .on(t.stoppedAt)
      .where(sql`${t.status} = 4`),
    index('instances_package_idx')
      .on(t.packageExpiresAt)
      .where(sql`${t.billingType} <> 1 and ${t.status} <> 6`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    instanceId: integer('instance_id'),
    /** OrderTypeEnum */
    orderType: smallint('order_type').notNull(),
    billingType: smallint('billing_type').notNull(),
    /** OrderStatusEnum */
    status: smallint('status').notNull(),
    amount: money('amount').notNull(),
    detail: jsonb('detail').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('orders_user_idx').on(t.userId, t.id), index('orders_user_time_idx').on(t.userId, t.createdAt, t.id)],
);

/** The price quotes already confirmed: a quote confirms one operation, so a second payment with it finds its row and is refused. */
export const usedQuotes = pgTable('used_quotes', {
  /** The quote's signature, unique to it. */
  quoteId: varchar('quote_id', { length: 64 }).primaryKey(),
  userId: integer('user_id').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

/**
 * One charge (or refund) and what it was for, linked to its ledger entry. Written only in the
 * transaction that writes that entry; no foreign keys, which would cost a lookup per line in the
 * per-minute settlement of every running instance.
 */
export const bills = pgTable(
  'bills',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull(),
    instanceId: integer('instance_id'),
    orderId: integer('order_id'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** What was billed: 'gpu' instances (and their data disks); 'storage' and 'hpc' once those are charged. */
    product: varchar('product', { length: 16 }).notNull().default('gpu'),
    amount: money('amount').notNull(),
    seconds: integer('seconds').notNull().default(0),
    dayRate: money('day_rate').notNull().default(0),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('bills_user_idx').on(t.userId, t.id),
    index('bills_instance_idx').on(t.instanceId),
    index('bills_ledger_entry_idx').on(t.ledgerEntryId),
    // The bill list and export: one user's lines newest first, read backwards (ORDER BY … DESC is NULLS FIRST, as a backward scan is).
    index('bills_user_time_idx').on(t.userId, t.createdAt, t.id),
  ],
);

/**
 * Bill lines summed by user, product, Beijing day, instance (0 for none) and kind: statements, daily
 * spend, resource spend and the totals of a whole-day filter read these few rows instead of millions of
 * lines. Kept by a statement trigger on `bills` (migrations-extra/orders-bills.sql), so every way of
 * writing a line (a charge, a metering batch) adds to it in the same transaction.
 */
export const billDays = pgTable(
  'bill_days',
  {
    userId: integer('user_id').notNull(),
    product: varchar('product', { length: 16 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    instanceId: integer('instance_id').notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    lines: bigint('lines', { mode: 'number' }).notNull(),
    charged: money('charged').notNull(),
    refunded: money('refunded').notNull(),
    usageSeconds: bigint('usage_seconds', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.product, t.day, t.instanceId, t.kind] }), index('bill_days_instance_idx').on(t.instanceId)],
);

/** Accounts told their balance will not last an hour of their running instances; cleared once it does again. */
export const balanceAlerts = pgTable('balance_alerts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  warnedAt: timestamp('warned_at', { withTimezone: true }).notNull(),
});

/**
 * The last reading of each instance's disks, taken by the metrics pass at most every few minutes through the driver
 * (the console shows it instead of asking the engine on every list). A null figure could not be read.
 */
export const instanceDisks = pgTable('instance_disks', {
  instanceId: integer('instance_id')
    .primaryKey()
    .references(() => instances.id),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  /** Bytes the instance wrote over its image; the limit where the storage enforces one. */
  systemUsedBytes: bigint('system_used_bytes', { mode: 'number' }),
  systemLimitBytes: bigint('system_limit_bytes', { mode: 'number' }),
  /** False for a data volume made before disks had sizes: it has no limit. */
  dataLimited: boolean('data_limited').notNull(),
  dataUsedBytes: bigint('data_used_bytes', { mode: 'number' }),
  dataSizeBytes: bigint('data_size_bytes', { mode: 'number' }),
  /** The network disk mounted in the instance, as the portal counts it, against its quota. */
  netDiskUsedBytes: bigint('net_disk_used_bytes', { mode: 'number' }),
  netDiskQuotaBytes: bigint('net_disk_quota_bytes', { mode: 'number' }),
  /** When the owner was told the data disk passed 90%; cleared once a reading is below again. */
  dataAlertedAt: timestamp('data_alerted_at', { withTimezone: true }),
});
