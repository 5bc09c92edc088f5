import { buildApp } from './app.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { openDatabase, type OpenDatabase } from './db/open-database.js';
import { seedDemoData } from './seed/demo-data.js';
import { startScheduler } from './compute/scheduler.js';
import { startMetricsPass } from './compute/instance-metrics/metrics-pass.js';
import { startJobSync } from './hpc/job-sync.js';
import { startPaymentScheduler } from './billing/payments/payment-scheduler.js';
import { startTaskRunner } from './storage/task-runner.js';
import { startCommunityScheduler } from './community/community-scheduler.js';
import { startExamScheduler } from './exam/exam-scheduler.js';
import { startSshGateway } from './ssh-gateway/ssh-gateway.js';

let config: AppConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`api-server: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

let database: OpenDatabase;
try {
  database = await openDatabase(config);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`api-server: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ config, db: database.db });
if (config.seedDemoData && (await seedDemoData(database.db, { billingHistory: true, blobs: app.blobs, hpc: app.hpc }))) {
  app.log.info('demo data written: users 13800000001 (default), 13800000002 (teacher), 13800000003 (organization), password Demo@2026');
}

const stopScheduler = startScheduler(app);
const stopMetricsPass = startMetricsPass(app);
const stopJobSync = startJobSync(app);
const stopPaymentScheduler = startPaymentScheduler(app.payments, app.log);
const stopTaskRunner = startTaskRunner(app);
const stopCommunityScheduler = startCommunityScheduler(app);
const stopExamScheduler = startExamScheduler(app);
const sshGateway = await startSshGateway(app, { port: config.ssh.port, host: config.host });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await stopScheduler();
  await stopMetricsPass();
  await stopJobSync();
  await stopPaymentScheduler();
  await stopTaskRunner();
  await stopCommunityScheduler();
  await stopExamScheduler();
  await sshGateway.close();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `算力云 listening on http://localhost:${config.port} (${database.kind}, data in ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'})`,
);
