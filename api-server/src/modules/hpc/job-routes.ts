import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Page } from '@rc/api-contract/envelope';
import {
  HpcJobById,
  HpcJobDetail,
  HpcJobEstimate,
  HpcJobListBody,
  HpcJobOutput,
  HpcJobOutcome,
  HpcJobSubmitBody,
  HpcJobTemplate,
  HpcJobView,
} from '@rc/api-contract/hpc/job';
import { ok } from '../../envelope.js';
import {
  cancelJob,
  estimateSubmission,
  jobDetailOf,
  jobOutputOf,
  jobTemplates,
  pageOfJobs,
  releaseJob,
  submitJob,
  type SubmitOutcome,
} from '../../hpc/index.js';
import { pagedAnswer } from '../../lib/index.js';
import { currentUser } from '../../plugins/index.js';

const tags = ['超算作业'];
const answer = ({ id, state, message }: SubmitOutcome) => ok({ id, state }, message);

/** `/apis/hpc/auth/job/...`: the caller's batch jobs; another user's job is 「作业不存在」 everywhere. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth/job/estimate',
    { schema: { tags, summary: '作业最高费用预估（提交前）', body: HpcJobSubmitBody, response: { 200: Envelope(HpcJobEstimate) } } },
    async (request) => ok(await estimateSubmission(app, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/job/submit',
    {
      schema: {
        tags,
        summary: '提交作业（余额不足以支付最长运行时间时暂挂）',
        body: HpcJobSubmitBody,
        response: { 200: Envelope(HpcJobOutcome) },
      },
    },
    async (request) => answer(await submitJob(app, currentUser(request).id, request.body)),
  );

  app.post(
    '/auth/job/release',
    { schema: { tags, summary: '释放暂挂的作业', body: HpcJobById, response: { 200: Envelope(HpcJobOutcome) } } },
    async (request) => answer(await releaseJob(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/job/cancel',
    { schema: { tags, summary: '取消作业', body: HpcJobById, response: { 200: Envelope(HpcJobOutcome) } } },
    async (request) => answer(await cancelJob(app, currentUser(request).id, request.body.id)),
  );

  app.post(
    '/auth/job/list',
    {
      schema: {
        tags,
        summary: '排队与运行中的作业，或已结束的作业（最新在前）',
        body: HpcJobListBody,
        response: { 200: Envelope(Page(HpcJobView)) },
      },
    },
    async (request) =>
      pagedAnswer(request.body, (window) => pageOfJobs(app.db, currentUser(request).id, request.body, window, app.clock.now())),
  );

  app.get(
    '/auth/job/view',
    { schema: { tags, summary: '作业详情（含脚本）', querystring: HpcJobById, response: { 200: Envelope(HpcJobDetail) } } },
    async (request) => ok(await jobDetailOf(app.db, currentUser(request).id, request.query.id, app.clock.now())),
  );

  app.post(
    '/auth/job/output',
    {
      schema: {
        tags,
        summary: '作业输出（输出文件的最后 512KB，从整行开始；运行中持续增长）',
        body: HpcJobById,
        response: { 200: Envelope(HpcJobOutput) },
      },
    },
    async (request) => ok(await jobOutputOf(app, currentUser(request).id, request.body.id)),
  );

  app.get(
    '/auth/job/templates',
    { schema: { tags, summary: '作业模板', response: { 200: Envelope(Type.Array(HpcJobTemplate)) } } },
    async () => ok(jobTemplates),
  );
};

export default routes;
