import { eq } from 'drizzle-orm';
import { type Database, users } from '../db/index.js';
import { createAccount } from '../accounts/index.js';
import { hashPassword } from '../lib/index.js';

/** The demo operator, who reviews invoices, withdrawals and late payments; password as for the other demo accounts. */
export const demoOperatorMobile = '13800000004';

export async function seedOperator(db: Database, password: string): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, demoOperatorMobile));
  if (existing) return false;
  const account = await createAccount(db, { mobile: demoOperatorMobile, passwordHash: await hashPassword(password), nickname: '平台运营' });
  await db.update(users).set({ isOperator: true }).where(eq(users.id, account.id));
  return true;
}
