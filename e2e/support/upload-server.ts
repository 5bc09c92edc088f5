import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';
import { repoRoot } from './portal-server';

/**
 * The real api-server serving the built portal, for upload journeys: started with extra settings
 * (e.g. fault injection), and killable with SIGKILL then restarted on the same port and data.
 */
export class UploadServer {
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'rc-e2e-upload-'));
  #child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string> = {}): Promise<UploadServer> {
    const server = new UploadServer(await freePort(18650, 18699), env);
    await server.launch();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async launch(): Promise<void> {
    const child = spawn(path.join(repoRoot, 'node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: path.join(repoRoot, 'api-server'),
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, LOG_LEVEL: 'error', ...this.env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.#child = child;
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`api-server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${this.url}/config.json`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('api-server did not start within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Ends the process the way a crash would: no shutdown hooks, nothing flushed. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.#child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** MD5 of a file in the user's file storage, as the server stored it. */
  storedMd5(userId: number, relative: string, area = 'files'): string {
    return createHash('md5').update(readFileSync(path.join(this.dataDir, 'blobs/users', String(userId), area, relative))).digest('hex');
  }
}
