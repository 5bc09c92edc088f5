import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../envelope.js';

const messages: Record<string, string> = {
  FST_ERR_BAD_URL: '请求地址格式不正确',
  FST_ERR_MAX_PARAM_LENGTH: '请求地址过长',
};

/**
 * URLs the router refuses before any route (or its token check) runs, a badly encoded or
 * over-long path parameter, answer in the `{ code, data, msg }` envelope like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = messages[error.code];
  if (!message) request.log.error({ err: error }, 'unexpected router error');
  const answer: Envelope<null> = message
    ? { code: 422, data: null, msg: message }
    : { code: 500, data: null, msg: `服务器内部错误，请稍后重试（请求编号 ${request.id}）` };
  void reply.status(200).header('x-request-id', request.id).send(answer);
}
