import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const MiB = 1024 * 1024;
const hour = 3_600_000;

export interface UploadSettings {
  /** Bytes a user may hold: stored files plus the declared size of uploads in progress. */
  quotaBytes: number;
  /** An upload without a new chunk for this long is removed with its chunks. */
  abandonedAfterMs: number;
  cleanupIntervalMs: number;
  presignedUrlTtlMs: number;
  minChunkSize: number;
  maxChunkSize: number;
  maxChunks: number;
  /** For resilience tests: the share of chunk requests whose connection is cut before an answer. */
  faultInjection: { dropChunkRatio: number };
}

function numberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, valid: (n: number) => boolean): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!valid(value)) throw new Error(`${name} is out of range: "${raw}"`);
  return value;
}

export function loadUploadSettings(env: NodeJS.ProcessEnv = process.env): UploadSettings {
  return {
    quotaBytes: numberFrom(env, 'STORAGE_QUOTA_BYTES', 20 * 1024 * MiB, (n) => Number.isSafeInteger(n) && n > 0),
    abandonedAfterMs: 24 * hour,
    cleanupIntervalMs: hour,
    presignedUrlTtlMs: 6 * hour,
    minChunkSize: 64 * 1024,
    maxChunkSize: numberFrom(env, 'UPLOAD_MAX_CHUNK_BYTES', 32 * MiB, (n) => Number.isSafeInteger(n) && n >= 64 * 1024),
    maxChunks: 10_000,
    faultInjection: {
      dropChunkRatio: numberFrom(env, 'FAULT_DROP_CHUNK_RATIO', 0, (n) => n >= 0 && n < 1),
    },
  };
}

/** The key that signs presigned chunk URLs: UPLOAD_SIGNING_SECRET, or one kept in the data folder so URLs survive a restart. */
export function loadSigningSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  if (env.UPLOAD_SIGNING_SECRET) return Buffer.from(env.UPLOAD_SIGNING_SECRET, 'utf8');
  const file = path.join(dataDir, 'upload-signing.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    const secret = randomBytes(32);
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret.toString('base64'), { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
