import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  KeyClashError,
  TooLargeError,
  checkBlobKey,
  type BlobObject,
  type BlobPage,
  type BlobStore,
  type ListPageOptions,
  type TransferExpiry,
  type UploadedPart,
} from './blob-store.js';
import type { TransferSigner } from './local-transfer.js';

const temporaryFolder = '.tmp';
/**
 * Uploads in parts, one folder each: the target key in `key`, part n in `n` with its ETag in `n.etag`. When the
 * part size was declared (`part-size`), every part is written straight to its place in `assembly` (its length in
 * `n.size`), so completing it is a rename rather than a second copy of the whole object.
 */
const multipartFolder = '.multipart';
const hiddenFolders = new Set([temporaryFolder, multipartFolder]);

/** What the file system answers when a file stands where a folder is needed, or the other way round. */
const clashCodes = new Set(['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY']);

async function withoutClash<T>(key: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (clashCodes.has((error as NodeJS.ErrnoException).code ?? '')) throw new KeyClashError(key);
    throw error;
  }
}

/**
 * A part's ETag names the write that stored it, as S3's do for encrypted objects, rather than being its MD5: completing
 * checks each part is the one the client last stored, and hashing every byte on the main thread cost an upload at
 * 1 Gbit/s part of its speed.
 */
const partTag = () => `"${randomBytes(16).toString('hex')}"`;

