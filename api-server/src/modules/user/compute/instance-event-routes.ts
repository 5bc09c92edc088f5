import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../../plugins/index.js';
import { instanceRecord } from '../../../compute/index.js';
import { pagedAnswer } from '../../../lib/index.js';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { InstanceEventsBody, InstanceRecord } from '@rc/api-contract/user/instance-events';

const tags = ['容器实例'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/instance/events',
    {
      schema: {
        tags,
        summary: '实例状态记录：每次状态变化（谁或什么引起）与其间的扣费、退款，新的在前；带 bill 时从该账单明细的时间往前列出',
        body: InstanceEventsBody,
        response: { 200: Envelope(Page(InstanceRecord)) },
      },
    },
    async (request) =>
      pagedAnswer(request.body, (window) => instanceRecord(app.db, currentUser(request).id, request.body.id, window, request.body.bill)),
  );
};

export default routes;
