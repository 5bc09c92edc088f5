import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { smsCodes, users, type Executor } from '../db/index.js';
import { conflict, invalid, notFound, tooMany } from '../errors.js';
import { newSmsCode, sha256, type SmsPurpose } from '../lib/index.js';

const codeHash = (mobile: string, purpose: SmsPurpose, code: string) => sha256(`${mobile}:${purpose}:${code}`);

/** Who may receive a code of each purpose: new numbers for register/bind, known ones otherwise. */
async function checkRecipient(app: FastifyInstance, mobile: string, purpose: SmsPurpose) {
  const [existing] = await app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
  const wantsNewNumber = purpose === 'register' || purpose === 'bind';
  if (wantsNewNumber && existing) throw conflict('该手机号已注册');
  if (!wantsNewNumber && !existing) throw notFound('该手机号未注册');
}

/** Codes only the signed-in owner asks for, to their own bound mobile. */
const ownerPurposes: ReadonlySet<SmsPurpose> = new Set(['payee', 'withdraw']);
/** Says what a code of a money purpose allows, so that the owner knows what they would confirm. */
const purposeLines: Partial<Record<SmsPurpose, string>> = { payee: '您正在添加或修改提现收款账户，', withdraw: '您正在申请提现，' };

export async function sendSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose, ip: string) {
  const limits = app.config.rateLimits;
  if (!(await app.rateLimiter.hit(`send-code:ip:${ip}`, limits.sendCodePerIp))) throw tooMany('验证码发送过于频繁，请稍后再试');
  // The owner's own codes (signed in) count per purpose, so adding a card and then withdrawing need not wait a minute.
  const mobileKey = ownerPurposes.has(purpose) ? `send-code:mobile:${mobile}:${purpose}` : `send-code:mobile:${mobile}`;
  if (!(await app.rateLimiter.hit(mobileKey, limits.sendCodePerMobile))) {
    throw tooMany('验证码发送过于频繁，请60秒后再试');
  }
  await checkRecipient(app, mobile, purpose);
  const code = newSmsCode();
  const now = app.clock.now();
  await app.db.insert(smsCodes).values({
    mobile,
    purpose,
    codeHash: codeHash(mobile, purpose, code),
    expiresAt: new Date(now.getTime() + app.config.smsCodeTtlMs),
    createdAt: now,
  });
  const minutes = Math.round(app.config.smsCodeTtlMs / 60_000);
  await app.sms.send({
    mobile,
    code,
    type: purpose,
    text: `【算力云】${purposeLines[purpose] ?? ''}您的验证码为${code}，${minutes}分钟内有效，请勿泄露给他人。`,
    sentAt: now.toISOString(),
  });
}

/** A code that matched the newest live one of its number and purpose, not spent yet. */
export interface MatchedSmsCode {
  id: number;
}

/**
 * Checks a code against the newest live one for this number and purpose, counting wrong guesses
 * (committed at once, whatever the caller does next). Spending it is the caller's `spendSmsCode`,
 * so that a code is used up only together with what it allowed.
 */
export async function matchSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose, code: string): Promise<MatchedSmsCode> {
  const [latest] = await app.db
    .select()
    .from(smsCodes)
    .where(
      and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, app.clock.now())),
    )
    .orderBy(desc(smsCodes.id))
    .limit(1);
  if (!latest) throw invalid('验证码错误或已过期');
  if (latest.attempts >= app.config.smsCodeMaxAttempts) throw invalid('验证码错误次数过多，请重新获取');
  if (latest.codeHash !== codeHash(mobile, purpose, code)) {
    await app.db
      .update(smsCodes)
      .set({ attempts: sql`${smsCodes.attempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    throw invalid('验证码错误或已过期');
  }
  return { id: latest.id };
}

/** Uses a matched code up, exactly once however many requests race with it: the others are refused. */
export async function spendSmsCode(db: Executor, matched: MatchedSmsCode, at: Date) {
  const used = await db
    .update(smsCodes)
    .set({ usedAt: at })
    .where(and(eq(smsCodes.id, matched.id), isNull(smsCodes.usedAt), gt(smsCodes.expiresAt, at)))
    .returning({ id: smsCodes.id });
  if (used.length === 0) throw invalid('验证码错误或已过期');
}

/** Accepts the newest live code for this number and purpose exactly once; wrong guesses are counted. */
export async function consumeSmsCode(app: FastifyInstance, mobile: string, purpose: SmsPurpose, code: string) {
  await spendSmsCode(app.db, await matchSmsCode(app, mobile, purpose, code), app.clock.now());
}
