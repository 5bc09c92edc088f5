import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const wellFormed = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id: the one nginx (or another caller) sent in X-Request-Id when it is well formed, so one id
 * follows a request across the proxy and the replicas' logs; otherwise a fresh UUID.
 */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && wellFormed.test(sent) ? sent : randomUUID();
}
