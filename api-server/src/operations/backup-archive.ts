import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/index.js';
import type { BlobStore } from '../blobs/index.js';
import { dumpDatabase, type DatabaseSnapshot } from './database-snapshot.js';
import { dumpBlobs, type BlobEntry } from './blob-snapshot.js';
import { dumpDataFiles, isKeptPath, type DataFileEntry } from './data-folder-files.js';
import { OperationRefusedError } from './operation-refused.js';
import { unreachableBlobs } from './named-blobs.js';

/** What a backup holds, in its `manifest.json`: every other entry of the archive is named here with its sha256. */
export interface BackupManifest {
  format: 'suanli-backup';
  formatVersion: 1;
  createdAt: string;
  database: DatabaseSnapshot;
  blobs: BlobEntry[];
  files: DataFileEntry[];
}

/** What a backup is made from: the site's database, blob store and data folder. */
export interface BackupSource {
  db: Database;
  blobs: BlobStore;
  dataDir: string;
}

export interface BackupSummary {
  file: string;
  bytes: number;
  createdAt: string;
  tables: number;
  rows: number;
  blobs: number;
  blobBytes: number;
  files: number;
}

const manifestName = 'manifest.json';

export function summarize(file: string, bytes: number, manifest: BackupManifest): BackupSummary {
  const stored = manifest.blobs.filter((blob) => blob.file);
  return {
    file,
    bytes,
    createdAt: manifest.createdAt,
    tables: manifest.database.tables.length,
    rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
    blobs: stored.length,
    blobBytes: stored.reduce((sum, blob) => sum + blob.size, 0),
    files: manifest.files.filter((entry) => entry.file).length,
  };
}

/**
 * Writes a backup of `source` to `file`, one gzipped tar: the database from one repeatable-read transaction, then
 * the blobs and the data folder's kept files. It is staged beside `file` and written as `<file>.partial`, renamed
 * once complete and on disk, so `file` is a whole backup or absent.
 */
export async function writeBackup(source: BackupSource, file: string, now = new Date()): Promise<BackupSummary> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new OperationRefusedError(`${target} already exists: name a new file`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = fs.mkdtempSync(path.join(path.dirname(target), '.suanli-backup-'));
  const partial = `${target}.partial`;
  try {
    const database = await dumpDatabase(source.db, staging);
    const blobs = await dumpBlobs(source.blobs, staging);
    await refuseUnreachableBlobs(source, blobs);
    const manifest: BackupManifest = {
      format: 'suanli-backup',
      formatVersion: 1,
      createdAt: now.toISOString(),
      database,
      blobs,
      files: await dumpDataFiles(source.dataDir, staging),
    };
    fs.writeFileSync(path.join(staging, manifestName), JSON.stringify(manifest, null, 1));
    // Readable by its owner only: it holds the signing keys, the SSH host key and every password hash.
    fs.rmSync(partial, { force: true });
    // tar is imported by the first backup or restore, not at the server's start (issue 31).
    const tar = await import('tar');
    await tar.create({ gzip: true, file: partial, mode: 0o600, cwd: staging, portable: true }, [
      manifestName,
      'database',
      'blobs',
      'files',
    ]);
    const handle = fs.openSync(partial, 'r');
    fs.fsyncSync(handle);
    fs.closeSync(handle);
    fs.renameSync(partial, target);
    return summarize(target, fs.statSync(target).size, manifest);
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A backup without a blob the database names would restore a site with a hole in it: none is written, and the blob is named. */
async function refuseUnreachableBlobs(source: BackupSource, copied: BlobEntry[]): Promise<void> {
  const unreachable = await unreachableBlobs(source.db, source.blobs, new Set(copied.map((blob) => blob.key)));
  if (!unreachable.length) return;
  const [first] = unreachable;
  const more = unreachable.length > 1 ? ` and ${unreachable.length - 1} more` : '';
  throw new OperationRefusedError(
    `the blob store lacks ${first!.key}, which the database names (${first!.namedBy})${more}: no backup written ` +
      '(replicas need one shared blob store, BLOB_STORE=s3)',
  );
}

/** Every entry the manifest names, with its sha256 and what it holds (for error messages), in manifest order. */
function namedEntries(manifest: BackupManifest): Array<{ file: string; sha256: string; holds: string }> {
  return [
    ...manifest.database.tables.map((table) => ({ file: table.file, sha256: table.sha256, holds: `table ${table.name}` })),
    ...manifest.blobs.flatMap((blob) => (blob.file ? [{ file: blob.file, sha256: blob.sha256, holds: `blob ${blob.key}` }] : [])),
    ...manifest.files.flatMap((entry) =>
      entry.file ? [{ file: entry.file, sha256: entry.sha256, holds: `data file ${entry.path}` }] : [],
    ),
  ];
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function filesUnder(root: string, relative = ''): string[] {
  return fs.readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    return entry.isDirectory() ? filesUnder(root, child) : [child];
  });
}

function readManifest(dir: string): BackupManifest {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, manifestName), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new OperationRefusedError(`the backup has no readable ${manifestName}`);
  }
  if (manifest.format !== 'suanli-backup') throw new OperationRefusedError('the file is not a 算力云 backup');
  if (manifest.formatVersion !== 1) {
    throw new OperationRefusedError(`the backup has format version ${manifest.formatVersion}, this version of the server reads 1`);
  }
  return manifest as BackupManifest;
}

/**
 * Unpacks the backup `file` into the empty folder `dir` and checks it: a manifest of this format, every entry it
 * names present with its sha256, nothing else, and data-folder paths only where the server keeps files. Throws
 * OperationRefusedError naming the first bad entry.
 */
export async function extractBackup(file: string, dir: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new OperationRefusedError(`${file} does not exist`);
  try {
    const tar = await import('tar');
    // Files and folders only: a link in a crafted archive could make a read or write land outside `dir`.
    await tar.extract({
      file,
      cwd: dir,
      strict: true,
      filter: (_path, entry) => 'type' in entry && ['File', 'Directory'].includes(entry.type),
    });
  } catch (error) {
    throw new OperationRefusedError(`${file} is damaged or not a backup (${(error as Error).message})`);
  }
  const manifest = readManifest(dir);
  const named = namedEntries(manifest);
  const strange = named.find((entry) => !/^(database|blobs|files)\/[^/]+$/.test(entry.file) || entry.file.includes('..'));
  if (strange) throw new OperationRefusedError(`the backup's manifest names ${strange.file} (${strange.holds}), not an entry of a backup`);
  const expected = new Set([manifestName, ...named.map((entry) => entry.file)]);
  const unexpected = filesUnder(dir).find((entry) => !expected.has(entry));
  if (unexpected) throw new OperationRefusedError(`the backup holds ${unexpected}, which its manifest does not name`);
  for (const entry of named) {
    const stored = path.join(dir, entry.file);
    if (!fs.existsSync(stored)) throw new OperationRefusedError(`the backup lacks ${entry.file} (${entry.holds})`);
    if ((await sha256Of(stored)) !== entry.sha256) {
      throw new OperationRefusedError(`the backup's ${entry.file} (${entry.holds}) is damaged: its sha256 differs from the manifest's`);
    }
  }
  const outside = manifest.files.find((entry) => !isKeptPath(entry.path));
  if (outside) throw new OperationRefusedError(`the backup would write ${outside.path}, outside the data folder's kept files`);
  return manifest;
}
