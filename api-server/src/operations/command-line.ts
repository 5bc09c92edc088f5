import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, type AppConfig } from '../config.js';
import type { BackupSummary } from './backup-archive.js';

export interface CommandLine {
  config: AppConfig;
  file: string;
  force: boolean;
}

/**
 * Runs the operator command `name` on one backup file with the server's environment variables: `--help` prints `usage`;
 * any failure prints one line (no stack) and exits with code 1.
 */
export async function runCommand(name: string, usage: string, main: (command: CommandLine) => Promise<string>): Promise<void> {
  try {
    const { values, positionals } = parseArgs({
      args: process.argv.slice(2),
      options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(usage);
      return;
    }
    if (positionals.length !== 1) throw new Error(`name one backup file\n${usage}`);
    // `npm run` starts in the repository's root: a relative path means where the operator typed it.
    const file = path.resolve(process.env.INIT_CWD ?? '.', positionals[0]!);
    console.log(await main({ config: loadConfig(process.env), file, force: values.force }));
  } catch (error) {
    console.error(`${name}: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
}

/** What a backup holds, as the commands print it. */
export function describeBackup(summary: BackupSummary): string {
  return [
    `  file:     ${summary.file} (${formatBytes(summary.bytes)}, made ${summary.createdAt})`,
    `  database: ${summary.tables} tables, ${summary.rows} rows`,
    `  blobs:    ${summary.blobs} (${formatBytes(summary.blobBytes)})`,
    `  files:    ${summary.files} kept from the data folder (keys, file storage, network disks, datasets)`,
  ].join('\n');
}
