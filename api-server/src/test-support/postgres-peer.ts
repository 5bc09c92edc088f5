import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { adminQuery, databaseUrl, dropDatabaseWhenFree } from './postgres-admin.js';
import { freePort } from './free-port.js';

export interface PostgresPeer {
  /** A database of its own, empty. */
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh database on TEST_POSTGRES_URL's server when set (scripts/with-postgres.sh), otherwise on a throwaway
 * cluster of Debian's PostgreSQL started here, as with-postgres.sh does.
 */
export async function startPostgresPeer(): Promise<PostgresPeer> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (adminUrl) return databaseOn(adminUrl, async () => {});
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .at(-1);
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const cluster = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-pg-'));
  const port = await freePort();
  const asOwner = (command: string, args: string[]) => {
    if (process.getuid?.() !== 0) return execFileSync(command, args, { stdio: 'ignore' });
    execFileSync('chown', ['-R', 'postgres', cluster]);
    return execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
  };
  const data = path.join(cluster, 'data');
  asOwner(`${bin}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--encoding=UTF8', '--locale=C.UTF-8']);
  const options = `-p ${port} -k ${cluster} -c fsync=off -c listen_addresses=127.0.0.1 -c max_connections=200`;
  asOwner(`${bin}/pg_ctl`, ['-D', data, '-l', path.join(cluster, 'server.log'), '-w', '-o', options, 'start']);
  return databaseOn(`postgres://postgres@127.0.0.1:${port}/postgres`, async () => {
    await new Promise<void>((resolve) => {
      const args = ['-D', data, '-m', 'immediate', 'stop'];
      const stop =
        process.getuid?.() === 0 ? spawn('runuser', ['-u', 'postgres', '--', `${bin}/pg_ctl`, ...args]) : spawn(`${bin}/pg_ctl`, args);
      stop.once('exit', () => resolve());
    });
    fs.rmSync(cluster, { recursive: true, force: true });
  });
}

async function databaseOn(adminUrl: string, stopServer: () => Promise<void>): Promise<PostgresPeer> {
  const name = `rc_replicas_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    url: databaseUrl(adminUrl, name),
    async close() {
      await dropDatabaseWhenFree(adminUrl, name);
      await stopServer();
    },
  };
}
