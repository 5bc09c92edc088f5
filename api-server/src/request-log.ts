import type { FastifyRequest } from 'fastify';

/** What the log keeps of a request: no session token, even where a form-post download puts it in the URL. */
export function requestLogFields(request: Pick<FastifyRequest, 'method' | 'url' | 'ip'>) {
  return { method: request.method, url: request.url.replace(/([?&]token=)[^&]*/g, '$1***'), remoteAddress: request.ip };
}
