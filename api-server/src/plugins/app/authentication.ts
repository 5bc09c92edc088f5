import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preValidationHookHandler } from 'fastify';
import { forbidden } from '../../errors.js';
import { authenticateApiKey, currentUser, authenticateToken, type SessionUser } from '../../accounts/index.js';
import { redeemStreamTicket } from '../../push/index.js';
import { checkKeyAccess, keyAccessOf } from './api-key-scopes.js';

// Route modules have long taken the current user from here; it lives in accounts/ now, where domain code reaches it too.
export { currentUser };

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Without the token header, the token may come as the field `token` of the POST body (spec §7's form-post
     * downloads, which cannot send headers); never in the URL, which nginx's access log keeps.
     */
    tokenInFormBody?: boolean;
    /** Without the token header, a stream ticket may come as `?ticket=` (the event stream: EventSource cannot send headers). */
    ticketInQuery?: boolean;
  }
}

/** The signed-in operator, who reviews what users submit (invoices, withdrawals, late payments). */
export function requireOperator(request: FastifyRequest): SessionUser {
  const user = currentUser(request);
  if (!user.account.isOperator) throw forbidden('仅运营人员可以执行此操作');
  return user;
}

/** The API key of `Authorization: Bearer <key>`, when the request names one. */
function bearerKey(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/** The user of an API key, refused when the key's scopes do not cover the route (plugins/app/api-key-scopes.ts). */
async function authenticateKey(app: FastifyInstance, request: FastifyRequest, key: string): Promise<SessionUser> {
  const parts = { db: app.db, clock: app.clock, rateLimiter: app.shared.rateLimiter, rule: app.config.rateLimits.apiKey };
  const user = await authenticateApiKey(parts, key, request.ip);
  checkKeyAccess(user, keyAccessOf(request.method, request.routeOptions.url!) ?? 'session');
  return user;
}

/**
 * Every route whose path contains `/auth/` requires a live session or an API key within its scopes, decided from
 * the route table itself so a new route cannot forget it. Runs before body validation: an anonymous caller learns
 * nothing about a route's schema. A route whose token may come in the body authenticates once the
 * body is parsed, and takes the token out of the body before the route's schema sees it.
 */
export default fp(
  async (app) => {
    app.decorateRequest('sessionUser', null);

    const authenticate: onRequestHookHandler = async (request) => {
      const key = bearerKey(request);
      if (key !== undefined) {
        request.sessionUser = await authenticateKey(app, request, key);
        return;
      }
      const { ticket } = request.query as { ticket?: string };
      if (request.routeOptions.config.ticketInQuery && request.headers.token === undefined && ticket !== undefined) {
        request.sessionUser = await redeemStreamTicket(app, ticket);
        return;
      }
      request.sessionUser = await authenticateToken(app, request.headers.token);
    };

    const authenticateFromFormBody: preValidationHookHandler = async (request) => {
      const body = request.body as { token?: unknown } | null | undefined;
      const fromBody = body?.token;
      if (fromBody !== undefined) delete body!.token;
      const key = bearerKey(request);
      request.sessionUser =
        key !== undefined ? await authenticateKey(app, request, key) : await authenticateToken(app, request.headers.token ?? fromBody);
    };

    app.addHook('onRoute', (route) => {
      if (!route.url.includes('/auth/')) return;
      if (route.config?.tokenInFormBody) {
        route.preValidation = [authenticateFromFormBody, ...(route.preValidation ? [route.preValidation].flat() : [])];
        return;
      }
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [authenticate, ...existing];
    });
  },
  { name: 'authentication', dependencies: ['core'] },
);
