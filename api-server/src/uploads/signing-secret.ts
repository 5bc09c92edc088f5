import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';

/** The key that signs presigned chunk URLs: UPLOAD_SIGNING_SECRET, or one kept in the data folder so URLs survive a restart. */
export function loadSigningSecret(config: AppConfig): Buffer {
  if (config.uploads.signingSecret) return Buffer.from(config.uploads.signingSecret, 'utf8');
  const file = path.join(config.dataDir, 'upload-signing.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const secret = randomBytes(32);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
