import fp from 'fastify-plugin';
import { SessionCache, staleUserKeys } from '../../accounts/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

/** Sessions resolved from memory; every session, account or balance change noted on any replica makes its copies stale. */
export default fp(
  async (app) => {
    app.decorate('sessionCache', new SessionCache(app.shared.versions, app.clock));
    app.userChanges.listen(async (changes) => {
      const keys = staleUserKeys(changes);
      if (keys.length > 0) await app.shared.versions.bump(keys);
    });
  },
  { name: 'session-cache', dependencies: ['shared-state', 'user-changes'] },
);
