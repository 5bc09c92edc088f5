import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/index.js';
import { invalid, tooMany } from '../errors.js';
import { hashPassword, verifyPassword } from '../lib/index.js';
import { findUserByMobile, type UserRow } from './accounts.js';
import { revokeAllSessions, startSession } from './sessions.js';
import { consumeSmsCode } from './sms-codes.js';
import { toUserInfo } from './user-info.js';
import { noteUserChange } from './user-changes.js';

/** Where a sign-in comes from: its address counts against the limits, both are kept with the session. */
export interface SignInClient {
  ip: string;
  userAgent: string;
}

// Verified against when the mobile is unknown, so a wrong number costs as long as a wrong password.
const absentUserHash = hashPassword('absent-user-placeholder-1');

export async function signIn(app: FastifyInstance, client: SignInClient, user: UserRow) {
  const token = await startSession(app, user.id, client);
  return { token, userInfo: await toUserInfo(app.db, user, token) };
}

async function limitAttemptsPerIp(app: FastifyInstance, client: SignInClient) {
  if (!(await app.rateLimiter.hit(`login:ip:${client.ip}`, app.config.rateLimits.loginPerIp)))
    throw tooMany('登录尝试过于频繁，请稍后再试');
}

/**
 * Limits the guesser, not the owner. Every attempt counts against the caller's IP; a wrong password
 * counts against the mobile from that IP and, more loosely, from every IP. Neither stops a login by
 * SMS code, which proves the number is the caller's, so nobody can lock an owner out.
 */
async function limitPasswordLogin<T>(app: FastifyInstance, client: SignInClient, mobile: string, attempt: () => Promise<T>): Promise<T> {
  const limits = app.config.rateLimits;
  const failures = [
    { key: `login:password:${mobile}:${client.ip}`, rule: limits.loginPerMobileIp },
    { key: `login:password:${mobile}`, rule: limits.loginPerMobile },
  ];
  await limitAttemptsPerIp(app, client);
  for (const { key, rule } of failures) {
    if (await app.rateLimiter.exhausted(key, rule))
      throw tooMany(`密码错误次数过多，请${Math.ceil(rule.windowMs / 60_000)}分钟后再试，或使用验证码登录`);
  }
  try {
    return await attempt();
  } catch (error) {
    for (const { key, rule } of failures) await app.rateLimiter.hit(key, rule);
    throw error;
  }
}

export async function signInWithPassword(app: FastifyInstance, client: SignInClient, mobile: string, password: string) {
  const user = await limitPasswordLogin(app, client, mobile, async () => {
    const found = await findUserByMobile(app.db, mobile);
    const matches = await verifyPassword(found?.passwordHash ?? (await absentUserHash), password);
    if (!found || !matches) throw invalid('手机号或密码错误');
    return found;
  });
  return signIn(app, client, user);
}

export async function signInWithCode(app: FastifyInstance, client: SignInClient, mobile: string, code: string) {
  // Wrong codes are limited per code (smsCodeMaxAttempts).
  await limitAttemptsPerIp(app, client);
  await consumeSmsCode(app, mobile, 'login', code);
  const user = await findUserByMobile(app.db, mobile);
  if (!user) throw invalid('该手机号未注册');
  return signIn(app, client, user);
}

/** A password reset by SMS code signs the account out everywhere. */
export async function resetPasswordByCode(app: FastifyInstance, mobile: string, code: string, password: string) {
  await consumeSmsCode(app, mobile, 'reset', code);
  const user = await findUserByMobile(app.db, mobile);
  if (!user) throw invalid('该手机号未注册');
  const passwordHash = await hashPassword(password);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: app.clock.now() }).where(eq(users.id, user.id));
    noteUserChange(user.id, 'account');
    await revokeAllSessions(tx, user.id, app.clock.now());
  });
}
