import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import { OutboxSmsProvider } from './outbox-sms-provider.js';
import type { SmsProvider } from './sms-provider.js';

/** The provider that delivers verification codes: so far the outbox file in the data directory. */
export function createSmsProvider(config: AppConfig, log: FastifyBaseLogger): SmsProvider {
  return new OutboxSmsProvider(config.dataDir, log);
}
