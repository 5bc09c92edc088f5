import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../config.js';

const peerProcess = fileURLToPath(new URL('./s3-peer-process.mjs', import.meta.url));
const exitWithParent = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));

/** Any page may PUT parts straight to the bucket and read their ETags, as a browser uploading with presigned URLs does. */
const corsRule = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface S3Peer {
  settings: S3Settings;
  /** The folder s3rver keeps the bucket in (removed on close). */
  directory: string;
  close(): Promise<void>;
}

/**
 * s3rver on a free port of 127.0.0.1 over a fresh temporary folder, with one bucket that allows cross-origin transfers;
 * `copyOf` names another peer's folder whose objects the new one starts with.
 */
export async function startS3Peer(options: { copyOf?: string } = {}): Promise<S3Peer> {
  const bucket = 'rc-blobs';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-s3-'));
  if (options.copyOf) fs.cpSync(options.copyOf, directory, { recursive: true });
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', exitWithParent, peerProcess, directory, bucket, corsRule],
    {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    },
  );
  child.channel?.unref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [line] = (await Promise.race([
    once(readline.createInterface({ input: child.stdout! }), 'line'),
    exited.then(() => Promise.reject(new Error('s3rver exited before listening'))),
  ])) as string[];
  const { port } = JSON.parse(line!) as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    directory,
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
