import { createHash } from 'node:crypto';
import { Client, type SFTPWrapper } from 'ssh2';

/** An SSH account on a cluster's login node, reached with a private key. */
export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  privateKey: string;
}

interface Connection {
  ready: Promise<SFTPWrapper>;
  client: Client;
}

const connectTimeoutMs = 10_000;

function connect(target: SftpTarget, forget: () => void): Connection {
  const client = new Client();
  const ready = new Promise<SFTPWrapper>((resolve, reject) => {
    client.once('ready', () => client.sftp((error, sftp) => (error ? reject(error) : resolve(sftp))));
    client.once('error', reject);
  });
  // A connection that fails or closes leaves the pool, so the next call opens a fresh one.
  client.on('error', forget);
  client.on('close', forget);
  ready.catch(() => undefined);
  client.connect({ ...target, readyTimeout: connectTimeoutMs, keepaliveInterval: 30_000 });
  return { ready, client };
}

/**
 * A few SSH connections per cluster account, opened on first use and shared by every call (SFTP
 * requests of many calls interleave on one channel); closed with the server.
 */
export class SftpPool {
  private readonly pools = new Map<string, { connections: (Connection | undefined)[]; next: number }>();

  constructor(private readonly connectionsPerTarget = 2) {}

  /** An SFTP session to `target`, from a connection of the pool. */
  async session(target: SftpTarget): Promise<SFTPWrapper> {
    const key = `${target.username}@${target.host}:${target.port}#${createHash('sha256').update(target.privateKey).digest('hex')}`;
    let pool = this.pools.get(key);
    if (!pool) this.pools.set(key, (pool = { connections: [], next: 0 }));
    const slot = pool.next++ % this.connectionsPerTarget;
    let connection = pool.connections[slot];
    if (!connection) {
      const opened: Connection = connect(target, () => {
        if (pool.connections[slot] === opened) pool.connections[slot] = undefined;
      });
      connection = pool.connections[slot] = opened;
    }
    try {
      return await connection.ready;
    } catch (error) {
      if (pool.connections[slot] === connection) pool.connections[slot] = undefined;
      throw error;
    }
  }

  async close(): Promise<void> {
    const closing = [...this.pools.values()].flatMap((pool) => pool.connections.filter((c): c is Connection => c !== undefined));
    this.pools.clear();
    await Promise.all(
      closing.map(
        ({ client }) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            client.end();
            setTimeout(resolve, 1000).unref();
          }),
      ),
    );
  }
}
