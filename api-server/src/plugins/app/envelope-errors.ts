import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../errors.js';
import type { Envelope } from '../../envelope.js';
import { describeValidationError } from './validation-message.js';
import { findInputProblem, nonFinitePath, unstorableText } from '../../lib/index.js';

interface TitledSchema {
  properties?: Record<string, { title?: string }>;
  allOf?: TitledSchema[];
  anyOf?: TitledSchema[];
}

function fieldTitle(schema: TitledSchema | undefined, field: string): string | undefined {
  if (!schema) return undefined;
  return (
    schema.properties?.[field]?.title ??
    [...(schema.allOf ?? []), ...(schema.anyOf ?? [])].map((part) => fieldTitle(part, field)).find(Boolean)
  );
}

/** The field holding a number that is not finite, named by its schema title where the route has one. */
function nonFiniteField(request: FastifyRequest): string | null {
  const schema = request.routeOptions.schema;
  const parts: Array<[unknown, unknown]> = [
    [request.body, schema?.body],
    [request.query, schema?.querystring],
    [request.params, schema?.params],
  ];
  for (const [input, partSchema] of parts) {
    const path = nonFinitePath(input);
    if (path) return (path[0] && fieldTitle(partSchema as TitledSchema | undefined, path[0])) || path.join('.') || '请求参数';
  }
  return null;
}

function refusal(code: number, msg: string): Envelope<null> {
  return { code, data: null, msg };
}

function toEnvelope(error: FastifyError | AppError, request: FastifyRequest): Envelope<null> {
  if (error instanceof AppError) {
    if (error.cause) request.log.warn({ err: error.cause }, error.message);
    return refusal(error.code, error.message);
  }
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
export default fp(
  async (app) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '') return done(null, {});
      parseJson(request, body as string, done);
    });

    // For every route, before validation walks the input: no nesting deeper than we cap, no text PostgreSQL cannot hold.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const input of [request.body, request.query, request.params]) {
        const problem = findInputProblem(input, unstorableText);
        if (problem) return done(invalid(problem));
      }
      done();
    });

    // Validation coerces the strings "Infinity" and "1e999" into numbers that skip minimum and maximum: integers must be finite.
    app.addHook('preHandler', (request, _reply, done) => {
      const field = nonFiniteField(request);
      done(field ? invalid(`${field}应为有限的数字`) : undefined);
    });

    // Serialised as it is, not by the route's response schema: a route that answers a bare document (`/config.json`) refuses in the envelope too.
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      reply
        .status(200)
        .type('application/json; charset=utf-8')
        .serializer((payload) => JSON.stringify(payload))
        .send(toEnvelope(error, request));
    });
  },
  { name: 'envelope-errors' },
);
