import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AddSubUserBody } from '@rc/api-contract/user/sub-user';
import { users, type Database, type Executor } from '../db/index.js';
import { conflict, forbidden, notFound, tooMany } from '../errors.js';
import { hashPassword, maskMobile } from '../lib/index.js';
import { createAccount, uniqueViolation } from './accounts.js';
import type { SessionUser } from './sessions.js';
import { revokeAllSessions } from './sessions.js';
import { consumeSmsCode } from './sms-codes.js';
import { noteUserChange } from './user-changes.js';

/** Only a main account manages sub-accounts. */
function mainAccountOf(user: SessionUser): number {
  if (user.parentId !== null) throw forbidden('子账号无权管理子账号');
  return user.id;
}

const subUserColumns = {
  id: users.id,
  mobile: users.mobile,
  nickname: users.nickname,
  shareBalance: users.shareBalance,
  balance: users.balance,
  gmtCreate: users.createdAt,
};

async function ownedSubUser(db: Executor, mainId: number, subUserId: number) {
  const [sub] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, subUserId), eq(users.parentId, mainId)));
  if (!sub) throw notFound('子账号不存在');
  return sub.id;
}

export async function listSubAccounts(db: Executor, owner: SessionUser, window: { limit: number; offset: number }) {
  const mainId = mainAccountOf(owner);
  const rows = await db
    .select(subUserColumns)
    .from(users)
    .where(eq(users.parentId, mainId))
    .orderBy(desc(users.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db.select({ n: count() }).from(users).where(eq(users.parentId, mainId));
  return { list: rows.map((row) => ({ ...row, mobile: maskMobile(row.mobile) })), total: total?.n ?? 0 };
}

/** Within the per-account rate and count limits; the sub-account's mobile is confirmed by a bind code. */
export async function addSubAccount(app: FastifyInstance, owner: SessionUser, body: AddSubUserBody) {
  const mainId = mainAccountOf(owner);
  if (!(await app.rateLimiter.hit(`add-sub-user:${mainId}`, app.config.rateLimits.addSubUserPerAccount)))
    throw tooMany('添加子账号过于频繁，请稍后再试');
  const [existing] = await app.db.select({ n: count() }).from(users).where(eq(users.parentId, mainId));
  if ((existing?.n ?? 0) >= app.config.maxSubAccounts) throw conflict(`子账号数量已达上限（${app.config.maxSubAccounts}个）`);
  const { mobile, code, password, nickname } = body;
  // Only the number's holder can confirm it; a bind code is sent to unregistered numbers only.
  await consumeSmsCode(app, mobile, 'bind', code);
  const sub = await createAccount(app.db, { mobile, nickname, passwordHash: await hashPassword(password), parentId: mainId });
  return { id: sub.id, mobile: maskMobile(sub.mobile), nickname: sub.nickname, shareBalance: sub.shareBalance };
}

export async function shareBalanceWithSubAccount(db: Executor, owner: SessionUser, subUserId: number, shareBalance: boolean, now: Date) {
  const mainId = mainAccountOf(owner);
  const subId = await ownedSubUser(db, mainId, subUserId);
  await db.update(users).set({ shareBalance, updatedAt: now }).where(eq(users.id, subId));
  noteUserChange(subId, 'account');
  return { id: subId, shareBalance };
}

/** The new mobile is confirmed by a bind code and must not belong to another account. */
export async function changeSubAccountMobile(
  app: FastifyInstance,
  owner: SessionUser,
  body: { subUserId: number; mobile: string; code: string },
) {
  const mainId = mainAccountOf(owner);
  const subId = await ownedSubUser(app.db, mainId, body.subUserId);
  await consumeSmsCode(app, body.mobile, 'bind', body.code);
  try {
    await app.db.update(users).set({ mobile: body.mobile, updatedAt: app.clock.now() }).where(eq(users.id, subId));
    noteUserChange(subId, 'account');
  } catch (error) {
    if (uniqueViolation(error)) throw conflict('该手机号已注册');
    throw error;
  }
  return { id: subId, mobile: maskMobile(body.mobile) };
}

/** A new password signs the sub-account out everywhere. */
export async function resetSubAccountPassword(db: Database, owner: SessionUser, subUserId: number, password: string, now: Date) {
  const mainId = mainAccountOf(owner);
  const subId = await ownedSubUser(db, mainId, subUserId);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, subId));
    noteUserChange(subId, 'account');
    await revokeAllSessions(tx, subId, now);
  });
}
