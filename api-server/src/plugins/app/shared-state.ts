import fp from 'fastify-plugin';
import { createSharedState, type SharedState } from '../../shared-state/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    shared: SharedState;
  }
}

/** What replicas share (session-cache versions, rate-limit counters, the API cache, pushed events): Redis or this process. */
export default fp(
  async (app) => {
    const shared = await createSharedState(app.config, app.clock);
    app.decorate('shared', shared);
    app.addHook('onClose', async () => shared.close());
  },
  { name: 'shared-state', dependencies: ['core'] },
);
