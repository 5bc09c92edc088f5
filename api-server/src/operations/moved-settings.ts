import fs from 'node:fs';
import type { AppConfig } from '../config.js';
import { keptSecretSetting } from '../lib/index.js';

export interface Setting {
  name: string;
  value: string;
  /** Masked on screen; written whole to the env file. */
  secret: boolean;
}

/**
 * The environment a server starts with on the moved site. DATA_DIR stays the old folder: it still holds the local
 * files that do not move (SSH host key, network disks, file storage, datasets, the sandbox payment key), and the
 * blobs too when they stay local. The signing keys the server kept there become settings, so that replicas share them;
 * a setting is used as its text, not decoded as the kept file is, so what was signed before the move (price quotes,
 * transfer links, all short-lived) is asked for again.
 */
export function movedSettings(config: AppConfig): Setting[] {
  const settings: Setting[] = [
    { name: 'DATA_DIR', value: config.dataDir, secret: false },
    { name: 'DATABASE_URL', value: config.databaseUrl!, secret: true },
  ];
  if (config.blobs.store === 's3') {
    const s3 = config.blobs.s3;
    settings.push(
      { name: 'BLOB_STORE', value: 's3', secret: false },
      ...(s3.endpoint ? [{ name: 'S3_ENDPOINT', value: s3.endpoint, secret: false }] : []),
      { name: 'S3_REGION', value: s3.region, secret: false },
      { name: 'S3_BUCKET', value: s3.bucket, secret: false },
      { name: 'S3_ACCESS_KEY_ID', value: s3.accessKeyId, secret: false },
      { name: 'S3_SECRET_ACCESS_KEY', value: s3.secretAccessKey, secret: true },
      { name: 'S3_FORCE_PATH_STYLE', value: String(s3.forcePathStyle), secret: false },
    );
  } else {
    settings.push({ name: 'BLOB_STORE', value: 'local', secret: false });
  }
  settings.push(
    { name: 'UPLOAD_SIGNING_SECRET', value: keptKey(config.uploads.signingSecret, config.dataDir, 'upload-signing.key'), secret: true },
    { name: 'QUOTE_SIGNING_SECRET', value: keptKey(config.quotes.signingSecret, config.dataDir, 'quote-signing.key'), secret: true },
  );
  return settings;
}

/** The configured key, or the setting that carries the one kept in the data folder. */
function keptKey(configured: string | undefined, dataDir: string, fileName: string): string {
  return configured ?? keptSecretSetting(dataDir, fileName);
}

/** `NAME=value` with secrets masked (a database URL keeps all but its password). */
export function screenLine(setting: Setting): string {
  if (!setting.secret) return `${setting.name}=${setting.value}`;
  if (setting.name === 'DATABASE_URL') {
    const url = new URL(setting.value);
    if (url.password) url.password = '****';
    return `${setting.name}=${url.href}`;
  }
  return `${setting.name}=****`;
}

/** A file a shell reads with `set -a; . file; set +a`, readable by its owner only. */
export function writeEnvFile(file: string, settings: Setting[]): void {
  const quoted = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const text = settings.map((setting) => `${setting.name}=${quoted(setting.value)}\n`).join('');
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}
