import { and, asc, count, eq, gt, isNull, or } from 'drizzle-orm';
import type { ApiKeyCreateBody, ApiKeyExpiry, ApiKeyScope, ApiKeyState, ApiKeyView } from '@rc/api-contract/user/api-key';
import type { Clock } from '../clock.js';
import type { RateLimitRule } from '../config.js';
import { apiKeys, users, type Database, type Executor } from '../db/index.js';
import { conflict, invalid, notFound, tooMany, unauthenticated } from '../errors.js';
import { newSessionToken, sha256, type RateLimiter } from '../lib/index.js';
import type { SessionUser } from './sessions.js';

/** Live keys (neither revoked nor expired) a user may hold at once. */
const maxLiveApiKeys = 20;

export const apiKeyScopeNames: Record<ApiKeyScope, string> = { read: '只读', instance: '实例', storage: '存储', billing: '费用' };

const day = 24 * 60 * 60_000;
const lifetimes: Record<ApiKeyExpiry, number | null> = { '30d': 30 * day, '90d': 90 * day, '1y': 365 * day, never: null };

/** Last use is written at most this often a key: a busy script costs one write a minute, not one a call. */
const lastUsedEveryMs = 60_000;

const keyShape = /^sl-[A-Za-z0-9_-]{43}$/;

type ApiKeyRow = typeof apiKeys.$inferSelect;

function stateOf(row: ApiKeyRow, now: Date): ApiKeyState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toView(row: ApiKeyRow, now: Date): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    lastFour: row.lastFour,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  };
}

export async function listApiKeys(db: Executor, userId: number, now: Date) {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(asc(apiKeys.id));
  return { list: rows.map((row) => toView(row, now)), max: maxLiveApiKeys };
}

/** Makes a key; the answer is the only place its text ever appears, the database keeps its SHA-256. */
export async function createApiKey(db: Database, userId: number, body: ApiKeyCreateBody, now: Date) {
  const name = body.name.trim();
  if (!name) throw invalid('请填写密钥名称');
  const key = `sl-${newSessionToken()}`;
  const lifetime = lifetimes[body.expiry];
  const row = await db.transaction(async (tx) => {
    // One create at a time per user, so the count of live keys holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))));
    if (live!.n >= maxLiveApiKeys) throw conflict(`每个账号最多同时有 ${maxLiveApiKeys} 个有效的 API 密钥，请先吊销不用的密钥`);
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId,
        name,
        keyHash: sha256(key),
        lastFour: key.slice(-4),
        scopes: [...new Set(body.scopes)],
        createdAt: now,
        expiresAt: lifetime === null ? null : new Date(now.getTime() + lifetime),
      })
      .returning();
    return inserted!;
  });
  return { key, view: toView(row, now) };
}

export async function revokeApiKey(db: Executor, userId: number, keyId: number, now: Date) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (!row) {
    const [existing] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
    if (!existing) throw notFound('API 密钥不存在');
    return toView(existing, now);
  }
  return toView(row, now);
}

/** The caller's account, and the key it called with (null for a session). */
export async function whoami(db: Executor, user: SessionUser, now: Date) {
  const [key] = user.apiKey ? await db.select().from(apiKeys).where(eq(apiKeys.id, user.apiKey.id)) : [];
  return { userId: user.id, nickname: user.account.nickname, parentId: user.parentId, key: key ? toView(key, now) : null };
}

export interface ApiKeyParts {
  db: Executor;
  clock: Clock;
  rateLimiter: RateLimiter;
  rule: RateLimitRule;
}

/**
 * The user a `Bearer` key stands for, with the key's scopes; counts the call against the key's own rate limit. Read
 * from the database on every call (no cache), so a revoke holds from the next call on.
 */
export async function authenticateApiKey(parts: ApiKeyParts, key: string, ip: string): Promise<SessionUser> {
  if (!keyShape.test(key)) throw unauthenticated('API 密钥格式不正确，应为 sl- 开头的完整密钥');
  const keyHash = sha256(key);
  if (!(await parts.rateLimiter.hit(`api-key:${keyHash}`, parts.rule))) throw tooMany('此 API 密钥调用过于频繁，请稍后再试');
  const [found] = await parts.db
    .select({ key: apiKeys, account: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  if (!found) throw unauthenticated('API 密钥无效，请检查密钥是否完整');
  const now = parts.clock.now();
  const state = stateOf(found.key, now);
  if (state === 'revoked') throw unauthenticated('API 密钥已被吊销，请在「API 密钥」页面创建新的密钥');
  if (state === 'expired') throw unauthenticated('API 密钥已过期，请在「API 密钥」页面创建新的密钥');
  const { lastUsedAt } = found.key;
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= lastUsedEveryMs) {
    await parts.db
      .update(apiKeys)
      .set({ lastUsedAt: now, lastUsedIp: ip.slice(0, 64) })
      .where(eq(apiKeys.id, found.key.id));
  }
  const { account } = found;
  return {
    id: account.id,
    sessionId: 0,
    userType: account.userType,
    parentId: account.parentId,
    account,
    apiKey: { id: found.key.id, scopes: found.key.scopes as ApiKeyScope[] },
  };
}
