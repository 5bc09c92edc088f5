import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { runInScope, UserChangeScope, type UserChangeDetails, type UserChangeListener, type UserChanges } from '../../accounts/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    userChanges: {
      /** Hears every batch of changes noted on this replica; returns the function that stops it. */
      listen(listener: UserChangeListener): () => void;
      /** Tells every listener; what a scope calls when it ends. */
      hear: UserChangeListener;
    };
  }
}

/**
 * Each request runs in a change scope that ends just before its answer is sent: the session cache and the pushes
 * have heard what the request changed by the time the client can send its next request.
 */
export default fp(
  async (app) => {
    const listeners = new Set<UserChangeListener>();
    const hear: UserChangeListener = async (changes: UserChanges, details: UserChangeDetails) => {
      for (const listener of listeners) {
        try {
          await listener(changes, details);
        } catch (error) {
          app.log.error({ err: error }, 'a user-change listener failed');
        }
      }
    };
    app.decorate('userChanges', {
      listen(listener: UserChangeListener) {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      hear,
    });

    const requestScopes = new WeakMap<FastifyRequest, UserChangeScope>();
    app.addHook('onRequest', (request, _reply, done) => {
      const scope = new UserChangeScope(hear);
      requestScopes.set(request, scope);
      runInScope(scope, done);
    });
    // Not an async hook: most requests change nothing, and a promise per request is a cost every request would pay.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const heard = requestScopes.get(request)?.end();
      if (!heard) return done(null, payload);
      heard.then(() => done(null, payload), done);
    });
  },
  { name: 'user-changes', dependencies: ['core'] },
);
