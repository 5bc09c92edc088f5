import { bigint, index, integer, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { instances } from './compute.js';
import { createdAt } from './columns.js';

/**
 * Every state change of an instance (the user's operations, the scheduler's stops and releases, transitions
 * finishing), written in the transaction that made it: the instance's 状态记录.
 */
export const instanceEvents = pgTable(
  'instance_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => instances.id),
    kind: varchar('kind', { length: 24 }).notNull(),
    /** 'user' when the owner asked for it, 'system' when the platform did it. */
    actor: varchar('actor', { length: 8 }).notNull(),
    actorUserId: integer('actor_user_id'),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    note: text('note').notNull().default(''),
    /** The instance's last bill line when the change was made, which orders it among the charges of the same instant. */
    afterBillId: bigint('after_bill_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('instance_events_instance_idx').on(t.instanceId, t.createdAt)],
);
