import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../../envelope.js';
import { conflict, invalid } from '../../../errors.js';
import { currentUser } from '../../../plugins/index.js';
import { balanceThresholdOf, setBalanceThreshold } from '../../../billing/index.js';
import { Envelope } from '@rc/api-contract/envelope';
import { BalanceThreshold, BalanceThresholdBody } from '@rc/api-contract/user/income';

const tags = ['个人中心'];

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/user/ext/balance/threshold/view',
    { schema: { tags, summary: '余额预警值', response: { 200: Envelope(BalanceThreshold) } } },
    async (request) => ok(await balanceThresholdOf(app.db, currentUser(request).id)),
  );

  app.post(
    '/auth/user/ext/balance/threshold/save',
    {
      schema: {
        tags,
        summary: '设置余额预警值（余额低于它时发站内消息和短信，每次跌破提醒一次）',
        body: BalanceThresholdBody,
        response: { 200: Envelope(BalanceThreshold) },
      },
    },
    async (request) => {
      const { id, account } = currentUser(request);
      if (account.parentId !== null && account.shareBalance) throw conflict('共享主账号余额的子账号，余额预警由主账号设置');
      const { threshold } = request.body;
      if (threshold !== null && threshold % 10 !== 0) throw invalid('预警值须精确到分');
      await setBalanceThreshold(app.db, id, threshold);
      return ok(await balanceThresholdOf(app.db, id), threshold === null ? '已关闭余额预警' : '余额预警值已保存');
    },
  );
};

export default routes;
