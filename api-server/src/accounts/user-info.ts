import { eq } from 'drizzle-orm';
import { users, type Executor } from '../db/index.js';
import { unauthenticated } from '../errors.js';
import { maskMobile } from '../lib/index.js';
import type { UserRow } from './accounts.js';
import type { UserInfo } from '@rc/api-contract/user/profile';

/** The balance a user spends from: their main account's when it shares its balance with them. */
export async function spendableBalance(db: Executor, user: Pick<UserRow, 'balance' | 'parentId' | 'shareBalance'>) {
  if (!user.parentId || !user.shareBalance) return user.balance;
  const [parent] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, user.parentId));
  return parent?.balance ?? 0;
}

export async function loadUser(db: Executor, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw unauthenticated();
  return user;
}

export async function toUserInfo(db: Executor, user: UserRow, token?: string): Promise<UserInfo> {
  return {
    id: user.id,
    nickname: user.nickname,
    mobile: maskMobile(user.mobile),
    headImgUrl: user.headImgUrl,
    userType: user.userType,
    isTeacher: user.isTeacher,
    isGradeAdmin: user.isGradeAdmin,
    isOperator: user.isOperator,
    expireTime: user.expireTime?.toISOString() ?? null,
    idCardCheckStatus: user.idCardCheckStatus,
    realName: user.realName,
    idCard: user.idCardMasked,
    videoPermission: user.videoPermission,
    nowMoney: await spendableBalance(db, user),
    zhisuanStatus: user.zhisuanStatus,
    chaosuanStatus: user.chaosuanStatus,
    parentId: user.parentId,
    shareBalance: user.shareBalance,
    referralCode: user.referralCode,
    ...(token ? { token } : {}),
  };
}
