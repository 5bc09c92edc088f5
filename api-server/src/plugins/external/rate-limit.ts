import fp from 'fastify-plugin';
import { createRateLimiter, type RateLimiter } from '../../lib/rate-limiter.js';

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counters that limit logins and SMS codes per IP and per mobile. */
export default fp(
  async (app) => {
    app.decorate('rateLimiter', createRateLimiter(app.config, app.clock));
  },
  { name: 'rate-limit', dependencies: ['core'] },
);
