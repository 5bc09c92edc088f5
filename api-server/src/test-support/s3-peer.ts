import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../config.js';

const peerProcess = fileURLToPath(new URL('./s3-peer-process.mjs', import.meta.url));

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
  close(): Promise<void>;
}

/** s3rver on a free port of 127.0.0.1 over a fresh temporary folder, with one bucket that allows cross-origin transfers. */
export async function startS3Peer(bucket = 'rc-blobs'): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', peerProcess, directory, bucket, corsRule], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [line] = (await Promise.race([
    once(readline.createInterface({ input: child.stdout }), 'line'),
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
    async close() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
