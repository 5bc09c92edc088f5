import fp from 'fastify-plugin';
import type { PayoutProvider } from '../../billing/payouts/payout-provider.js';
import { createPayoutProvider } from '../../billing/payouts/create-payout-provider.js';

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
