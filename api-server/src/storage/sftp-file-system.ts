import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Attributes, SFTPWrapper } from 'ssh2';
import { internalName } from '../lib/index.js';
import { FileSystemError, type FileEntry, type FileSystem } from './file-system.js';

/** Where `write` assembles files before renaming them into place: hidden from listings, in the same home. */
const temporaryFolder = internalName('partial');
const noSuchFile = 2;
const folderBits = 0o040000;
const typeBits = 0o170000;
const regularBits = 0o100000;

const isFolder = (attrs: Attributes) => (attrs.mode & typeBits) === folderBits;
const isRegular = (attrs: Attributes) => (attrs.mode & typeBits) === regularBits;
const isMissing = (error: unknown) => (error as { code?: number }).code === noSuchFile;

function call<T>(run: (done: (error: Error | null | undefined, value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => run((error, value) => (error ? reject(error) : resolve(value))));
}

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

/**
 * A file system in a home folder on a remote machine, over SFTP (an HPC cluster's login node).
 * `session` hands out an SFTP session of a shared connection pool; `home` is absolute, or relative to
 * the account's login folder.
 */
export class SftpFileSystem implements FileSystem {
  private root: Promise<string> | undefined;

  constructor(
    private readonly session: () => Promise<SFTPWrapper>,
    private readonly home: string,
  ) {}

  private async rootFolder(sftp: SFTPWrapper): Promise<string> {
    this.root ??= (async () => {
      const absolute = this.home.startsWith('/')
        ? this.home
        : path.posix.join(await call<string>((done) => sftp.realpath('.', done)), this.home);
      const root = path.posix.normalize(absolute).replace(/\/+$/, '') || '/';
      await this.makeFolders(sftp, root, root);
      return root;
    })();
    return this.root.catch((error) => {
      this.root = undefined;
      throw error;
    });
  }

  /** The session and the absolute path of `relative`, refused when it would leave the home folder. */
  private async open(relative: string): Promise<{ sftp: SFTPWrapper; root: string; full: string }> {
    const sftp = await this.session();
    const root = await this.rootFolder(sftp);
    const full = path.posix.resolve(root, relative);
    if (full !== root && !full.startsWith(`${root}/`)) throw new FileSystemError('not-found', relative);
    return { sftp, root, full };
  }

  private async attributes(sftp: SFTPWrapper, full: string): Promise<Attributes | null> {
    try {
      return await call<Attributes>((done) => sftp.stat(full, done));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private entry(relative: string, attrs: Attributes): FileEntry {
    return {
      name: path.posix.basename(relative),
      path: relative,
      isDir: isFolder(attrs),
      size: isFolder(attrs) ? 0 : attrs.size,
      modifiedAt: new Date(attrs.mtime * 1000),
    };
  }

  /** Creates `full` and its missing parents below `root`; 'exists' when a file holds one of the names. */
  private async makeFolders(sftp: SFTPWrapper, full: string, root: string, relative = full): Promise<void> {
    const existing = await this.attributes(sftp, full);
    if (existing) {
      if (!isFolder(existing)) throw new FileSystemError('exists', relative);
      return;
    }
    const parent = path.posix.dirname(full);
    if (parent !== full) await this.makeFolders(sftp, parent, root, path.posix.dirname(relative));
    try {
      await call<void>((done) => sftp.mkdir(full, done));
    } catch (error) {
      // Made by a call running beside this one.
      if (!(await this.attributes(sftp, full).then((attrs) => attrs && isFolder(attrs)))) throw error;
    }
  }

  async list(folder: string): Promise<FileEntry[]> {
    const { sftp, full } = await this.open(folder);
    const attrs = await this.attributes(sftp, full);
    if (!attrs) throw new FileSystemError('not-found', folder);
    if (!isFolder(attrs)) throw new FileSystemError('not-a-folder', folder);
    const names = await call<{ filename: string; attrs: Attributes }[]>((done) => sftp.readdir(full, done));
    return names
      .filter(({ filename }) => filename !== '.' && filename !== '..' && !(folder === '' && filename === temporaryFolder))
      .map(({ filename, attrs: childAttrs }) => this.entry(folder ? `${folder}/${filename}` : filename, childAttrs));
  }

  async stat(relative: string): Promise<FileEntry | null> {
    const { sftp, full } = await this.open(relative);
    const attrs = await this.attributes(sftp, full);
    return attrs ? this.entry(relative, attrs) : null;
  }

  async setModified(relative: string, time: Date): Promise<void> {
    const { sftp, full } = await this.open(relative);
    const seconds = Math.floor(time.getTime() / 1000);
    try {
      await call<void>((done) => sftp.utimes(full, seconds, seconds, done));
    } catch (error) {
      if (isMissing(error)) throw new FileSystemError('not-found', relative);
      throw error;
    }
  }

  async mkdir(folder: string): Promise<void> {
    const { sftp, full, root } = await this.open(folder);
    await this.makeFolders(sftp, full, root, folder);
  }

  async read(relative: string, range?: { start: number; end: number }): Promise<Readable> {
    const { sftp, full } = await this.open(relative);
    const attrs = await this.attributes(sftp, full);
    if (!attrs) throw new FileSystemError('not-found', relative);
    if (isFolder(attrs)) throw new FileSystemError('is-a-folder', relative);
    if (range && range.end <= range.start) return Readable.from([]);
    return sftp.createReadStream(full, { start: range?.start, end: range ? range.end - 1 : undefined, highWaterMark: 256 * 1024 });
  }

  async write(relative: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const { sftp, full, root } = await this.open(relative);
    const existing = await this.attributes(sftp, full);
    if (existing && isFolder(existing)) throw new FileSystemError('is-a-folder', relative);
    await this.makeFolders(sftp, `${root}/${temporaryFolder}`, root);
    const temporary = `${root}/${temporaryFolder}/${randomUUID()}`;
    let size = 0;
    try {
      await pipeline(
        source,
        limit(options.maxBytes ?? Infinity, relative, (n) => (size += n)),
        sftp.createWriteStream(temporary),
      );
      await this.makeFolders(sftp, path.posix.dirname(full), root, path.posix.dirname(relative));
      await this.replace(sftp, temporary, full);
      return { size };
    } catch (error) {
      await call<void>((done) => sftp.unlink(temporary, done)).catch(() => undefined);
      throw error;
    }
  }

  /** Renames over an existing file: OpenSSH's posix-rename does it in one step; plain SFTP rename refuses, so the old file goes first. */
  private async replace(sftp: SFTPWrapper, from: string, to: string): Promise<void> {
    try {
      await call<void>((done) => sftp.ext_openssh_rename(from, to, done));
      return;
    } catch (error) {
      if (!/does not support/.test((error as Error).message)) throw error;
    }
    await call<void>((done) => sftp.unlink(to, done)).catch((error) => {
      if (!isMissing(error)) throw error;
    });
    await call<void>((done) => sftp.rename(from, to, done));
  }

  /** The checks `rename` and `copy` share: the source is there, the target is free and not inside the source. */
  private async prepareTransfer(from: string, to: string) {
    const source = await this.open(from);
    const { full: target } = await this.open(to);
    const attrs = await this.attributes(source.sftp, source.full);
    if (!attrs || from === '') throw new FileSystemError('not-found', from);
    if (await this.attributes(source.sftp, target)) throw new FileSystemError('exists', to);
    if (target.startsWith(`${source.full}/`)) throw new FileSystemError('not-a-folder', to);
    await this.makeFolders(source.sftp, path.posix.dirname(target), source.root, path.posix.dirname(to));
    return { ...source, target, attrs };
  }

  async rename(from: string, to: string): Promise<void> {
    const { sftp, full, target } = await this.prepareTransfer(from, to);
    await call<void>((done) => sftp.rename(full, target, done));
  }

  async copy(from: string, to: string): Promise<void> {
    const { sftp, full, target, attrs } = await this.prepareTransfer(from, to);
    await this.copyEntry(sftp, full, target, attrs);
  }

  private async copyEntry(sftp: SFTPWrapper, from: string, to: string, attrs: Attributes): Promise<void> {
    if (isFolder(attrs)) {
      await call<void>((done) => sftp.mkdir(to, done));
      const children = await call<{ filename: string; attrs: Attributes }[]>((done) => sftp.readdir(from, done));
      for (const child of children) {
        if (child.filename === '.' || child.filename === '..') continue;
        await this.copyEntry(sftp, `${from}/${child.filename}`, `${to}/${child.filename}`, child.attrs);
      }
    } else if (isRegular(attrs)) {
      await pipeline(sftp.createReadStream(from), sftp.createWriteStream(to, { flags: 'wx' }));
    }
  }

  async remove(relative: string): Promise<void> {
    if (relative === '') throw new FileSystemError('is-a-folder', relative);
    const { sftp, full } = await this.open(relative);
    const attrs = await call<Attributes>((done) => sftp.lstat(full, done)).catch((error) => {
      if (isMissing(error)) return null;
      throw error;
    });
    if (attrs) await this.removeEntry(sftp, full, attrs);
  }

  private async removeEntry(sftp: SFTPWrapper, full: string, attrs: Attributes): Promise<void> {
    if (!isFolder(attrs)) {
      await call<void>((done) => sftp.unlink(full, done));
      return;
    }
    const children = await call<{ filename: string; attrs: Attributes }[]>((done) => sftp.readdir(full, done));
    for (const child of children) {
      if (child.filename !== '.' && child.filename !== '..') await this.removeEntry(sftp, `${full}/${child.filename}`, child.attrs);
    }
    await call<void>((done) => sftp.rmdir(full, done));
  }

  async usage(folder = ''): Promise<{ bytes: number; files: number }> {
    const { sftp, full } = await this.open(folder);
    const total = { bytes: 0, files: 0 };
    const walk = async (current: string): Promise<void> => {
      const children = await call<{ filename: string; attrs: Attributes }[]>((done) => sftp.readdir(current, done)).catch(() => []);
      const folders: string[] = [];
      for (const child of children) {
        if (child.filename === '.' || child.filename === '..') continue;
        if (isFolder(child.attrs)) folders.push(`${current}/${child.filename}`);
        else if (isRegular(child.attrs)) {
          total.bytes += child.attrs.size;
          total.files += 1;
        }
      }
      await Promise.all(folders.map(walk));
    };
    await walk(full);
    return total;
  }

  /** The connections belong to the pool, which the server closes. */
  async close(): Promise<void> {}
}
