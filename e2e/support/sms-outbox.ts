import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface OutboxMessage {
  mobile: string;
  code: string;
  type: string;
}

/** The latest code the server's outbox SMS provider "sent" to `mobile` (docs/portal-contract.md). */
export async function latestSmsCode(dataDir: string, mobile: string, type: string): Promise<string> {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const messages = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxMessage)
        .filter((message) => message.mobile === mobile && message.type === type);
      const last = messages.at(-1);
      if (last) return last.code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${type} code sent to ${mobile}`);
}
