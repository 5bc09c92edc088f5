import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { deleteSavedKey, listSavedKeys, saveKey } from '../../../ssh-gateway/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { SshKeyAddBody, SshKeyDelBody, SshKeyList, SshKeyView } from '@rc/api-contract/user/ssh-key';

const tags = ['SSH公钥'];

/** The public keys a user saves at /account/ssh to log into their instances through the SSH gateway as `root.<实例ID>`. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ssh/key/list',
    { schema: { tags, summary: '我的SSH公钥', response: { 200: Envelope(SshKeyList) } } },
    async (request) => ok(await listSavedKeys(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/user/ssh/key/add',
    { schema: { tags, summary: '添加SSH公钥', body: SshKeyAddBody, response: { 200: Envelope(SshKeyView) } } },
    async (request) => ok(await saveKey(app.db, currentUser(request).id, request.body, app.clock.now()), '公钥已添加'),
  );

  app.post(
    '/auth/user/ssh/key/del',
    { schema: { tags, summary: '删除SSH公钥', body: SshKeyDelBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      await deleteSavedKey(app.db, currentUser(request).id, request.body.id);
      return ok(null, '公钥已删除');
    },
  );
};

export default routes;
