import { and, desc, eq } from 'drizzle-orm';
import { bills, ledgerEntries, messages } from '../db/schema.js';
import type { Executor } from '../db/open-database.js';
import { applyLedgerEntry } from '../modules/user/ledger.js';

export interface Charge {
  userId: number;
  /** Thousandths of a yuan; positive takes from the balance, negative gives back. */
  amount: number;
  kind: 'usage' | 'package' | 'renew' | 'disk' | 'refund';
  note: string;
  now: Date;
  instanceId?: number;
  orderId?: number;
  seconds?: number;
  dayRate?: number;
  periodStart?: Date;
  periodEnd?: Date;
}

/** Moves the balance through the ledger and writes the bill line that explains it. Refuses to overdraw. */
export async function charge(tx: Executor, c: Charge) {
  if (c.amount === 0) return;
  await applyLedgerEntry(tx, c.userId, -c.amount, c.amount > 0 ? 'charge' : 'refund', c.note.slice(0, 200));
  const [entry] = await tx
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, c.userId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  await tx.insert(bills).values({
    userId: c.userId,
    instanceId: c.instanceId,
    orderId: c.orderId,
    ledgerEntryId: entry!.id,
    kind: c.kind,
    amount: c.amount,
    seconds: c.seconds ?? 0,
    dayRate: c.dayRate ?? 0,
    periodStart: c.periodStart,
    periodEnd: c.periodEnd,
    note: c.note,
    createdAt: c.now,
  });
}

export async function notify(tx: Executor, userId: number, title: string, content: string, now: Date) {
  await tx.insert(messages).values({ userId, title, content, createdAt: now });
}
