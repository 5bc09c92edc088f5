import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Md5MismatchError, TooLargeError, type BlobStore } from './blob-store.js';

const temporaryFolder = '.tmp';

/**
 * Blobs as files under `root`. Every write goes to `root/.tmp/<uuid>` first and is renamed into
 * place (same file system, so the rename is atomic).
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
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (options.maxBytes !== undefined && size > options.maxBytes) done(new TooLargeError(options.maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, fs.createWriteStream(temporary));
      await this.moveIntoPlace(temporary, key);
      return { size };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async compose(parts: string[], key: string, expectedMd5?: string): Promise<{ size: number; md5: string }> {
    const temporary = this.temporaryFile();
    const hash = createHash('md5');
    let size = 0;
    const output = fs.createWriteStream(temporary);
    try {
      for (const part of parts) {
        for await (const piece of fs.createReadStream(this.resolve(part), { highWaterMark: 1024 * 1024 })) {
          hash.update(piece as Buffer);
          size += (piece as Buffer).length;
          if (!output.write(piece)) await once(output, 'drain');
        }
      }
      await new Promise<void>((resolve, reject) => output.end((error?: Error | null) => (error ? reject(error) : resolve())));
      const md5 = hash.digest('hex');
      if (expectedMd5 !== undefined && md5 !== expectedMd5.toLowerCase()) throw new Md5MismatchError(expectedMd5, md5);
      await this.moveIntoPlace(temporary, key);
      return { size, md5 };
    } catch (error) {
      output.destroy();
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
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

  read(key: string): Readable {
    return fs.createReadStream(this.resolve(key));
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
