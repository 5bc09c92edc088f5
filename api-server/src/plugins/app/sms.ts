import fp from 'fastify-plugin';
import type { SmsProvider } from '../../lib/sms/sms-provider.js';
import { OutboxSmsProvider } from '../../lib/sms/outbox-sms-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
  }
}

/** The SMS provider that delivers verification codes. */
export default fp(
  async (app) => {
    app.decorate('sms', new OutboxSmsProvider(app.config.dataDir, app.log));
  },
  { name: 'sms', dependencies: ['core'] },
);
