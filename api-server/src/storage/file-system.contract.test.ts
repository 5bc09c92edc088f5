import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSshd, type SshdPeer } from '../test-support/sshd-peer.js';
import { FileSystemError, type FileSystem } from './file-system.js';
import { LocalFileSystem } from './local-file-system.js';
import { SftpFileSystem } from './sftp-file-system.js';
import { SftpPool } from './sftp-pool.js';

const text = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Buffer));
  return Buffer.concat(parts).toString('utf8');
};
const from = (content: string | Buffer) => Readable.from([Buffer.from(content)]);
const problem = (run: Promise<unknown>) =>
  run.then(
    () => 'no refusal',
    (error: unknown) => (error instanceof FileSystemError ? error.problem : String(error)),
  );
const names = async (files: FileSystem, folder: string) => (await files.list(folder)).map((e) => `${e.name}${e.isDir ? '/' : ''}`).sort();

interface Backend {
  name: string;
  open(home: string): FileSystem;
  start(): Promise<void>;
  stop(): Promise<void>;
  homes(): string;
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-fs-contract-'));
let sshd: SshdPeer;
const pool = new SftpPool();

const backends: Backend[] = [
  {
    name: 'local folder',
    open: (home) => new LocalFileSystem(home),
    start: async () => undefined,
    stop: async () => fs.rmSync(scratch, { recursive: true, force: true }),
    homes: () => scratch,
  },
  {
    name: 'SFTP to OpenSSH sshd',
    open: (home) => new SftpFileSystem(() => pool.session(sshd.target), home),
    start: async () => {
      sshd = await startSshd();
    },
    stop: async () => {
      await pool.close();
      await sshd.stop();
    },
    homes: () => sshd.homes,
  },
];

describe.each(backends)('file system contract: $name', (backend) => {
  let files: FileSystem;
  let home: string;
  let run = 0;

  beforeAll(() => backend.start());
  afterAll(() => backend.stop());
  beforeEach(() => {
    home = path.join(backend.homes(), `home-${++run}`);
    files = backend.open(home);
  });

  it('starts empty, makes nested folders, lists and stats them', async () => {
    expect(await files.list('')).toEqual([]);
    await files.mkdir('数据/原始/2026');
    expect(await names(files, '')).toEqual(['数据/']);
    expect(await names(files, '数据/原始')).toEqual(['2026/']);
    expect(await files.stat('数据/原始')).toMatchObject({ name: '原始', path: '数据/原始', isDir: true, size: 0 });
    expect(await files.stat('nothing')).toBeNull();
    await files.mkdir('数据/原始');
    expect(await names(files, '数据/原始')).toEqual(['2026/']);
  });

  it('writes atomically, replaces a file of the same name, and reads whole or a range', async () => {
    expect(await files.write('docs/说明 文档.txt', from('hello, 世界'))).toEqual({ size: Buffer.byteLength('hello, 世界') });
    expect(await text(await files.read('docs/说明 文档.txt'))).toBe('hello, 世界');
    expect(await text(await files.read('docs/说明 文档.txt', { start: 7, end: 13 }))).toBe('世界');
    expect(await text(await files.read('docs/说明 文档.txt', { start: 3, end: 3 }))).toBe('');
    await files.write('docs/说明 文档.txt', from('v2'));
    expect(await text(await files.read('docs/说明 文档.txt'))).toBe('v2');
    const entry = await files.stat('docs/说明 文档.txt');
    expect(entry).toMatchObject({ name: '说明 文档.txt', isDir: false, size: 2 });
    expect(entry!.modifiedAt.getTime()).toBeGreaterThan(0);
    expect(await names(files, '')).toEqual(['docs/']);
  });

  it('sets the modification time of a file to whole seconds, which a later write moves on', async () => {
    await files.write('marked.bin', from('v1'));
    await files.setModified('marked.bin', new Date('2026-03-04T05:06:07.890Z'));
    expect((await files.stat('marked.bin'))!.modifiedAt).toEqual(new Date('2026-03-04T05:06:07.000Z'));
    expect((await files.list('')).find((entry) => entry.name === 'marked.bin')!.modifiedAt).toEqual(new Date('2026-03-04T05:06:07.000Z'));
    await files.write('marked.bin', from('v2'));
    expect((await files.stat('marked.bin'))!.modifiedAt.getTime()).toBeGreaterThan(new Date('2026-03-04T05:06:08Z').getTime());
    expect(await problem(files.setModified('missing.bin', new Date()))).toBe('not-found');
  });

  it('refuses a write past maxBytes and leaves nothing behind, not even a partial file', async () => {
    await files.write('keep.bin', from('old'));
    expect(await problem(files.write('keep.bin', from(Buffer.alloc(5000)), { maxBytes: 4096 }))).toBe('too-large');
    expect(await problem(files.write('new.bin', from(Buffer.alloc(5000)), { maxBytes: 4096 }))).toBe('too-large');
    expect(await text(await files.read('keep.bin'))).toBe('old');
    expect(await names(files, '')).toEqual(['keep.bin']);
    expect(await files.usage()).toEqual({ bytes: 3, files: 1 });
  });

  it('refuses to write over a folder, to make a folder where a file is, to list a file or a missing folder', async () => {
    await files.mkdir('a/b');
    await files.write('f.txt', from('x'));
    expect(await problem(files.write('a/b', from('x')))).toBe('is-a-folder');
    expect(await problem(files.mkdir('f.txt'))).toBe('exists');
    expect(await problem(files.mkdir('f.txt/inner'))).toBe('exists');
    expect(await problem(files.list('f.txt'))).toBe('not-a-folder');
    expect(await problem(files.list('missing'))).toBe('not-found');
    expect(await problem(files.read('a'))).toBe('is-a-folder');
    expect(await problem(files.read('missing.txt'))).toBe('not-found');
  });

  it('moves and renames files and folders, refusing a taken name, a missing source and a folder into itself', async () => {
    await files.write('src/one.txt', from('1'));
    await files.write('src/sub/two.txt', from('22'));
    await files.write('taken.txt', from('t'));
    await files.rename('src/one.txt', '改名.txt');
    expect(await names(files, '')).toEqual(['src/', 'taken.txt', '改名.txt']);
    await files.rename('src', 'dest/moved');
    expect(await names(files, 'dest/moved')).toEqual(['sub/']);
    expect(await text(await files.read('dest/moved/sub/two.txt'))).toBe('22');
    expect(await problem(files.rename('改名.txt', 'taken.txt'))).toBe('exists');
    expect(await problem(files.rename('absent', 'x'))).toBe('not-found');
    expect(await problem(files.rename('dest', 'dest/moved/inside'))).toBe('not-a-folder');
    expect(await text(await files.read('taken.txt'))).toBe('t');
  });

  it('copies a file and a whole folder, refusing a taken name and a folder into itself', async () => {
    await files.write('models/v1/weights.bin', from('w'.repeat(1000)));
    await files.write('models/v1/配置.json', from('{}'));
    await files.copy('models/v1/配置.json', 'config-copy.json');
    await files.copy('models', 'backup/models');
    expect(await names(files, 'backup/models/v1')).toEqual(['weights.bin', '配置.json']);
    expect(await text(await files.read('backup/models/v1/weights.bin'))).toBe('w'.repeat(1000));
    expect(await text(await files.read('config-copy.json'))).toBe('{}');
    expect(await problem(files.copy('models', 'backup/models'))).toBe('exists');
    expect(await problem(files.copy('models', 'models/v1/again'))).toBe('not-a-folder');
    expect(await problem(files.copy('absent', 'x'))).toBe('not-found');
    expect(await files.usage()).toEqual({ bytes: 2 * 1002 + 2, files: 5 });
    expect(await files.usage('backup')).toEqual({ bytes: 1002, files: 2 });
  });

  it('removes a file and a whole folder; a missing one is no error; never the root', async () => {
    await files.write('x/y/z.txt', from('z'));
    await files.write('x/w.txt', from('w'));
    await files.remove('x/w.txt');
    expect(await names(files, 'x')).toEqual(['y/']);
    await files.remove('x');
    expect(await files.list('')).toEqual([]);
    await files.remove('x');
    expect(await problem(files.remove(''))).toBe('is-a-folder');
    expect(await files.usage()).toEqual({ bytes: 0, files: 0 });
  });

  it('refuses every path that would leave its root', async () => {
    fs.mkdirSync(path.join(backend.homes(), 'outside'), { recursive: true });
    fs.writeFileSync(path.join(backend.homes(), 'outside', 'secret.txt'), 'secret');
    await files.mkdir('');
    for (const escape of ['..', '../outside', '../outside/secret.txt', 'a/../../outside/secret.txt']) {
      expect(await problem(files.list(escape))).toBe('not-found');
      expect(await problem(files.read(escape))).toBe('not-found');
      expect(await problem(files.write(escape, from('x')))).toBe('not-found');
      expect(await problem(files.mkdir(escape))).toBe('not-found');
      expect(await problem(files.copy(escape, 'copied'))).toBe('not-found');
      expect(await problem(files.rename(escape, 'moved'))).toBe('not-found');
      expect(await problem(files.remove(escape))).toBe('not-found');
      expect(await problem(files.setModified(escape, new Date()))).toBe('not-found');
      expect(await problem(files.usage(escape))).toBe('not-found');
    }
    expect(fs.readFileSync(path.join(backend.homes(), 'outside', 'secret.txt'), 'utf8')).toBe('secret');
  });
});
