import { bigint, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { instances } from './compute.js';
import { createdAt } from './columns.js';

/** A public key the user saved at /account/ssh: it logs into every instance of theirs through the SSH gateway. */
export const userSshKeys = pgTable(
  'user_ssh_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: varchar('name', { length: 40 }).notNull(),
    /** The key as OpenSSH writes it: `<type> <base64>` (the comment is kept in `name`). */
    publicKey: text('public_key').notNull(),
    /** SHA256:… as `ssh-keygen -lf` prints it. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_ssh_keys_fingerprint_idx').on(t.userId, t.fingerprint)],
);

/** One sample of a running instance's use, taken by the scheduler from the driver. */
export const instanceMetrics = pgTable(
  'instance_metrics',
  {
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Percent of one CPU (200 = two CPUs busy). */
    cpuPercent: real('cpu_percent').notNull(),
    memoryBytes: bigint('memory_bytes', { mode: 'number' }).notNull(),
    memoryLimitBytes: bigint('memory_limit_bytes', { mode: 'number' }).notNull(),
    /** Mean utilisation of the instance's GPUs; null when it holds none. */
    gpuPercent: real('gpu_percent'),
    gpuMemoryPercent: real('gpu_memory_percent'),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.at] }), index('instance_metrics_at_idx').on(t.at)],
);

/** A login through the SSH gateway or the web terminal, kept for the instance's owner. */
export const instanceLogins = pgTable(
  'instance_logins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    /** 'password', 'key' or 'web'. */
    method: varchar('method', { length: 8 }).notNull(),
    remoteAddress: varchar('remote_address', { length: 64 }).notNull(),
    keyId: integer('key_id'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('instance_logins_instance_idx').on(t.instanceId, t.createdAt)],
);

/** A web port the owner added to the instance's list (自定义服务): a name and the port a service inside listens on. */
export const instanceWebPorts = pgTable(
  'instance_web_ports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    name: varchar('name', { length: 20 }).notNull(),
    port: integer('port').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('instance_web_ports_port_idx').on(t.instanceId, t.port)],
);

/** A link that lets anyone with it into one web port of the instance until it expires or is revoked; only its hash is kept. */
export const instancePageShares = pgTable(
  'instance_page_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    port: integer('port').notNull(),
    /**
     * Who made the link: the owner, or the main account of a balance-sharing sub-account. The link lets people in only
     * while the instance's pages stay open to its maker. Null on links made before this was kept (the owner's).
     */
    createdBy: integer('created_by').references(() => users.id),
    /** SHA-256 of the link's secret, hex. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('instance_page_shares_secret_idx').on(t.secretHash),
    index('instance_page_shares_instance_idx').on(t.instanceId, t.id),
  ],
);
