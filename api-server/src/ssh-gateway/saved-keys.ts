import { and, asc, eq } from 'drizzle-orm';
import { userSshKeys, users, type Database, type Executor } from '../db/index.js';
import { conflict, invalid, notFound } from '../errors.js';
import { readPublicKey } from './public-keys.js';

const maxKeys = 20;

function toView(row: typeof userSshKeys.$inferSelect) {
  return {
    id: row.id,
    name: row.name,
    type: row.publicKey.split(' ')[0]!,
    fingerprint: row.fingerprint,
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

export async function listSavedKeys(db: Executor, userId: number) {
  const rows = await db.select().from(userSshKeys).where(eq(userSshKeys.userId, userId)).orderBy(asc(userSshKeys.id));
  return { list: rows.map(toView), max: maxKeys };
}

/** Saves a readable public key under a name: no key twice, at most `maxKeys` a user. */
export async function saveKey(db: Database, userId: number, body: { name: string; publicKey: string }, now: Date) {
  const name = body.name.trim();
  if (!name) throw invalid('请填写公钥名称');
  const key = readPublicKey(body.publicKey);
  if ('refusal' in key) throw invalid(key.refusal);
  const row = await db.transaction(async (tx) => {
    // One add at a time per user, so the count and the duplicate check hold.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const saved = await tx.select().from(userSshKeys).where(eq(userSshKeys.userId, userId));
    const same = saved.find((other) => other.fingerprint === key.fingerprint);
    if (same) throw conflict(`该公钥已添加（名称「${same.name}」）`);
    if (saved.length >= maxKeys) throw conflict(`最多可添加 ${maxKeys} 个公钥，请先删除不用的公钥`);
    const [inserted] = await tx
      .insert(userSshKeys)
      .values({ userId, name, publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: now })
      .returning();
    return inserted!;
  });
  return toView(row);
}

export async function deleteSavedKey(db: Executor, userId: number, keyId: number) {
  const deleted = await db
    .delete(userSshKeys)
    .where(and(eq(userSshKeys.id, keyId), eq(userSshKeys.userId, userId)))
    .returning({ id: userSshKeys.id });
  if (deleted.length === 0) throw notFound('公钥不存在');
}
