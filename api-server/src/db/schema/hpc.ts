import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt, money } from './columns.js';
import { hpcClusters } from './storage-products.js';

/**
 * A user's HPC account on one cluster (超算开通). `status`: HpcAccountStatus (1 审核中, 2 已开通, 3 已驳回,
 * 4 开通失败). Opening creates `unixName` on the cluster's login node with `home` and `scratch`.
 */
export const hpcAccounts = pgTable(
  'hpc_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => hpcClusters.id),
    status: smallint('status').notNull(),
    /** What the user wrote when applying (research area, expected use). */
    purpose: varchar('purpose', { length: 500 }).notNull().default(''),
    unixName: varchar('unix_name', { length: 32 }).notNull(),
    home: varchar('home', { length: 255 }).notNull().default(''),
    scratch: varchar('scratch', { length: 255 }).notNull().default(''),
    /** The operator's reason for a rejection, or why opening failed on the cluster. */
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    reviewerId: integer('reviewer_id'),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('hpc_accounts_user_cluster_idx').on(t.userId, t.clusterId),
    uniqueIndex('hpc_accounts_unix_name_idx').on(t.clusterId, t.unixName),
    index('hpc_accounts_review_idx').on(t.status, t.appliedAt),
  ],
);

/**
 * A partition users may submit to, with its price (site configuration; thousandths of a yuan per
 * core-hour and per GPU-hour) and the limits a job there is checked against before it reaches the
 * scheduler. The capacity shown on the pages comes live from the scheduler.
 */
export const hpcPartitions = pgTable(
  'hpc_partitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => hpcClusters.id),
    /** The scheduler's partition name. */
    name: varchar('name', { length: 64 }).notNull(),
    title: varchar('title', { length: 60 }).notNull(),
    description: varchar('description', { length: 300 }).notNull().default(''),
    coreHourPrice: money('core_hour_price').notNull(),
    gpuHourPrice: money('gpu_hour_price').notNull().default(0),
    maxNodes: integer('max_nodes').notNull().default(1),
    maxCpusPerJob: integer('max_cpus_per_job').notNull(),
    maxGpusPerJob: integer('max_gpus_per_job').notNull().default(0),
    maxMemoryMbPerJob: integer('max_memory_mb_per_job').notNull(),
    maxTimeMinutes: integer('max_time_minutes').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('hpc_partitions_cluster_name_idx').on(t.clusterId, t.name)],
);

/** A core-hour package on sale (超算资源包): `coreHours` usable on `clusterId` (every cluster when null) within `validDays`. */
export const hpcPackageProducts = pgTable('hpc_package_products', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  clusterId: integer('cluster_id').references(() => hpcClusters.id),
  name: varchar('name', { length: 60 }).notNull(),
  coreHours: integer('core_hours').notNull(),
  price: money('price').notNull(),
  validDays: integer('valid_days').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
});

/** A package a user bought: finished jobs draw core-seconds from it (earliest expiry first) before the balance. */
export const hpcPackages = pgTable(
  'hpc_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => hpcPackageProducts.id),
    clusterId: integer('cluster_id').references(() => hpcClusters.id),
    orderId: integer('order_id').notNull(),
    coreSeconds: bigint('core_seconds', { mode: 'number' }).notNull(),
    remainingCoreSeconds: bigint('remaining_core_seconds', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('hpc_packages_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * A batch job as the portal knows it. `state` is the scheduler's (PENDING, RUNNING, COMPLETED, FAILED,
 * CANCELLED, TIMEOUT, OUT_OF_MEMORY, NODE_FAIL) or the portal's HELD (kept back for the balance, not
 * yet sent). Usage and charge are filled once when the job ends; `chargedAt` makes the charge happen
 * exactly once.
 */
export const hpcJobs = pgTable(
  'hpc_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => hpcClusters.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => hpcAccounts.id),
    /** The scheduler's job id; null while HELD. */
    schedulerJobId: varchar('scheduler_job_id', { length: 32 }),
    name: varchar('name', { length: 64 }).notNull(),
    partition: varchar('partition', { length: 64 }).notNull(),
    nodes: integer('nodes').notNull(),
    tasks: integer('tasks').notNull(),
    cpusPerTask: integer('cpus_per_task').notNull(),
    gpus: integer('gpus').notNull().default(0),
    memoryMb: integer('memory_mb').notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    /** Folder of the user's HPC storage the job runs in, and its output file, both as the storage pages name them. */
    workDir: varchar('work_dir', { length: 1024 }).notNull(),
    outputPath: varchar('output_path', { length: 1024 }).notNull(),
    /** The user's script as they wrote it (the #SBATCH header is generated from the fields). */
    script: text('script').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    /** Why it waits (Resources, Priority, 余额不足) or why it ended. */
    reason: varchar('reason', { length: 300 }).notNull().default(''),
    exitCode: integer('exit_code'),
    /** The most the job can cost (cores and GPUs for its whole time limit), checked against the balance at submission. */
    estimatedAmount: money('estimated_amount').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    elapsedSeconds: integer('elapsed_seconds'),
    /** CPUs and GPUs the scheduler allocated. */
    allocCpus: integer('alloc_cpus'),
    allocGpus: integer('alloc_gpus'),
    coreSeconds: bigint('core_seconds', { mode: 'number' }),
    gpuSeconds: bigint('gpu_seconds', { mode: 'number' }),
    /** Core-seconds taken from packages, and the amount taken from the balance. */
    packageCoreSeconds: bigint('package_core_seconds', { mode: 'number' }),
    chargedAmount: money('charged_amount'),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('hpc_jobs_user_idx').on(t.userId, t.id),
    uniqueIndex('hpc_jobs_scheduler_idx').on(t.clusterId, t.schedulerJobId),
    index('hpc_jobs_active_idx')
      .on(t.clusterId)
      .where(sql`${t.chargedAt} is null`),
  ],
);

/**
 * The simulated scheduler's own queue (HPC_SCHEDULER=simulated): what Slurm's controller would hold,
 * kept in the database so jobs survive a restart. Only the simulated scheduler reads or writes it.
 */
export const hpcSimulatedJobs = pgTable(
  'hpc_simulated_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clusterId: integer('cluster_id').notNull(),
    userId: integer('user_id').notNull(),
    unixName: varchar('unix_name', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    partition: varchar('partition', { length: 64 }).notNull(),
    cpus: integer('cpus').notNull(),
    gpus: integer('gpus').notNull(),
    timeLimitSeconds: integer('time_limit_seconds').notNull(),
    /** How long the job would run (from its script); past the time limit it ends in TIMEOUT. */
    runSeconds: integer('run_seconds').notNull(),
    exitCode: integer('exit_code').notNull().default(0),
    workDir: varchar('work_dir', { length: 1024 }).notNull(),
    outputPath: varchar('output_path', { length: 1024 }).notNull(),
    script: text('script').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('hpc_simulated_jobs_cluster_idx').on(t.clusterId, t.state)],
);
