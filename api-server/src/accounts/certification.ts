import { and, eq, lt } from 'drizzle-orm';
import { users, type Executor } from '../db/index.js';
import { conflict, invalid } from '../errors.js';
import { isValidIdCard, maskIdCard, sha256 } from '../lib/index.js';
import { uniqueViolation } from './accounts.js';
import { loadUser, toUserInfo } from './user-info.js';
import { noteUserChange } from './user-changes.js';

/** Real-name certification (实名认证): one valid ID card number per account, and per person. */
export async function certify(db: Executor, userId: number, realName: string, idCardNumber: string, now: Date) {
  const idCard = idCardNumber.toUpperCase();
  if (!isValidIdCard(idCard)) throw invalid('身份证号校验失败，请核对后重新输入');
  try {
    const updated = await db
      .update(users)
      .set({
        idCardCheckStatus: 1,
        realName,
        idCardMasked: maskIdCard(idCard),
        idCardHash: sha256(`id-card:${idCard}`),
        updatedAt: now,
      })
      .where(and(eq(users.id, userId), lt(users.idCardCheckStatus, 1)))
      .returning({ id: users.id });
    if (updated.length === 0) throw conflict('您已完成实名认证');
    noteUserChange(userId, 'account');
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('该身份证号已被其他账户认证');
    throw error;
  }
  return toUserInfo(db, await loadUser(db, userId));
}

export async function cancelCertification(db: Executor, userId: number, now: Date) {
  const updated = await db
    .update(users)
    .set({ idCardCheckStatus: 0, realName: null, idCardMasked: null, idCardHash: null, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.idCardCheckStatus, 1)))
    .returning({ id: users.id });
  if (updated.length === 0) throw conflict('您尚未完成实名认证');
  noteUserChange(userId, 'account');
  return toUserInfo(db, await loadUser(db, userId));
}
