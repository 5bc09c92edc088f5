import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { serverCommand } from '../test-support/server-command.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the data folder lock', () => {
  it('refuses a folder held by a live process and takes over one left by a dead process', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const unlock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    unlock();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'makes a second server on the same folder exit at once with a clear message',
    async () => {
      const dataDir = tempDir();
      const env = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', SEED_DEMO_DATA: 'false' };
      const first = spawn(process.execPath, serverCommand(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
      try {
        await new Promise<void>((resolve, reject) => {
          first.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve());
          first.once('exit', (code) => reject(new Error(`first server exited with ${code}`)));
        });
        const second = spawn(process.execPath, serverCommand(), { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stderr = '';
        second.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const exitCode = await new Promise((resolve) => second.once('exit', resolve));
        expect(exitCode).toBe(1);
        expect(stderr).toContain(`Data directory ${dataDir} is in use by process ${first.pid}`);
        // It gave up while the first still held the folder, instead of waiting for it.
        expect(first.exitCode).toBeNull();
      } finally {
        first.kill('SIGTERM');
        await new Promise((resolve) => first.once('exit', resolve));
      }
      expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    },
    120_000,
  );
});
