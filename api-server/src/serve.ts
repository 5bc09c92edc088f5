import { buildApp } from './app.js';
import type { AppConfig } from './config.js';
import { systemClock } from './clock.js';
import { fileClock } from './file-clock.js';
import type { StartingDatabase } from './db/index.js';
import { seedDemoData, seedBaseData, warnOfDemoSite } from './seed/index.js';
import { startPeriodicJobs } from './periodic-jobs.js';
import { createLeaderLock, startLeadership } from './leadership/index.js';
import { startSshGateway } from './ssh-gateway/index.js';
import { startOperationsSocket } from './operations/index.js';
import { portRefusal, startIdleCollection } from './lib/index.js';

/**
 * The process once its database is opening (server.ts): builds the app meanwhile, writes a new site's first rows, starts
 * the periodic jobs (on the leader), the SSH gateway and the operations socket, and listens until a signal stops it;
 * meanwhile it gives back the memory each burst of work leaves behind once it falls idle.
 */
export async function serve(config: AppConfig, database: StartingDatabase): Promise<void> {
  const clock = config.clockFile ? fileClock(config.clockFile) : systemClock;
  // What a server writes while it starts (partitions, demo datasets, the site's base data, demo data) is written by one
  // replica at a time: replicas started at the same moment on an empty database write it once.
  const app = await database.exclusively(async () => {
    // Built while the database opens: the statements sent meanwhile wait for it.
    const [built] = await Promise.all([
      buildApp({ config, db: database.db, clock }).then(async (app) => {
        await app.ready();
        return app;
      }),
      database.ready,
    ]);
    if (config.seedDemoData && (await seedDemoData(database.db, { billingHistory: true, blobs: built.blobs, hpc: built.hpc }))) {
      built.log.info(
        'demo data written: users 13800000001 (default), 13800000002 (teacher), 13800000003 (organization), password Demo@2026',
      );
      // The demo lesson just written waits for the transcoder like an upload: transcoded now, not at the next start.
      await built.videos.queue.resumeInterrupted();
    }
    if (!config.seedDemoData && (await seedBaseData(database.db))) {
      built.log.info('site data written: site information, navigation, prices and catalogues; no accounts, no GPU nodes');
    }
    return built;
  });

  // Metering, expiry, release and every other periodic job run on one replica: the holder of the scheduler lock.
  const leadership = startLeadership(createLeaderLock(config), {
    retryMs: config.leaderRetryMs,
    log: app.log,
    replicaId: config.replicaId,
    lead: () => startPeriodicJobs(app),
  });
  app.scheduling.follow(leadership);
  // Declared before anything starts: a refused start closes what is open by then.
  let sshGateway: { close(): Promise<void> } | null = null;
  let stopOperationsSocket: (() => Promise<void>) | null = null;
  const stopIdleCollection = startIdleCollection();

  async function closeAll() {
    stopIdleCollection();
    await leadership.stop();
    await sshGateway?.close();
    await stopOperationsSocket?.();
    await app.close();
    await database.close();
  }

  /** A port this server cannot take ends the start with one sentence that names the setting moving it; other failures are thrown on. */
  async function stopIfPortTaken(error: unknown, port: Parameters<typeof portRefusal>[1]): Promise<never> {
    const sentence = portRefusal(error, port);
    if (!sentence) throw error;
    console.error(`api-server: ${sentence}`);
    await closeAll();
    process.exit(1);
  }

  sshGateway = await startSshGateway(app, { port: config.ssh.port, host: config.host }).catch((error: unknown) =>
    stopIfPortTaken(error, { what: 'The SSH gateway', port: config.ssh.port, setting: 'SSH_PORT' }),
  );
  // `npm run backup` asks the process holding the PGlite folder; on PostgreSQL it reads the database itself.
  if (database.kind === 'pglite') {
    stopOperationsSocket = await startOperationsSocket({ db: database.db, blobs: app.blobs, dataDir: config.dataDir }, app.log);
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) {
      app.log.warn({ signal }, 'stopped by a second signal before the shutdown ended');
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A slow upload or a hung request would otherwise hold the process until an orchestrator's SIGKILL.
    setTimeout(() => {
      app.log.warn({ graceMs: config.shutdownGraceMs }, 'closing the connections still open after the shutdown grace period');
      app.server.closeAllConnections();
    }, config.shutdownGraceMs).unref();
    await closeAll();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app
    .listen({ port: config.port, host: config.host })
    .catch((error: unknown) => stopIfPortTaken(error, { what: 'The HTTP server', port: config.port, setting: 'PORT' }));
  // Checking the demo accounts' passwords hashes four times: said once the server answers, before the line that it listens.
  await warnOfDemoSite(app);
  app.log.info(
    `算力云 listening on http://localhost:${config.port} as ${config.replicaId} (${database.kind}, data in ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
  );
}
