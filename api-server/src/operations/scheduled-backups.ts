import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BackupSettings } from '../config.js';
import { startPeriodicPass } from '../accounts/index.js';
import { writeBackup, type BackupSource } from './backup-archive.js';

const minute = 60_000;
/** `suanli-backup-20261123T214000Z.tar.gz`: names sort as their times do. */
const backupName = /^suanli-backup-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar\.gz$/;

export const scheduledBackupName = (at: Date) => `suanli-backup-${at.toISOString().replace(/[-:]|\.\d+/g, '')}.tar.gz`;

function timeOf(name: string): number {
  const [, year, month, day, hours, minutes, seconds] = backupName.exec(name)!;
  return Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours), Number(minutes), Number(seconds));
}

export interface ScheduledPassResult {
  written: string | null;
  removed: string[];
}

/**
 * Writes a backup into `settings.dir` when none there is younger than the interval, then removes the oldest
 * scheduled backups beyond `settings.keep` (files of other names are left alone).
 */
export async function scheduledBackupPass(
  source: BackupSource,
  settings: BackupSettings & { dir: string },
  now: Date,
): Promise<ScheduledPassResult> {
  fs.mkdirSync(settings.dir, { recursive: true });
  const existing = () =>
    fs
      .readdirSync(settings.dir)
      .filter((name) => backupName.test(name))
      .sort();
  const newest = existing().at(-1);
  let written: string | null = null;
  if (!newest || now.getTime() - timeOf(newest) >= settings.intervalMs) {
    written = path.join(settings.dir, scheduledBackupName(now));
    await writeBackup(source, written, now);
  }
  const removed = existing().slice(0, -settings.keep);
  for (const name of removed) fs.rmSync(path.join(settings.dir, name), { force: true });
  return { written, removed };
}

/** The leader's periodic backups when BACKUP_DIR is set: it looks every ten minutes (or each interval, if shorter) whether one is due. */
export function startScheduledBackups(app: FastifyInstance): () => Promise<void> {
  const { dir, intervalMs, keep } = app.config.backups;
  if (!dir) return async () => {};
  const source = { db: app.db, blobs: app.blobs, dataDir: app.config.dataDir };
  return startPeriodicPass(app, Math.min(intervalMs, 10 * minute), 'scheduled backup failed', async () => {
    const { written, removed } = await scheduledBackupPass(source, { dir, intervalMs, keep }, app.clock.now());
    if (written) app.log.info({ backup: written, removed }, 'scheduled backup written');
  });
}
