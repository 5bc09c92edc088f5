import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { instancePageShares, instances, type Executor } from '../../db/index.js';
import { invalid, notFound } from '../../errors.js';
import { sha256 } from '../../lib/index.js';
import { instancePageOrigin, type InstancePageAddress } from './instance-page-origin.js';
import type { PageGrant } from './instance-page-passes.js';
import { liveInstanceOpenTo, pagesOpenTo } from './page-holders.js';
import { instanceWebPortList } from './web-ports.js';

/** The query parameter that carries a share link's secret to the instance's origin. */
export const shareParam = 'rc_share';
/** The lifetimes a share link may have: 1 小时, 1 天, 7 天. */
export const shareHours = [1, 24, 168] as const;

const secretShape = /^[A-Za-z0-9_-]{43}$/;
const open = (now: Date) => and(isNull(instancePageShares.revokedAt), gt(instancePageShares.expiresAt, now));

/**
 * A link that lets anyone into a listed port of the instance until it expires (multi-use); only its hash is kept. The
 * owner makes it, or the main account of a sub-account that shares its balance (`pagesOpenTo`): the link then lets
 * people in only while the sub-account keeps sharing.
 */
export async function createPageShare(app: FastifyInstance, userId: number, body: { id: number; port: number; hours: number }) {
  if (!(shareHours as readonly number[]).includes(body.hours)) throw invalid('分享有效期只能是 1 小时、1 天或 7 天');
  await liveInstanceOpenTo(app.db, userId, body.id);
  const listed = (await instanceWebPortList(app.db, body.id)).find((entry) => entry.port === body.port);
  if (!listed) throw invalid(`端口 ${body.port} 不在实例的网页端口列表中，请先添加`);
  const secret = randomBytes(32).toString('base64url');
  const now = app.clock.now();
  const [share] = await app.db
    .insert(instancePageShares)
    .values({
      instanceId: body.id,
      port: body.port,
      createdBy: userId,
      secretHash: sha256(secret),
      expiresAt: new Date(now.getTime() + body.hours * 3_600_000),
      createdAt: now,
    })
    .returning();
  const origin = instancePageOrigin(app.config.instancePagesOrigin, { instanceId: body.id, port: body.port });
  return { ...shareView(share!, listed.name), url: `${origin}/?${shareParam}=${secret}` };
}

function shareView(share: typeof instancePageShares.$inferSelect, name: string) {
  return { id: share.id, port: share.port, name, expiresAt: share.expiresAt.toISOString(), gmtCreate: share.createdAt.toISOString() };
}

/** The instance's share links that still let someone in, newest first, whoever of its holders made them. */
export async function listPageShares(app: FastifyInstance, userId: number, id: number) {
  await liveInstanceOpenTo(app.db, userId, id);
  const names = new Map((await instanceWebPortList(app.db, id)).map((entry) => [entry.port, entry.name]));
  const rows = await app.db
    .select()
    .from(instancePageShares)
    .where(and(eq(instancePageShares.instanceId, id), open(app.clock.now())))
    .orderBy(desc(instancePageShares.id));
  return rows.map((row) => shareView(row, names.get(row.port) ?? `端口 ${row.port}`));
}

/** Ends a share link of an instance whose pages are open to the user at once: the next request through it is refused. */
export async function revokePageShare(app: FastifyInstance, userId: number, shareId: number) {
  const [share] = await app.db
    .select({ id: instancePageShares.id, instanceId: instancePageShares.instanceId })
    .from(instancePageShares)
    .innerJoin(instances, eq(instances.id, instancePageShares.instanceId))
    .where(and(eq(instancePageShares.id, shareId), pagesOpenTo(app.db, userId), isNull(instancePageShares.revokedAt)));
  if (!share) throw notFound('分享链接不存在或已撤销');
  await app.db.update(instancePageShares).set({ revokedAt: app.clock.now() }).where(eq(instancePageShares.id, share.id));
  return { id: share.id };
}

/**
 * The grant a share link's secret stands for at this address while it is open; null for any other secret. It is its
 * maker's grant, so that each request is let in only while the instance's pages are open to the maker.
 */
export async function grantOfShare(db: Executor, secret: string, address: InstancePageAddress, now: Date): Promise<PageGrant | null> {
  if (!secretShape.test(secret)) return null;
  const [share] = await db
    .select({
      id: instancePageShares.id,
      instanceId: instancePageShares.instanceId,
      port: instancePageShares.port,
      userId: sql<number>`coalesce(${instancePageShares.createdBy}, ${instances.userId})`,
    })
    .from(instancePageShares)
    .innerJoin(instances, eq(instances.id, instancePageShares.instanceId))
    .where(and(eq(instancePageShares.secretHash, sha256(secret)), open(now)));
  if (!share || share.instanceId !== address.instanceId || share.port !== address.port) return null;
  return { userId: share.userId, instanceId: share.instanceId, port: share.port, shareId: share.id };
}

/** The share is neither revoked nor expired. */
export async function shareIsOpen(db: Executor, shareId: number, now: Date) {
  const [share] = await db
    .select({ id: instancePageShares.id })
    .from(instancePageShares)
    .where(and(eq(instancePageShares.id, shareId), open(now)));
  return share !== undefined;
}
