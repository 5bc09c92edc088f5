import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { dataDirHolder } from '../db/index.js';
import { writeBackup, type BackupSummary } from './backup-archive.js';
import { describeBackup, runCommand } from './command-line.js';
import { OperationRefusedError } from './operation-refused.js';
import { requestBackup } from './operations-socket.js';
import { openSiteData } from './site-data.js';

const usage = `Usage: npm run backup -- <file>

Writes a backup of the site the server's environment variables name (DATA_DIR, DATABASE_URL, BLOB_STORE, S3_*)
to <file>, one .tar.gz: the database at one moment, every blob, and the data folder's keys and local files.
The server may keep running: on PostgreSQL the command reads the database itself; a server running on the
data folder (PGlite) writes the backup for it.`;

async function backUp(config: AppConfig, file: string): Promise<BackupSummary> {
  if (!config.databaseUrl) {
    const server = dataDirHolder(config.dataDir);
    if (server !== undefined) return requestBackup(config.dataDir, file);
    if (!fs.existsSync(path.join(config.dataDir, 'pglite'))) throw new OperationRefusedError(`${config.dataDir} holds no database`);
  }
  const site = await openSiteData(config);
  try {
    return await writeBackup({ db: site.db, blobs: site.blobs, dataDir: config.dataDir }, file);
  } finally {
    await site.close();
  }
}

await runCommand('backup', usage, async ({ config, file, force }) => {
  if (force) throw new Error('--force is an option of restore');
  const summary = await backUp(config, file);
  return `backup written\n${describeBackup(summary)}`;
});
