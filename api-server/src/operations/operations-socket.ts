import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { writeBackup, type BackupSource, type BackupSummary } from './backup-archive.js';
import { OperationRefusedError } from './operation-refused.js';

/**
 * Only one process can open a PGlite folder, so while the server runs it makes the backups itself: operator commands
 * ask it on this socket in the data folder, reachable by the folder's owner alone.
 */
export const operationsSocketPath = (dataDir: string) => path.join(dataDir, 'operations.sock');

/** Linux takes socket paths of up to 107 bytes. */
const fitsUnixSocket = (socketPath: string) => Buffer.byteLength(socketPath) <= 107;

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Listens on the socket (a stale one left by a crash is replaced: whoever holds the folder's lock owns it); returns the closer. */
export async function startOperationsSocket(source: BackupSource, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const socketPath = operationsSocketPath(source.dataDir);
  if (!fitsUnixSocket(socketPath)) {
    log.warn(`${socketPath} is too long for a Unix socket: \`npm run backup\` works only while the server is stopped`);
    return async () => {};
  }
  const server = http.createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST' || request.url !== '/backup')
        return answer(response, 404, { error: 'POST /backup is the one operation' });
      const body = (await readJson(request)) as { file?: unknown } | undefined;
      const file = body?.file;
      if (typeof file !== 'string' || !path.isAbsolute(file)) {
        return answer(response, 400, { error: 'the body must be {"file": "<absolute path>"}' });
      }
      try {
        const summary = await writeBackup(source, file);
        log.info({ backup: summary }, 'backup written');
        answer(response, 200, summary);
      } catch (error) {
        if (error instanceof OperationRefusedError) return answer(response, 409, { error: error.message });
        log.error({ err: error }, 'backup failed');
        answer(response, 500, { error: (error as Error).message });
      }
    })();
  });
  // A backup of a large site takes longer than Node's default five minutes.
  server.requestTimeout = 0;
  fs.rmSync(socketPath, { force: true });
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socketPath, resolve));
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(socketPath, { force: true });
  };
}

/** Asks the server holding the data folder to write a backup to `file` (an absolute path it can write). */
export async function requestBackup(dataDir: string, file: string): Promise<BackupSummary> {
  const socketPath = operationsSocketPath(dataDir);
  if (!fitsUnixSocket(socketPath)) {
    throw new OperationRefusedError(`a server is using ${dataDir}, whose path is too long for its backup socket: stop it to back up`);
  }
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) =>
      reject(
        new Error(
          `the server holding ${dataDir} does not answer on ${socketPath} (${(error as NodeJS.ErrnoException).code ?? error.message})`,
        ),
      ),
    );
    request.end(JSON.stringify({ file }));
  });
  const answered = JSON.parse(body) as BackupSummary & { error?: string };
  if (status === 200) return answered;
  if (status === 409) throw new OperationRefusedError(answered.error!);
  throw new Error(`the server could not write the backup: ${answered.error}`);
}
