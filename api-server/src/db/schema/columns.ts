import { timestamp, bigint } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => bigint(name, { mode: 'number' });
