import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../errors.js';
import type { Envelope } from '../../envelope.js';
import { describeValidationError } from './validation-message.js';

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

function refusal(code: number, msg: string): Envelope<null> {
  return { code, data: null, msg };
}

function toEnvelope(error: FastifyError | AppError, request: FastifyRequest): Envelope<null> {
  if (error instanceof AppError) return refusal(error.code, error.message);
  if (error.validation) return refusal(422, describeValidationError(error.validation, error.validationContext ?? 'body'));
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refusal(422, '请求内容过大');
  const status = error.statusCode ?? 500;
  if (status === 404) return refusal(404, '请求的资源不存在');
  if (status === 429) return refusal(429, '操作过于频繁，请稍后再试');
  if (status >= 400 && status < 500) return refusal(422, '请求格式不正确');
  request.log.error({ err: error }, 'unexpected error');
  return refusal(500, `服务器内部错误，请稍后重试（请求编号 ${request.id}）`);
}

/**
 * Every answer is `{ code, data, msg }` with HTTP 200: a non-200 HTTP status means a real network
 * problem to the client, never a refusal. An empty JSON body counts as `{}`.
 */
export default fp(async (app) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, {});
    parseJson(request, body as string, done);
  });

  // PostgreSQL text cannot hold NUL: refuse it for every route before it reaches a query.
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.body) || holdsNul(request.query) || holdsNul(request.params)) throw invalid('请求参数包含非法字符');
  });

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    reply.status(200).send(toEnvelope(error, request));
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}, { name: 'envelope-errors' });
