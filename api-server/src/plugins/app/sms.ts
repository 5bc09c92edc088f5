import fp from 'fastify-plugin';
import { type SmsProvider, createSmsProvider } from '../../lib/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
  }
}

/** The SMS provider that delivers verification codes. */
export default fp(
  async (app) => {
    app.decorate('sms', createSmsProvider(app.config, app.log));
  },
  { name: 'sms', dependencies: ['core'] },
);
