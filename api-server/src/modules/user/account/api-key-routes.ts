import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { createApiKey, listApiKeys, revokeApiKey, whoami } from '../../../accounts/index.js';
import { currentUser } from '../../../plugins/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { ApiKeyCreateBody, ApiKeyCreated, ApiKeyList, ApiKeyRevokeBody, ApiKeyView, ApiKeyWhoami } from '@rc/api-contract/user/api-key';

const tags = ['API密钥'];

/** 「API 密钥」 at /account/apiKey: keys for `Authorization: Bearer`; a session manages them, a key never does;
 * any key may ask whoami. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/apikey/list',
    { schema: { tags, summary: '我的API密钥', response: { 200: Envelope(ApiKeyList) } } },
    async (request) => ok(await listApiKeys(app.db, currentUser(request).id, app.clock.now())),
  );

  app.post(
    '/auth/user/apikey/create',
    {
      schema: { tags, summary: '创建API密钥（完整密钥只在此次返回）', body: ApiKeyCreateBody, response: { 200: Envelope(ApiKeyCreated) } },
    },
    async (request) => ok(await createApiKey(app.db, currentUser(request).id, request.body, app.clock.now()), 'API 密钥已创建'),
  );

  app.post(
    '/auth/user/apikey/revoke',
    { schema: { tags, summary: '吊销API密钥', body: ApiKeyRevokeBody, response: { 200: Envelope(ApiKeyView) } } },
    async (request) => ok(await revokeApiKey(app.db, currentUser(request).id, request.body.id, app.clock.now()), 'API 密钥已吊销'),
  );

  app.post(
    '/auth/user/apikey/whoami',
    { schema: { tags, summary: '当前调用者（任何密钥都可调用，用于检查密钥）', response: { 200: Envelope(ApiKeyWhoami) } } },
    async (request) => ok(await whoami(app.db, currentUser(request), app.clock.now())),
  );
};

export default routes;
