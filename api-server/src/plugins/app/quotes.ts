import fp from 'fastify-plugin';
import { keptSecret } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    quotes: { secret: Buffer; ttlMs: number };
  }
}

/** The key that signs price quotes (QUOTE_SIGNING_SECRET, or one kept in the data folder) and how long a quote holds. */
export default fp(
  async (app) => {
    const { signingSecret, ttlMs } = app.config.quotes;
    app.decorate('quotes', { secret: keptSecret(signingSecret, app.config.dataDir, 'quote-signing.key'), ttlMs });
  },
  { name: 'quotes', dependencies: ['core'] },
);
