import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { and, asc, eq } from 'drizzle-orm';
import { userSshKeys, users } from '../../../db/schema.js';
import { ok } from '../../../envelope.js';
import { conflict, invalid, notFound } from '../../../errors.js';
import { currentUser } from '../../../plugins/app/authentication.js';
import { readPublicKey } from '../../../ssh-gateway/public-keys.js';
import { Envelope } from '@rc/api-contract/envelope';
import { SshKeyAddBody, SshKeyDelBody, SshKeyList, SshKeyView } from '@rc/api-contract/user/ssh-key';

const tags = ['SSH公钥'];
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

/** The public keys a user saves at /account/ssh to log into their instances through the SSH gateway as `root.<实例ID>`. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ssh/key/list',
    { schema: { tags, summary: '我的SSH公钥', response: { 200: Envelope(SshKeyList) } } },
    async (request) => {
      const user = currentUser(request);
      const rows = await app.db.select().from(userSshKeys).where(eq(userSshKeys.userId, user.id)).orderBy(asc(userSshKeys.id));
      return ok({ list: rows.map(toView), max: maxKeys });
    },
  );

  app.post(
    '/auth/user/ssh/key/add',
    { schema: { tags, summary: '添加SSH公钥', body: SshKeyAddBody, response: { 200: Envelope(SshKeyView) } } },
    async (request) => {
      const user = currentUser(request);
      const name = request.body.name.trim();
      if (!name) throw invalid('请填写公钥名称');
      const key = readPublicKey(request.body.publicKey);
      if ('refusal' in key) throw invalid(key.refusal);
      const row = await app.db.transaction(async (tx) => {
        // One add at a time per user, so the count and the duplicate check hold.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const saved = await tx.select().from(userSshKeys).where(eq(userSshKeys.userId, user.id));
        const same = saved.find((other) => other.fingerprint === key.fingerprint);
        if (same) throw conflict(`该公钥已添加（名称「${same.name}」）`);
        if (saved.length >= maxKeys) throw conflict(`最多可添加 ${maxKeys} 个公钥，请先删除不用的公钥`);
        const [inserted] = await tx
          .insert(userSshKeys)
          .values({ userId: user.id, name, publicKey: key.publicKey, fingerprint: key.fingerprint, createdAt: app.clock.now() })
          .returning();
        return inserted!;
      });
      return ok(toView(row), '公钥已添加');
    },
  );

  app.post(
    '/auth/user/ssh/key/del',
    { schema: { tags, summary: '删除SSH公钥', body: SshKeyDelBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const user = currentUser(request);
      const deleted = await app.db
        .delete(userSshKeys)
        .where(and(eq(userSshKeys.id, request.body.id), eq(userSshKeys.userId, user.id)))
        .returning({ id: userSshKeys.id });
      if (deleted.length === 0) throw notFound('公钥不存在');
      return ok(null, '公钥已删除');
    },
  );
};

export default routes;
