import fp from 'fastify-plugin';
import { createPaymentProviders, type PaymentsContext } from '../../billing/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsContext;
  }
}

/** The payment providers chosen by configuration (the sandbox on a demo site; ALIPAY_*, WECHATPAY_* when set), with what settling needs. */
export default fp(
  async (app) => {
    const deps = { db: app.db, clock: app.clock };
    app.decorate('payments', { ...deps, providers: await createPaymentProviders(app.config, deps), settings: app.config.payments });
  },
  { name: 'payments', dependencies: ['core'] },
);
