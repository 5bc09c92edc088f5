import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A signing key: the configured one, or a random one kept in `dataDir/fileName` so what it signed survives a restart. */
export function keptSecret(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured) return Buffer.from(configured, 'utf8');
  const file = path.join(dataDir, fileName);
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const secret = randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
