import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DirEntry, StorageUsage } from '@rc/api-contract/orion/dir';
import type { ChunkCheckResult } from '@rc/api-contract/orion/upload';
import type { UserInfo } from '@rc/api-contract/user/profile';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, demoAccounts, logIn, newApiKey } from './server-calls.js';
import { configHome, jsonOf, suanli } from './suanli-process.js';

// The upload: 50 MB through the web uploader's protocol, the command killed after some chunks and run again
// (it sends only what the server lacks), then the same file again (秒传), then back down.
const { url, dataDir } = inject('server');
const home = configHome();
const config = { config: home.file };
const local = path.join(home.folder, '模型权重.bin');
const size = 50 * 1024 * 1024;
const chunkSize = 5 * 1024 * 1024;
let token: string;
let localMd5: string;

const cli = (args: string[], env?: Record<string, string>) => suanli(args, { ...config, env });
const md5Of = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');

interface DownloadReport {
  path: string;
  file: string;
  size: number;
  md5: string;
  resumedFrom: number;
}

interface UploadReport {
  path: string;
  size: number;
  md5: string;
  instant: boolean;
  totalChunks: number;
  heldChunks: number;
  sentChunks: number;
}

/** Where the server keeps a file of the user's default cluster: DATA_DIR/file-storage/<clusterId>/<userId>/<path>. */
async function storedFile(storagePath: string) {
  const { clusterId } = await apiCall<StorageUsage>(url, '/orion/auth/file/userDirs/used', {}, token);
  const { id } = await apiCall<UserInfo>(url, '/user/auth/user/ext/view', {}, token);
  return path.join(dataDir, 'file-storage', String(clusterId), String(id), storagePath);
}

beforeAll(async () => {
  token = await logIn(url, demoAccounts.teacher);
  const { key } = await newApiKey(url, token, ['storage']);
  expect((await cli(['login', '--key', key, '--server', url])).code).toBe(0);
  fs.writeFileSync(local, randomBytes(size));
  localMd5 = md5Of(local);
});

afterAll(() => home.remove());

describe('files upload', () => {
  it('killed after 4 of 10 chunks, resumes with only the 6 the server lacks, and the server’s file has the local MD5', async () => {
    const killed = await cli(['files', 'upload', local, '--path', '权重'], { SUANLI_STOP_AFTER_CHUNKS: '4' });
    expect(killed).toMatchObject({ code: null, signal: 'SIGKILL' });
    const held = await apiCall<ChunkCheckResult>(
      url,
      '/orion/auth/file/chunk/check',
      { identifier: localMd5, fileName: '模型权重.bin', chunkSize, totalSize: size, path: '权重' },
      token,
    );
    expect(held).toEqual({ skipUpload: false, uploaded: [1, 2, 3, 4] });

    const resumed = jsonOf<UploadReport>(await cli(['files', 'upload', local, '--path', '权重', '--json']));
    expect(resumed).toEqual({
      path: '权重/模型权重.bin',
      size,
      md5: localMd5,
      instant: false,
      totalChunks: 10,
      heldChunks: 4,
      sentChunks: 6,
    });
    expect(md5Of(await storedFile('权重/模型权重.bin'))).toBe(localMd5);
  });

  it('uploads the same content again instantly (秒传), sending no chunk', async () => {
    const again = await cli(['files', 'upload', local, '--path', '/副本/']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`秒传完成（服务器已有相同内容，未传输数据）\n副本/模型权重.bin（50.00 MB，MD5 ${localMd5}）\n`);
    expect(md5Of(await storedFile('副本/模型权重.bin'))).toBe(localMd5);
  });

  it('lists the folders and files, as a table and as JSON', async () => {
    const root = jsonOf<DirEntry[]>(await cli(['files', 'ls', '--json']));
    expect(root.filter((entry) => ['权重', '副本'].includes(entry.name)).map((entry) => [entry.name, entry.isDir])).toEqual(
      expect.arrayContaining([
        ['权重', true],
        ['副本', true],
      ]),
    );
    const folder = await cli(['files', 'ls', '权重']);
    expect(folder.stdout).toMatch(/^名称\s+类型\s+大小\s+修改时间\n模型权重\.bin\s+文件\s+50\.00 MB\s+\S+\n$/);
  });

  it('downloads it back with the same MD5', async () => {
    const out = fs.mkdtempSync(path.join(home.folder, 'download-'));
    const downloaded = jsonOf<DownloadReport>(await cli(['files', 'download', '权重/模型权重.bin', '--out', out, '--json']));
    expect(downloaded).toEqual({ path: '权重/模型权重.bin', file: path.join(out, '模型权重.bin'), size, md5: localMd5, resumedFrom: 0 });
    expect(md5Of(downloaded.file)).toBe(localMd5);
  });

  it('killed after 20 MB, resumes from where it stopped; a file changed on the server since is downloaded afresh', async () => {
    const out = fs.mkdtempSync(path.join(home.folder, 'resume-'));
    const args = ['files', 'download', '副本/模型权重.bin', '--out', out];
    const stopAt = 20 * 1024 * 1024;
    expect(await cli(args, { SUANLI_STOP_AFTER_BYTES: String(stopAt) })).toMatchObject({ code: null, signal: 'SIGKILL' });
    const kept = fs.statSync(path.join(out, '模型权重.bin.part')).size;
    expect(kept).toBeGreaterThanOrEqual(stopAt);
    expect(kept).toBeLessThan(size);

    const resumed = await cli([...args, '--json']);
    expect(jsonOf<DownloadReport>(resumed)).toMatchObject({ size, md5: localMd5, resumedFrom: kept });
    expect(fs.readdirSync(out)).toEqual(['模型权重.bin']);

    fs.rmSync(path.join(out, '模型权重.bin'));
    expect(await cli(args, { SUANLI_STOP_AFTER_BYTES: String(stopAt) })).toMatchObject({ signal: 'SIGKILL' });
    const changed = randomBytes(size);
    fs.writeFileSync(await storedFile('副本/模型权重.bin'), changed);
    const afresh = jsonOf<DownloadReport>(await cli([...args, '--json']));
    expect(afresh).toMatchObject({ size, resumedFrom: 0, md5: createHash('md5').update(changed).digest('hex') });
  });

  it('shows the server’s refusal of a missing file with exit 1', async () => {
    const ran = await cli(['files', 'download', '没有这个文件.txt']);
    expect(ran.code).toBe(1);
    expect(ran.stderr).toMatch(/[\u4e00-\u9fff]/);
  });
});
