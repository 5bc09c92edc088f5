import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface PortalServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitUntilServing(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      if ((await fetch(`${url}/importmap.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not answer within 90 s`);
}

/** The real api-server serving the built portal from dist/web, with a fresh data folder. */
export async function startPortalServer(): Promise<PortalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-e2e-data-'));
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: path.join(repoRoot, 'api-server'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exit: string | null = null;
  child.once('exit', (code, signal) => {
    exit = `api-server exited early (code ${code}, signal ${signal})`;
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, () => exit);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
