import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminQuery, databaseUrl } from './postgres-admin.js';
import { freePort } from './free-port.js';
import { serverCommand } from './server-command.js';

const apiServerDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const exitWithParent = fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url));

/**
 * On the PostgreSQL pass (DATABASE_URL names the run's server) a server not told which database to use gets an empty
 * one of its own, which it migrates and seeds as it would a fresh data folder: inheriting the run's DATABASE_URL, two
 * such servers shared one database, and the leader among them ran the other's periodic work with its own drivers.
 */
async function ownPostgresDatabase(env: Record<string, string> | undefined) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl || env?.DATABASE_URL !== undefined) return undefined;
  const name = `rc_server_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return { url: databaseUrl(adminUrl, name), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

/**
 * The real server as its own process, on a free port with a fresh data folder and the demo data,
 * for tests and benchmarks whose requests cross the wire. It can be killed like a crash and
 * started again on the same port and data.
 */
export class ServerProcess {
  #child: ChildProcess | null = null;
  #answered = false;

  private constructor(
    private currentPort: number,
    readonly dataDir: string,
    private readonly ownsDataDir: boolean,
    private readonly env: Record<string, string>,
    private readonly compiled: string | undefined,
    private readonly ownDatabase: { drop(): Promise<void> } | undefined,
  ) {}

  /**
   * `dataDir` names a folder prepared beforehand (kept on stop); by default a fresh one is made and removed, holding a
   * copy of the data folder `copyOf` names, if any. `compiled` names a production build's server.js to run instead of
   * the sources (test-support/server-build.ts); by default the one RC_TEST_SERVER_BUILD names, if any.
   */
  static async start(
    options: { env?: Record<string, string>; dataDir?: string; copyOf?: string; compiled?: string } = {},
  ): Promise<ServerProcess> {
    const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'rc-server-'));
    if (options.copyOf && !options.dataDir) cpSync(options.copyOf, dataDir, { recursive: true });
    const ownDatabase = await ownPostgresDatabase(options.env);
    const env = { ...options.env, ...(ownDatabase ? { DATABASE_URL: ownDatabase.url } : {}) };
    const server = new ServerProcess(await freePort(), dataDir, !options.dataDir, env, options.compiled, ownDatabase);
    await server.launch().catch(async (error: unknown) => {
      await ownDatabase?.drop();
      throw error;
    });
    return server;
  }

  get port(): number {
    return this.currentPort;
  }

  /** The running process's id (for reading its memory). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** How the last process exited: its code, or null while it runs or when a signal ended it. */
  get exitCode(): number | null {
    return this.#child?.exitCode ?? null;
  }

  /** Sends the running process a signal without waiting for it to act. */
  signal(signal: NodeJS.Signals): void {
    this.#child?.kill(signal);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get apiBase(): string {
    return `${this.url}/apis`;
  }

  /**
   * Starts the process (again, after `kill`) and waits until it answers. A port asked for free can be taken
   * (by any connection's local end) before the server binds it: a first start then moves to another port
   * (unless the test chose the port with `env.PORT`).
   */
  async launch(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const exit = await this.#launchOnce();
      if (!exit) {
        this.#answered = true;
        return;
      }
      const portTaken = exit.stderr.includes('set PORT to another port') && this.env.PORT === undefined;
      if (this.#answered || attempt === 3 || !portTaken) {
        throw new Error(`api-server exited with code ${exit.code}:\n${exit.stderr}`);
      }
      this.currentPort = await freePort();
    }
  }

  /** Nothing once the server answers; what it last wrote to stderr if it exits before. */
  async #launchOnce(): Promise<{ code: number; stderr: string } | undefined> {
    const child = spawn(process.execPath, ['--import', exitWithParent, ...serverCommand(this.compiled)], {
      cwd: apiServerDir,
      env: {
        ...process.env,
        PORT: String(this.port),
        SSH_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    child.channel?.unref();
    this.#child = child;
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) return { code: child.exitCode, stderr };
      try {
        // Answered while our child still runs: not some other server left on the port.
        if ((await fetch(`${this.apiBase}/system/api/health`)).ok && child.exitCode === null) return undefined;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error('api-server did not start within 90 s');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Ends the process the way a crash would: no shutdown hooks, nothing flushed. */
  kill(): Promise<void> {
    return this.#end('SIGKILL');
  }

  /** Shuts the server down and removes the data folder it made. */
  async stop(): Promise<void> {
    await this.#end('SIGTERM');
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
    await this.ownDatabase?.drop();
  }

  async #end(signal: NodeJS.Signals): Promise<void> {
    const child = this.#child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}
