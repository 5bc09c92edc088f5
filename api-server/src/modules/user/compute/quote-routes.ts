import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { currentUser } from '../../../plugins/index.js';
import { quoteOperation } from '../../../compute/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { InstanceQuote, InstanceQuoteBody } from '@rc/api-contract/user/quote';

const tags = ['容器实例'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/quote',
    {
      schema: {
        tags,
        summary: '操作报价：扣费或退款的金额、新单价与确认后的余额',
        description:
          '转换计费、续费、升降配置、数据盘扩容、克隆前调用；确认操作时带上返回的 quoteToken，服务端按报价金额扣费，价格变化或报价过期则拒绝。',
        body: InstanceQuoteBody,
        response: { 200: Envelope(InstanceQuote) },
      },
    },
    async (request) => {
      const parts = { db: app.db, driver: app.compute.driver, quotes: app.quotes };
      return ok(await quoteOperation(parts, currentUser(request).id, request.body, app.clock.now()));
    },
  );
};

export default routes;
