import { describe, expect, it } from 'vitest';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../test-support/upload-client.js';

let client: UploadClient;
setUpSignedInApp((signedIn) => ({ client } = signedIn));

const region = 'hd-2';
const chunkSize = 64 * 1024;
/** The server's own names in users' folders (the trash, half-written files), and one of its prefix in other letters. */
const internalNames = ['.rc-trash', '.rc-partial', '.RC-Trash'];
const refusal = (label: string) => ({ code: 422, msg: `${label}不能以“.rc-”开头（系统保留名称）` });

/** Uploads `fileName` into a file tree (the default cluster's file storage, or `tree`) through the chunk and merge calls. */
async function upload(fileName: string, tree?: string) {
  const bytes = randomFile(100);
  const chunk = await client.chunkForm(
    '/apis/orion/auth/file/chunk',
    { identifier: md5Of(bytes), chunkNumber: 1, totalChunks: 1, chunkSize, totalSize: bytes.length, filename: fileName, path: '' },
    bytes,
  );
  const merge = await client.post('/apis/orion/auth/file/mergeFile', {
    identifier: md5Of(bytes),
    fileName,
    chunkSize,
    totalSize: bytes.length,
    path: '',
    ...(tree ? { tree } : {}),
  });
  return { chunk, merge };
}

describe('the server’s own names', () => {
  it('are refused as file and folder names in file storage, and deleting to its trash keeps working', async () => {
    for (const name of internalNames) {
      const { chunk, merge } = await upload(name);
      expect({ name, chunk, merge }).toMatchObject({ name, chunk: refusal('文件名'), merge: refusal('文件名') });
      expect(await client.post('/apis/orion/auth/sftp/mkdir', { name })).toMatchObject(refusal('文件夹名称'));
    }
    expect((await upload('ok.bin')).merge.code).toBe(200);
    expect(await client.post('/apis/orion/auth/sftp/rename', { path: 'ok.bin', name: '.rc-trash' })).toMatchObject(refusal('新名称'));
    expect(await client.post('/apis/orion/auth/sftp/remove', { paths: ['ok.bin'] })).toMatchObject({ code: 200, msg: '已移入回收站' });
  });

  it('are refused as file and folder names on the network disk, and deleting to its trash keeps working', async () => {
    const disk = (path: string, body: Record<string, unknown>, query = '') =>
      client.post(`/apis/net-disk/auth/${path}${query}`, { regionCode: region, ...body });
    expect((await disk('activation', { sizeGb: 1 })).code).toBe(200);
    for (const name of internalNames) {
      expect((await upload(name, `netdisk:${region}`)).merge).toMatchObject(refusal('文件名'));
      expect(await disk('mkdir', { name })).toMatchObject(refusal('文件夹名称'));
    }
    expect((await upload('ok.bin', `netdisk:${region}`)).merge.code).toBe(200);
    expect(await disk('rename', { path: 'ok.bin', name: '.rc-partial' })).toMatchObject(refusal('新名称'));
    expect(await client.post(`/apis/net-disk/auth/delete?regionCode=${region}&path=ok.bin`, {})).toMatchObject({ code: 200 });
  });

  it('are refused as cloud disk file and folder names', async () => {
    expect((await client.post('/apis/cloud-net-disk/auth/activation', { regionCode: region })).code).toBe(200);
    for (const name of internalNames) {
      const file = { regionCode: region, prefix: '', fileName: name, fileSize: 10 };
      expect(await client.post('/apis/cloud-net-disk/auth/single-presigned', file)).toMatchObject(refusal('文件名'));
      expect(await client.post('/apis/cloud-net-disk/auth/folder', { regionCode: region, name })).toMatchObject(refusal('文件名'));
      expect(await client.post('/apis/cloud-net-disk/auth/folder', { regionCode: region, prefix: name, name: 'x' })).toMatchObject(
        refusal('目录'),
      );
    }
  });
});
