import { eq } from 'drizzle-orm';
import { users, type Executor } from '../db/index.js';
import { conflict } from '../errors.js';
import { newReferralCode } from '../lib/index.js';

export type UserRow = typeof users.$inferSelect;

export interface NewAccount {
  mobile: string;
  passwordHash: string;
  nickname?: string;
  userType?: number;
  isTeacher?: boolean;
  parentId?: number;
  referredBy?: number;
}

export const uniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' || (error as { code?: string }).code === '23505';

export async function findUserByMobile(db: Executor, mobile: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return user;
}

export async function createAccount(db: Executor, account: NewAccount): Promise<UserRow> {
  try {
    const [user] = await db
      .insert(users)
      .values({ ...account, nickname: account.nickname ?? `用户${account.mobile.slice(7)}`, referralCode: newReferralCode() })
      .returning();
    return user!;
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('该手机号已注册');
    throw error;
  }
}

export async function isShopNameTaken(db: Executor, shopName: string) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.shopName, shopName.trim()));
  return Boolean(taken);
}
