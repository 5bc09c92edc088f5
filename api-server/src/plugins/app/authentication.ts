import fp from 'fastify-plugin';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { forbidden, unauthenticated } from '../../errors.js';
import { authenticateToken, type SessionUser } from '../../accounts/sessions.js';
import { redeemStreamTicket } from '../../push/stream-tickets.js';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** The token may come as `?token=` (form-post downloads, which cannot send headers). */
    tokenInQuery?: boolean;
    /** Without the token header, a stream ticket may come as `?ticket=` (the event stream: EventSource cannot send headers). */
    ticketInQuery?: boolean;
  }
}

/** The signed-in user of a request that passed authentication (every `/auth/` route). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthenticated();
  return request.sessionUser;
}

/** The signed-in operator, who reviews what users submit (invoices, withdrawals, late payments). */
export function requireOperator(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  if (!user.account.isOperator) throw forbidden('仅运营人员可以执行此操作');
  return user;
}

/**
 * Every route whose path contains `/auth/` requires a live session, decided from the route table
 * itself so a new route cannot forget it. Runs before body validation: an anonymous caller learns
 * nothing about a route's schema.
 */
export default fp(
  async (app) => {
    app.decorateRequest('sessionUser', null);

    const authenticate: onRequestHookHandler = async (request) => {
      const { tokenInQuery, ticketInQuery } = request.routeOptions.config;
      const query = request.query as { token?: string; ticket?: string };
      if (ticketInQuery && request.headers.token === undefined && query.ticket !== undefined) {
        request.sessionUser = await redeemStreamTicket(app, query.ticket);
        return;
      }
      request.sessionUser = await authenticateToken(app, request.headers.token ?? (tokenInQuery ? query.token : undefined));
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.includes('/auth/')) return;
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [authenticate, ...existing];
    });
  },
  { name: 'authentication', dependencies: ['core'] },
);
