import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.js';
import type { SessionUser } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication plugin (plugins/app/authentication.ts) before every handler. */
    sessionUser: SessionUser | null;
  }
}

/** The signed-in user of a request that passed authentication (every `/auth/` route). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}
