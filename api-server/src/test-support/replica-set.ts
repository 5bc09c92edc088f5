import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type OpenDatabase, queryRows } from '../db/index.js';
import { writeClockFile } from '../file-clock.js';
import { startNginxPeer } from './nginx-peer.js';
import { startPostgresPeer } from './postgres-peer.js';
import { startRedisServer } from './redis-server.js';
import { startS3Peer } from './s3-peer.js';
import { ServerProcess } from './server-process.js';

export const replicaIds = ['replica-a', 'replica-b'] as const;
export type ReplicaId = (typeof replicaIds)[number];

/**
 * Two API replicas as they run in production (the compiled build, NODE_ENV=production) on one PostgreSQL, one
 * Redis and one S3 bucket (s3rver), behind Debian's nginx with the site we ship (deploy/nginx), their time read from one
 * CLOCK_FILE the test moves.
 */
export class ReplicaSet {
  private constructor(
    private readonly closers: Array<() => Promise<void>>,
    readonly replicas: Record<ReplicaId, ServerProcess>,
    /** nginx's address: every journey goes through it. */
    readonly url: string,
    /** The shared database, for the test's own checks. */
    readonly database: OpenDatabase,
    private readonly clockFile: string,
    private time: Date,
  ) {}

  static async start(): Promise<ReplicaSet> {
    // Whatever started is stopped again, also when a later part fails to start.
    const closers: Array<() => Promise<void>> = [];
    try {
      const clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-clock-'));
      closers.push(async () => fs.rmSync(clockDir, { recursive: true, force: true }));
      const clockFile = path.join(clockDir, 'now');
      const time = new Date(Math.floor(Date.now() / 1000) * 1000);
      writeClockFile(clockFile, time);
      const postgres = await startPostgresPeer();
      closers.push(() => postgres.close());
      const s3 = await startS3Peer();
      closers.push(() => s3.close());
      const redis = await startRedisServer();
      closers.push(() => redis.stop());
      const env = {
        NODE_ENV: 'production',
        DATABASE_URL: postgres.url,
        REDIS_URL: redis.url,
        BLOB_STORE: 's3',
        S3_ENDPOINT: s3.settings.endpoint!,
        S3_BUCKET: s3.settings.bucket,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
        UPLOAD_SIGNING_SECRET: 'replicas-upload-signing-secret',
        QUOTE_SIGNING_SECRET: 'replicas-quote-signing-secret',
        TRUST_PROXY: '127.0.0.1',
        CLOCK_FILE: clockFile,
        METERING_INTERVAL_MS: '300',
        LEADER_RETRY_MS: '300',
      };
      // One after the other: the first migrates and seeds, the second finds it done (and the first leads).
      const replicas = {} as Record<ReplicaId, ServerProcess>;
      for (const id of replicaIds) {
        const replica = await ServerProcess.start({ env: { ...env, REPLICA_ID: id } });
        closers.push(() => replica.stop());
        replicas[id] = replica;
      }
      const nginx = await startNginxPeer([replicas[replicaIds[0]].port, replicas[replicaIds[1]].port]);
      closers.push(() => nginx.close());
      const database = await openDatabase({ dataDir: clockDir, databaseUrl: postgres.url });
      closers.push(() => database.close());
      return new ReplicaSet(closers, replicas, nginx.url, database, clockFile, time);
    } catch (error) {
      for (const close of closers.reverse()) await close().catch(() => {});
      throw error;
    }
  }

  now(): Date {
    return new Date(this.time);
  }

  /** Moves the time of every replica on. */
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
    writeClockFile(this.clockFile, this.time);
  }

  /** The replica holding the scheduler lock (its connection's application_name), or null while none does. */
  async leader(): Promise<ReplicaId | null> {
    const rows = await queryRows<{ application_name: string }>(
      this.database.db,
      sql`select a.application_name from pg_locks l join pg_stat_activity a using (pid)
          where l.locktype = 'advisory' and l.granted and a.application_name like 'suanli-leader %'
            and l.database = (select oid from pg_database where datname = current_database())`,
    );
    const names = rows.map((row) => row.application_name);
    if (names.length > 1) throw new Error(`two leaders: ${names.join(', ')}`);
    return (names[0]?.replace('suanli-leader ', '') as ReplicaId | undefined) ?? null;
  }

  async close(): Promise<void> {
    for (const close of this.closers.reverse()) await close();
  }
}
