import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyScope } from '@rc/api-contract/user/api-key';
import { sessions, users, type Executor } from '../db/index.js';
import { loggedInElsewhere, unauthenticated } from '../errors.js';
import { newSessionToken, sha256 } from '../lib/index.js';
import type { SessionRecord, SessionSource } from './session-cache.js';
import { noteUserChange } from './user-changes.js';

export interface SessionUser {
  id: number;
  /** 0 when an API key stands for the user. */
  sessionId: number;
  userType: number;
  parentId: number | null;
  /** The user's row as read while authenticating this request. */
  account: typeof users.$inferSelect;
  /** Set when the request came with `Authorization: Bearer <API key>` instead of a session token. */
  apiKey?: { id: number; scopes: ApiKeyScope[] };
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export async function authenticateToken(app: FastifyInstance, token: unknown): Promise<SessionUser> {
  if (typeof token !== 'string' || !tokenShape.test(token)) throw unauthenticated();
  return liveSession(app, await app.sessionCache.get(sha256(token), sessionsIn(app.db)));
}

/** The session `sessionId` as a token would authenticate it, read from the database (a ticket stands for it). */
export async function authenticateSession(app: FastifyInstance, sessionId: number): Promise<SessionUser> {
  const [session] = await sessionRows(app.db).where(eq(sessions.id, sessionId)).limit(1);
  return liveSession(app, session);
}

function liveSession(app: FastifyInstance, session: SessionRecord | undefined): SessionUser {
  if (!session || session.revokedAt) throw unauthenticated();
  if (session.supersededAt) throw loggedInElsewhere();
  if (session.expiresAt <= app.clock.now()) throw unauthenticated('登录已过期，请重新登录');
  const { account } = session;
  return { id: account.id, sessionId: session.sessionId, userType: account.userType, parentId: account.parentId, account };
}

const sessionsIn = (db: Executor): SessionSource => ({
  async userIdOf(tokenHash) {
    const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row?.userId;
  },
  async sessionOf(tokenHash) {
    const [row] = await sessionRows(db).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return row;
  },
});

const sessionRows = (db: Executor) =>
  db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      supersededAt: sessions.supersededAt,
      account: users,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));

/** Opens a session for the user; any session they still had answers 304 from now on. */
export async function startSession(app: FastifyInstance, userId: number, client: { ip: string; userAgent: string }): Promise<string> {
  const token = newSessionToken();
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    // Serialises logins of one user, so two racing logins still leave one live session.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(sessions)
      .set({ supersededAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), isNull(sessions.supersededAt)));
    await tx.insert(sessions).values({
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + app.config.sessionTtlMs),
      ip: client.ip.slice(0, 64),
      userAgent: client.userAgent.slice(0, 300),
    });
  });
  noteUserChange(userId, 'session');
  return token;
}

export async function revokeSession(app: FastifyInstance, session: Pick<SessionUser, 'id' | 'sessionId'>) {
  await app.db.update(sessions).set({ revokedAt: app.clock.now() }).where(eq(sessions.id, session.sessionId));
  noteUserChange(session.id, 'session');
}

export async function revokeAllSessions(db: Executor, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  noteUserChange(userId, 'session');
}
