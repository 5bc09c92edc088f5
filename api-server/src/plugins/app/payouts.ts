import fp from 'fastify-plugin';
import { type PayoutProvider, createPayoutProvider } from '../../billing/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    payout: PayoutProvider;
  }
}

/** The payout provider that pays approved withdrawals. */
export default fp(
  async (app) => {
    app.decorate('payout', createPayoutProvider(app.config));
  },
  { name: 'payouts', dependencies: ['core'] },
);
