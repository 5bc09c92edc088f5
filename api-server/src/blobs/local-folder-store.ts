import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TooLargeError, type BlobStore } from './blob-store.js';

const temporaryFolder = '.tmp';

/** Passes bytes through, counting them, and fails once more than `maxBytes` went by. */
function sizeLimit(maxBytes: number, counted: (bytes: number) => void): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      counted(chunk.length);
      if (seen > maxBytes) done(new TooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

/**
 * Blobs as files under `root`. `put` and `copy` write to `root/.tmp/<uuid>` first and rename into
 * place (same file system, so the rename is atomic); `writeAt` assembles in place.
 */
export class LocalFolderStore implements BlobStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    fs.mkdirSync(path.join(this.root, temporaryFolder), { recursive: true });
  }

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (key.startsWith(temporaryFolder) || !full.startsWith(this.root + path.sep)) throw new Error(`blob key outside the store: ${key}`);
    return full;
  }

  private temporaryFile(): string {
    return path.join(this.root, temporaryFolder, randomUUID());
  }

  private async moveIntoPlace(temporary: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(temporary, target);
  }

  async put(key: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const temporary = this.temporaryFile();
    let size = 0;
    try {
      await pipeline(
        source,
        sizeLimit(options.maxBytes ?? Infinity, (n) => (size += n)),
        fs.createWriteStream(temporary),
      );
      await this.moveIntoPlace(temporary, key);
      return { size };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async writeAt(key: string, offset: number, source: Readable, options: { maxBytes: number }): Promise<{ size: number }> {
    const target = this.resolve(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await (await fs.promises.open(target, 'a')).close();
    let size = 0;
    await pipeline(
      source,
      sizeLimit(options.maxBytes, (n) => (size += n)),
      fs.createWriteStream(target, { flags: 'r+', start: offset }),
    );
    return { size };
  }

  readRange(key: string, start: number, end: number): Readable {
    if (end <= start) return Readable.from([]);
    return fs.createReadStream(this.resolve(key), { start, end: end - 1, highWaterMark: 1024 * 1024 });
  }

  async move(from: string, to: string): Promise<void> {
    await this.moveIntoPlace(this.resolve(from), to);
  }

  async copy(from: string, to: string): Promise<void> {
    const temporary = this.temporaryFile();
    try {
      await fs.promises.copyFile(this.resolve(from), temporary, fs.constants.COPYFILE_FICLONE);
      await this.moveIntoPlace(temporary, to);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const stats = await fs.promises.stat(this.resolve(key)).catch(() => null);
    return stats?.isFile() ? { size: stats.size } : null;
  }

  async list(prefix: string): Promise<string[]> {
    return fs.promises.readdir(this.resolve(prefix)).catch(() => []);
  }

  async remove(keyOrPrefix: string): Promise<void> {
    await fs.promises.rm(this.resolve(keyOrPrefix), { recursive: true, force: true });
  }

  async sweepTemporary(olderThan: Date): Promise<number> {
    const folder = path.join(this.root, temporaryFolder);
    let removed = 0;
    for (const name of await fs.promises.readdir(folder)) {
      const file = path.join(folder, name);
      const stats = await fs.promises.stat(file).catch(() => null);
      if (stats && stats.mtime < olderThan) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