const expiresAt = (expiry: TransferExpiry) => expiry.now.getTime() + expiry.expiresInSeconds * 1000;
const byKey = (a: { key: string }, b: { key: string }) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key));

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
/** A file's stats, or null when it was removed since its folder was read (uploads finish while a listing runs). */
async function statUnlessRemoved(file: string): Promise<fs.Stats | null> {
  try {
    return await fs.promises.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export class LocalFolderStore implements BlobStore {
  private readonly root: string;

  constructor(
    root: string,
    /** Signs the transfer URLs this store's clients use; the server serves them (see local-transfer-routes). */
    readonly signer: TransferSigner,
  ) {
    this.root = path.resolve(root);
    fs.mkdirSync(path.join(this.root, temporaryFolder), { recursive: true });
    fs.mkdirSync(path.join(this.root, multipartFolder), { recursive: true });
  }

  private resolve(key: string): string {
    checkBlobKey(key);
    const full = path.resolve(this.root, key);
    if (hiddenFolders.has(key.split('/')[0]!) || !full.startsWith(this.root + path.sep))
      throw new Error(`blob key outside the store: ${key}`);
    return full;
  }

  private multipartFolder(uploadId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(uploadId)) throw new Error(`not an upload id: ${uploadId}`);
    return path.join(this.root, multipartFolder, uploadId);
  }

  private temporaryFile(): string {
    return path.join(this.root, temporaryFolder, randomUUID());
  }

  private async moveIntoPlace(temporary: string, key: string): Promise<void> {
    const target = this.resolve(key);
    await withoutClash(key, async () => {
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(temporary, target);
    });
  }

  async put(key: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    if (key.endsWith('/')) {
      // A folder marker: a folder is what stands for it here.
      for await (const _ of source);
      await withoutClash(key, () => fs.promises.mkdir(this.resolve(key), { recursive: true }));
      return { size: 0 };
    }
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

  localFile(key: string): string {
    return this.resolve(key);
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
    // A folder stands for the marker `put` wrote for a key ending in '/'.
    if (key.endsWith('/')) return stats?.isDirectory() ? { size: 0 } : null;
    return stats?.isFile() ? { size: stats.size } : null;
  }

  async list(prefix: string): Promise<string[]> {
    return fs.promises.readdir(this.resolve(prefix)).catch(() => []);
  }

  async remove(keyOrPrefix: string): Promise<void> {
    await fs.promises.rm(this.resolve(keyOrPrefix), { recursive: true, force: true });
  }

  async sweepTemporary(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const hidden of hiddenFolders) {
      const folder = path.join(this.root, hidden);
      for (const name of await fs.promises.readdir(folder)) {
        const entry = path.join(folder, name);
        const stats = await fs.promises.stat(entry).catch(() => null);
        if (stats && stats.mtime < olderThan) {
          await fs.promises.rm(entry, { recursive: true, force: true });
          removed += 1;
        }
      }
    }
    return removed;
  }

  /** The folder every write goes through is there and writable (a removed or read-only blob folder fails). */
  async probe(): Promise<void> {
    await fs.promises.access(path.join(this.root, temporaryFolder), fs.constants.W_OK);
  }

  async listPage(prefix: string, options: ListPageOptions = {}): Promise<BlobPage> {
    const folderKey = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    const folder = folderKey ? this.resolve(folderKey) : this.root;
    const entries: { key: string; object?: BlobObject }[] = [];
    const walk = async (directory: string, directoryKey: string): Promise<void> => {
      const names = await fs.promises.readdir(directory, { withFileTypes: true }).catch(() => []);
      for (const entry of names) {
        const key = directoryKey + entry.name;
        if ((directoryKey === '' && hiddenFolders.has(entry.name)) || !(key.startsWith(prefix) || prefix.startsWith(`${key}/`))) continue;
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) {
          if (options.delimiter && key.startsWith(prefix)) {
            entries.push({ key: `${key}/` });
            continue;
          }
          const before = entries.length;
          await walk(full, `${key}/`);
          // An empty folder is what a folder marker leaves here: listed as S3 lists a marker object.
          if (entries.length === before && key.startsWith(prefix)) {
            const marker = `${key}/`;
            const stats = await statUnlessRemoved(full);
            if (stats) entries.push({ key: marker, object: { key: marker, size: 0, lastModified: stats.mtime } });
          }
        } else if (entry.isFile() && key.startsWith(prefix)) {
          const stats = await statUnlessRemoved(full);
          if (stats) entries.push({ key, object: { key, size: stats.size, lastModified: stats.mtime } });
        }
      }
    };
    await walk(folder, folderKey);
    entries.sort(byKey);
    const after = options.continuationToken ? Buffer.from(options.continuationToken, 'base64url').toString('utf8') : undefined;
    const remaining = after === undefined ? entries : entries.filter((entry) => byKey(entry, { key: after }) > 0);
    const page = remaining.slice(0, options.maxKeys ?? 1000);
    const last = page.at(-1);
    return {
      objects: page.flatMap((entry) => (entry.object ? [entry.object] : [])),
      commonPrefixes: page.flatMap((entry) => (entry.object ? [] : [entry.key])),
      nextContinuationToken: remaining.length > page.length && last ? Buffer.from(last.key).toString('base64url') : undefined,
    };
  }

  async presignPut(key: string, size: number, expiry: TransferExpiry): Promise<string> {
    this.resolve(key);
    return this.signer.url({ op: 'put', key, size, expires: expiresAt(expiry) });
  }

  async createMultipartUpload(key: string, options: { partSize?: number } = {}): Promise<string> {
    this.resolve(key);
    const uploadId = randomUUID();
    const folder = this.multipartFolder(uploadId);
    await fs.promises.mkdir(folder, { recursive: true });
    if (options.partSize) {
      await fs.promises.writeFile(path.join(folder, 'part-size'), String(options.partSize));
      await fs.promises.writeFile(path.join(folder, 'assembly'), '');
    }
    await fs.promises.writeFile(path.join(folder, 'key'), key);
    return uploadId;
  }

  private async declaredPartSize(folder: string): Promise<number | null> {
    const text = await fs.promises.readFile(path.join(folder, 'part-size'), 'utf8').catch(() => null);
    return text === null ? null : Number(text);
  }

  async presignPart(key: string, uploadId: string, partNumber: number, expiry: TransferExpiry): Promise<string> {
    this.multipartFolder(uploadId);
    return this.signer.url({ op: 'part', key, uploadId, partNumber, expires: expiresAt(expiry) });
  }

  /** Takes one part of an upload in parts (what a signed part URL receives); answers its ETag. */
  async putPart(key: string, uploadId: string, partNumber: number, source: Readable, maxBytes: number): Promise<string> {
    const folder = await this.openMultipart(key, uploadId);
    const partSize = await this.declaredPartSize(folder);
    if (partSize !== null) return this.putPartInPlace(folder, partNumber, partSize, source, maxBytes);
    const temporary = this.temporaryFile();
    try {
      await pipeline(
        source,
        sizeLimit(maxBytes, () => {}),
        fs.createWriteStream(temporary),
      );
      const etag = partTag();
      await fs.promises.writeFile(path.join(folder, `${partNumber}.etag`), etag);
      await fs.promises.rename(temporary, path.join(folder, String(partNumber)));
      return etag;
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  /** Writes part n at (n - 1) × partSize of the assembly, at most partSize bytes; it counts as there once its ETag and length are written. */
  private async putPartInPlace(folder: string, partNumber: number, partSize: number, source: Readable, maxBytes: number): Promise<string> {
    let size = 0;
    await fs.promises.rm(path.join(folder, `${partNumber}.etag`), { force: true });
    await pipeline(
      source,
      sizeLimit(Math.min(partSize, maxBytes), (n) => (size += n)),
      fs.createWriteStream(path.join(folder, 'assembly'), { flags: 'r+', start: (partNumber - 1) * partSize }),
    );
    const etag = partTag();
    await fs.promises.writeFile(path.join(folder, `${partNumber}.size`), String(size));
    await fs.promises.writeFile(path.join(folder, `${partNumber}.etag`), etag);
    return etag;
  }

  private async openMultipart(key: string, uploadId: string): Promise<string> {
    const folder = this.multipartFolder(uploadId);
    const target = await fs.promises.readFile(path.join(folder, 'key'), 'utf8').catch(() => null);
    if (target !== key) throw new Error(`no upload ${uploadId} of ${key}`);
    return folder;
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: UploadedPart[]): Promise<void> {
    const folder = await this.openMultipart(key, uploadId);
    const ordered = [...parts].sort((a, b) => a.partNumber - b.partNumber);
    for (const part of ordered) {
      const etag = await fs.promises.readFile(path.join(folder, `${part.partNumber}.etag`), 'utf8').catch(() => null);
      if (etag === null || etag.replace(/"/g, '') !== part.etag.replace(/"/g, ''))
        throw new Error(`part ${part.partNumber} of ${uploadId} is not there`);
    }
    const partSize = await this.declaredPartSize(folder);
    if (partSize !== null) {
      await this.completeInPlace(key, folder, ordered, partSize);
      return;
    }
    const joined = Readable.from(
      (async function* () {
        for (const part of ordered) yield* fs.createReadStream(path.join(folder, String(part.partNumber)));
      })(),
    );
    await this.put(key, joined);
    await fs.promises.rm(folder, { recursive: true, force: true });
  }

  /** The parts, 1 to n, each of the declared size but the last, already lie in place: the assembly is cut to length and renamed. */
  private async completeInPlace(key: string, folder: string, ordered: UploadedPart[], partSize: number): Promise<void> {
    let length = 0;
    for (const [index, part] of ordered.entries()) {
      const size = Number(await fs.promises.readFile(path.join(folder, `${part.partNumber}.size`), 'utf8'));
      const last = index === ordered.length - 1;
      if (part.partNumber !== index + 1 || (!last && size !== partSize))
        throw new Error(`part ${part.partNumber} does not fit the declared part size`);
      length += size;
    }
    const assembly = path.join(folder, 'assembly');
    await fs.promises.truncate(assembly, length);
    await this.moveIntoPlace(assembly, key);
    await fs.promises.rm(folder, { recursive: true, force: true });
  }

  async presignGet(key: string, fileName: string, expiry: TransferExpiry): Promise<string> {
    this.resolve(key);
    return this.signer.url({ op: 'get', key, fileName, expires: expiresAt(expiry) });
  }
}
