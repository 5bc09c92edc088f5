import { Client } from 'ssh2';
import type { SftpTarget } from '../../storage/index.js';
import { commandLine } from './shell-quote.js';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

interface CommandOptions {
  /** Written to the command's standard input, then closed. */
  stdin?: string;
  timeoutMs?: number;
}

const connectTimeoutMs = 10_000;
const defaultTimeoutMs = 60_000;
/** Below OpenSSH's MaxSessions (10), so concurrent calls never have a channel refused. */
const maxChannels = 6;

/**
 * Runs commands on a login node over one SSH connection (opened on first use, reopened after it
 * drops). A command is an argv array, quoted for the remote shell by `commandLine`; nothing is
 * interpolated.
 */
export class SshCommandRunner {
  private connection: Promise<Client> | undefined;
  private open = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly target: SftpTarget) {}

  async run(argv: readonly string[], options: CommandOptions = {}): Promise<CommandResult> {
    while (this.open >= maxChannels) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.open++;
    try {
      return await this.exec(await this.connect(), argv, options);
    } finally {
      this.open--;
      this.waiting.shift()?.();
    }
  }

  private exec(client: Client, argv: readonly string[], options: CommandOptions): Promise<CommandResult> {
    const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
    return new Promise<CommandResult>((resolve, reject) => {
      client.exec(commandLine(argv), (error, channel) => {
        if (error) return reject(error);
        const stdout: Buffer[] = [];
        const stderr: Buffer[] = [];
        let code = -1;
        const timer = setTimeout(() => {
          channel.close();
          reject(new Error(`${argv[0]} did not finish within ${timeoutMs} ms`));
        }, timeoutMs);
        channel.on('data', (chunk: Buffer) => stdout.push(chunk));
        channel.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
        channel.on('exit', (exitCode: number | null) => (code = exitCode ?? -1));
        channel.on('close', () => {
          clearTimeout(timer);
          resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
        });
        channel.end(options.stdin ?? '');
      });
    });
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    const client = await connection?.catch(() => undefined);
    if (!client) return;
    await new Promise<void>((resolve) => {
      client.once('close', () => resolve());
      client.end();
      setTimeout(resolve, 1000).unref();
    });
  }

  private connect(): Promise<Client> {
    if (this.connection) return this.connection;
    const client = new Client();
    const forget = () => {
      if (this.connection === opened) this.connection = undefined;
    };
    const opened = new Promise<Client>((resolve, reject) => {
      client.once('ready', () => resolve(client));
      client.once('error', reject);
    });
    client.on('error', forget);
    client.on('close', forget);
    opened.catch(forget);
    client.connect({ ...this.target, readyTimeout: connectTimeoutMs, keepaliveInterval: 30_000 });
    this.connection = opened;
    return opened;
  }
}
