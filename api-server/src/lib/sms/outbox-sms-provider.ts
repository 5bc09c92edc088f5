import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsMessage, SmsProvider } from './sms-provider.js';

/** Delivers nothing: logs each message and appends it as a JSON line to `<dataDir>/sms-outbox.jsonl`. */
export class OutboxSmsProvider implements SmsProvider {
  readonly outboxFile: string;

  constructor(
    dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.outboxFile = path.join(dataDir, 'sms-outbox.jsonl');
  }

  async send(message: SmsMessage): Promise<void> {
    this.log.info({ sms: message }, 'SMS to %s: %s', message.mobile, message.text);
    await fs.mkdir(path.dirname(this.outboxFile), { recursive: true });
    await fs.appendFile(this.outboxFile, `${JSON.stringify(message)}\n`);
  }
}
