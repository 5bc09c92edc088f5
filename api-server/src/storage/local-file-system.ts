import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { internalName } from '../lib/index.js';
import { FileSystemError, type FileEntry, type FileSystem } from './file-system.js';

/** Where `write` assembles files before moving them into place: hidden from listings, on the same file system. */
const temporaryFolder = internalName('partial');

function limit(maxBytes: number, target: string, counted: (n: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      counted(chunk.length);
      if (seen > maxBytes) done(new FileSystemError('too-large', target));
      else done(null, chunk);
    },
  });
}

const isCode = (error: unknown, ...codes: string[]) => codes.includes((error as { code?: string }).code ?? '');

/** A file system in a folder of this machine (the embedded default for file storage and network disks). */
export class LocalFileSystem implements FileSystem {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private resolve(relative: string): string {
    const full = path.resolve(this.root, relative);
    if (full !== this.root && !full.startsWith(this.root + path.sep)) throw new FileSystemError('not-found', relative);
    return full;
  }

  private entry(relative: string, stats: fs.Stats): FileEntry {
    return {
      name: path.posix.basename(relative),
      path: relative,
      isDir: stats.isDirectory(),
      size: stats.isDirectory() ? 0 : stats.size,
      modifiedAt: stats.mtime,
    };
  }

  private async ensureRoot(): Promise<void> {
    await fs.promises.mkdir(this.root, { recursive: true });
  }

  async list(folder: string): Promise<FileEntry[]> {
    await this.ensureRoot();
    const full = this.resolve(folder);
    let names: fs.Dirent[];
    try {
      names = await fs.promises.readdir(full, { withFileTypes: true });
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw new FileSystemError('not-found', folder);
      if (isCode(error, 'ENOTDIR')) throw new FileSystemError('not-a-folder', folder);
      throw error;
    }
    const entries = await Promise.all(
      names
        .filter((dirent) => !(folder === '' && dirent.name === temporaryFolder))
        .map(async (dirent) => {
          const relative = folder ? `${folder}/${dirent.name}` : dirent.name;
          const stats = await fs.promises.stat(path.join(full, dirent.name)).catch(() => null);
          return stats ? this.entry(relative, stats) : null;
        }),
    );
    return entries.filter((entry): entry is FileEntry => entry !== null);
  }

  async stat(relative: string): Promise<FileEntry | null> {
    const stats = await fs.promises.stat(this.resolve(relative)).catch(() => null);
    return stats ? this.entry(relative, stats) : null;
  }

  async setModified(relative: string, time: Date): Promise<void> {
    const seconds = Math.floor(time.getTime() / 1000);
    try {
      await fs.promises.utimes(this.resolve(relative), seconds, seconds);
    } catch (error) {
      if (isCode(error, 'ENOENT')) throw new FileSystemError('not-found', relative);
      throw error;
    }
  }

  async mkdir(folder: string): Promise<void> {
    try {
      await fs.promises.mkdir(this.resolve(folder), { recursive: true });
    } catch (error) {
      if (isCode(error, 'EEXIST', 'ENOTDIR')) throw new FileSystemError('exists', folder);
      throw error;
    }
  }

  async read(relative: string, range?: { start: number; end: number }): Promise<Readable> {
    const full = this.resolve(relative);
    const stats = await fs.promises.stat(full).catch(() => null);
    if (!stats) throw new FileSystemError('not-found', relative);
    if (stats.isDirectory()) throw new FileSystemError('is-a-folder', relative);
    if (range && range.end <= range.start) return Readable.from([]);
    return fs.createReadStream(full, { start: range?.start, end: range ? range.end - 1 : undefined, highWaterMark: 1024 * 1024 });
  }

  async write(relative: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const target = this.resolve(relative);
    const existing = await fs.promises.stat(target).catch(() => null);
    if (existing?.isDirectory()) throw new FileSystemError('is-a-folder', relative);
    await fs.promises.mkdir(path.join(this.root, temporaryFolder), { recursive: true });
    const temporary = path.join(this.root, temporaryFolder, randomUUID());
    let size = 0;
    // Opened before the copy starts: a stream that opens lazily could create the file after a refusal removed it.
    const handle = await fs.promises.open(temporary, 'w');
    try {
      await pipeline(
        source,
        limit(options.maxBytes ?? Infinity, relative, (n) => (size += n)),
        handle.createWriteStream(),
      );
      await this.mkdir(path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative));
      await fs.promises.rename(temporary, target);
      return { size };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async adopt(relative: string, file: string): Promise<void> {
    const target = this.resolve(relative);
    if ((await fs.promises.stat(target).catch(() => null))?.isDirectory()) throw new FileSystemError('is-a-folder', relative);
    await this.mkdir(path.posix.dirname(relative) === '.' ? '' : path.posix.dirname(relative));
    try {
      await fs.promises.rename(file, target);
    } catch (error) {
      if (!isCode(error, 'EXDEV')) throw error;
      await fs.promises.mkdir(path.join(this.root, temporaryFolder), { recursive: true });
      const temporary = path.join(this.root, temporaryFolder, randomUUID());
      try {
        await fs.promises.copyFile(file, temporary, fs.constants.COPYFILE_FICLONE);
        await fs.promises.rename(temporary, target);
      } catch (copyError) {
        await fs.promises.rm(temporary, { force: true });
        throw copyError;
      }
      await fs.promises.rm(file, { force: true });
    }
  }

  async rename(from: string, to: string): Promise<void> {
    const source = this.resolve(from);
    const target = this.resolve(to);
    if (!(await this.stat(from))) throw new FileSystemError('not-found', from);
    if (await this.stat(to)) throw new FileSystemError('exists', to);
    if (target.startsWith(source + path.sep)) throw new FileSystemError('not-a-folder', to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(source, target);
  }

  async copy(from: string, to: string): Promise<void> {
    const source = this.resolve(from);
    const target = this.resolve(to);
    if (!(await this.stat(from))) throw new FileSystemError('not-found', from);
    if (await this.stat(to)) throw new FileSystemError('exists', to);
    if (target.startsWith(source + path.sep)) throw new FileSystemError('not-a-folder', to);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.cp(source, target, { recursive: true, errorOnExist: true, force: false });
  }

  async remove(relative: string): Promise<void> {
    if (relative === '') throw new FileSystemError('is-a-folder', relative);
    await fs.promises.rm(this.resolve(relative), { recursive: true, force: true });
  }

  async usage(folder = ''): Promise<{ bytes: number; files: number }> {
    const total = { bytes: 0, files: 0 };
    const walk = async (full: string): Promise<void> => {
      const dirents = await fs.promises.readdir(full, { withFileTypes: true }).catch(() => []);
      for (const dirent of dirents) {
        const child = path.join(full, dirent.name);
        if (dirent.isDirectory()) await walk(child);
        else if (dirent.isFile()) {
          const stats = await fs.promises.stat(child).catch(() => null);
          total.bytes += stats?.size ?? 0;
          total.files += 1;
        }
      }
    };
    await walk(this.resolve(folder));
    return total;
  }

  async close(): Promise<void> {}
}
