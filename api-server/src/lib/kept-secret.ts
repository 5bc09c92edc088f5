import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const base64Prefix = 'base64:';

/**
 * A signing key: the configured one (its text, or the bytes `base64:<text>` encodes: how a kept key is carried into
 * a setting), or a random one kept in `dataDir/fileName` so what it signed survives a restart.
 */
export function keptSecret(configured: string | undefined, dataDir: string, fileName: string): Buffer {
  if (configured?.startsWith(base64Prefix)) return Buffer.from(configured.slice(base64Prefix.length), 'base64');
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

/** The setting that makes `keptSecret` answer the key kept in `dataDir/fileName` (a new one when none is kept yet). */
export function keptSecretSetting(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : randomBytes(32).toString('base64');
  return base64Prefix + kept;
}
