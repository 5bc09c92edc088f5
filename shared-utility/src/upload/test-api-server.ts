import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const apiServerDir = path.resolve(__dirname, '../../../api-server');

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** A free port in the range of the upload tests (18600–18649). */
async function freePort(): Promise<number> {
  const start = 18600 + Math.floor(Math.random() * 50);
  for (let i = 0; i < 50; i++) {
    const port = 18600 + ((start - 18600 + i) % 50);
    if (await isFree(port)) return port;
  }
  throw new Error('no free port in 18600-18649');
}

export interface RunningApiServer {
  apiBase: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real api-server (its own process, fresh data folder, demo accounts) for tests whose data crosses the wire. */
export async function startApiServer(env: Record<string, string> = {}): Promise<RunningApiServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rc-upload-test-'));
  const child = spawn(path.resolve(apiServerDir, '../node_modules/.bin/tsx'), ['src/server.ts'], {
    cwd: apiServerDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: path.join(dataDir, 'web'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api-server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/config.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('api-server did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { apiBase: `${origin}/apis`, dataDir, stop };
}

export async function loginDemoUser(apiBase: string, mobile = '13800000001'): Promise<string> {
  const response = await fetch(`${apiBase}/user/api/user/login/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'Demo@2026' }),
  });
  const answer = (await response.json()) as { code: number; data: { token: string } };
  if (answer.code !== 200) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.data.token;
}
