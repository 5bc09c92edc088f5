import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import { ByApp, ManagedAppCard, RejectBody, ReviewListBody } from '@rc/api-contract/application/app';
import { ok } from '../../envelope.js';
import { requireOperator } from '../../plugins/index.js';
import { pagedAnswer } from '../../lib/index.js';
import { approveApp, rejectApp, reviewCards } from '../../applications/index.js';

const tags = ['应用中心'];

/** Operators review submitted applications (the detail comes from `/api/app/view`, which shows operators any). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/app/review/list',
    {
      schema: {
        tags,
        summary: '运营：待审核的应用（默认审核中）',
        body: ReviewListBody,
        response: { 200: Envelope(Page(ManagedAppCard)) },
      },
    },
    async (request) => {
      requireOperator(request);
      return pagedAnswer(request.body, (window) => reviewCards(app.db, request.body.status, window));
    },
  );

  app.post(
    '/auth/app/review/approve',
    { schema: { tags, summary: '运营：审核通过并上架', body: ByApp, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const reviewer = requireOperator(request);
      await approveApp(app.db, reviewer, request.body.id, app.clock.now());
      return ok(null, '审核通过，应用已上架');
    },
  );

  app.post(
    '/auth/app/review/reject',
    { schema: { tags, summary: '运营：驳回（附原因，作者可见）', body: RejectBody, response: { 200: Envelope(Type.Null()) } } },
    async (request) => {
      const reviewer = requireOperator(request);
      await rejectApp(app.db, reviewer, request.body.id, request.body.reason, app.clock.now());
      return ok(null, '已驳回');
    },
  );
};

export default routes;
