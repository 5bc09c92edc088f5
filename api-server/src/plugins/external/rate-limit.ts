import fp from 'fastify-plugin';
import type { RateLimiter } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counters that limit logins and SMS codes per IP and per mobile, shared by every replica when they share state. */
export default fp(
  async (app) => {
    app.decorate('rateLimiter', app.shared.rateLimiter);
  },
  { name: 'rate-limit', dependencies: ['shared-state'] },
);
