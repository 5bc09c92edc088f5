import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from './free-port.js';

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
}

/** A private Debian redis-server on a free port of 127.0.0.1 over a temporary folder, keeping nothing on disk. */
export async function startRedisServer(): Promise<RedisServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-redis-'));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', directory, '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const output: string[] = [];
  const ready = new Promise<void>((resolve) => {
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      output.push(line);
      if (line.includes('Ready to accept connections')) resolve();
    });
  });
  const code = await Promise.race([ready.then(() => undefined), exited]);
  if (code !== undefined) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw new Error(`redis-server exited with code ${code} before accepting connections:\n${output.join('\n')}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
