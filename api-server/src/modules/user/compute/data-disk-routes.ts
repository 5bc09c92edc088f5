import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { expandDataDisk, instanceView, storageOverview } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { InstanceView } from '@rc/api-contract/user/compute';
import { DataDiskAdjustBody, StorageOverview } from '@rc/api-contract/user/data-disk';

const tags = ['数据盘'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/storage/adjust',
    { schema: { tags, summary: '数据盘扩容', body: DataDiskAdjustBody, response: { 200: Envelope(InstanceView) } } },
    async (request) => {
      const user = currentUser(request);
      const deps = { db: app.db, driver: app.compute.driver, quotes: app.quotes, log: app.log };
      const message = await expandDataDisk(deps, user.id, request.body, app.clock.now());
      return ok(await instanceView(app, user.id, request.body.id), message);
    },
  );

  app.get(
    '/auth/dashboard/storage',
    { schema: { tags, summary: '存储概览', response: { 200: Envelope(StorageOverview) } } },
    async (request) => ok(await storageOverview(app.db, currentUser(request).id)),
  );
};

export default routes;
