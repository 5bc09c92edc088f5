import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/**
 * What the server keeps in DATA_DIR besides the database (pglite/) and the local blob store (blobs/): the keys it
 * made on first start (lib/kept-secret.ts users, the SSH gateway's host key, the payment sandbox's keys) and the
 * local file trees (file storage of local clusters, network disks, datasets).
 */
const keptKeys = ['upload-signing.key', 'quote-signing.key', 'ssh/ssh_host_ed25519_key', 'payments/sandbox-key.json'];
export const keptTrees = ['file-storage', 'net-disks', 'datasets'];

/** One file or folder of the data folder in a snapshot; folders (kept so empty ones survive) have no file. */
export interface DataFileEntry {
  /** Relative to DATA_DIR, `/`-separated. */
  path: string;
  directory?: true;
  size: number;
  sha256: string;
  /** Relative to the snapshot folder. */
  file?: string;
}

/** Appends what is under `relative`; a folder removed meanwhile (users keep working during a backup) holds nothing. */
function walk(root: string, relative: string, found: Array<{ path: string; directory: boolean }>): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      found.push({ path: child, directory: true });
      walk(root, child, found);
    } else if (entry.isFile()) found.push({ path: child, directory: false });
  }
}

/** The kept keys and every file and folder of the kept trees that exist in `dataDir`. */
function keptPaths(dataDir: string): Array<{ path: string; directory: boolean }> {
  const found = keptKeys.filter((key) => fs.existsSync(path.join(dataDir, key))).map((key) => ({ path: key, directory: false }));
  for (const tree of keptTrees) {
    if (!fs.existsSync(path.join(dataDir, tree))) continue;
    found.push({ path: tree, directory: true });
    walk(dataDir, tree, found);
  }
  return found;
}

/** Copies the kept files of `dataDir` into `dir/files/`; a file removed meanwhile is left out. */
export async function dumpDataFiles(dataDir: string, dir: string): Promise<DataFileEntry[]> {
  fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
  const entries: DataFileEntry[] = [];
  const emptySha256 = createHash('sha256').digest('hex');
  for (const kept of keptPaths(dataDir)) {
    if (kept.directory) {
      entries.push({ path: kept.path, directory: true, size: 0, sha256: emptySha256 });
      continue;
    }
    const file = path.join('files', String(entries.length).padStart(8, '0'));
    const hash = createHash('sha256');
    let size = 0;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(fs.createReadStream(path.join(dataDir, kept.path)), hashing, fs.createWriteStream(path.join(dir, file)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    entries.push({ path: kept.path, size, sha256: hash.digest('hex'), file });
  }
  return entries;
}

/** Writes the snapshot's files into `dataDir` (keys with mode 600), replacing files of the same names. */
export function loadDataFiles(dataDir: string, dir: string, entries: DataFileEntry[]): void {
  for (const entry of entries) {
    const target = path.join(dataDir, entry.path);
    if (entry.directory) fs.mkdirSync(target, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(dir, entry.file!), target);
      if (keptKeys.includes(entry.path)) fs.chmodSync(target, 0o600);
    }
  }
}

/** Whether a snapshot may write `relative` into the data folder: a kept key, or inside a kept tree. */
export function isKeptPath(relative: string): boolean {
  const segments = relative.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
  return keptKeys.includes(relative) || keptTrees.includes(segments[0]!);
}

/** The kept trees of `dataDir` that hold something. */
export function nonEmptyTrees(dataDir: string): string[] {
  return keptTrees.filter((tree) => {
    try {
      return fs.readdirSync(path.join(dataDir, tree)).length > 0;
    } catch {
      return false;
    }
  });
}
