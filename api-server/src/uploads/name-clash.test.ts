import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { md5Of, randomFile, UploadClient } from '../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
const chunkSize = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  ({ client } = await UploadClient.signedIn(t.app));
});
afterAll(() => t.close());

async function upload(bytes: Buffer, uploadPath: string, fileName: string) {
  await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize, uploadPath });
  return client.post('/apis/orion/auth/file/mergeFile', {
    fileName,
    identifier: md5Of(bytes),
    chunkSize,
    totalSize: bytes.length,
    path: uploadPath,
  });
}
const used = async () => (await client.post('/apis/orion/auth/file/userDirs/used', {})).data as { used: number; reserved: number };
const listing = async (folder: string) =>
  ((await client.post('/apis/orion/auth/file/userDirs', { path: folder })).data as Array<{ name: string; isDir: boolean }>).map(
    (entry) => `${entry.name}${entry.isDir ? '/' : ''}`,
  );

describe('a file and a folder with the same name', () => {
  it("cannot replace one another: the merge answers 409 and releases the upload's reserved space", async () => {
    const kept = randomFile(chunkSize);
    expect((await upload(kept, 'models', 'weights.bin')).code).toBe(200);
    const before = await used();

    const overFolder = await upload(randomFile(chunkSize + 5), '', 'models');
    expect(overFolder).toMatchObject({ code: 409, msg: '已存在同名文件夹「models」，请换一个文件名' });
    expect(await used()).toEqual(before);

    const insideFile = await upload(randomFile(chunkSize + 9), 'models/weights.bin', 'inner.bin');
    expect(insideFile).toMatchObject({ code: 409, msg: '「models/weights.bin」是一个文件，不能作为文件夹' });
    expect(await used()).toEqual(before);

    // The same content again (秒传, completed without chunks) is refused the same way.
    const instant = await client.post('/apis/orion/auth/file/mergeFile', {
      fileName: 'models',
      identifier: md5Of(kept),
      chunkSize,
      totalSize: kept.length,
      path: '',
    });
    expect(instant).toMatchObject({ code: 409 });
    expect(await listing('')).toEqual(['models/']);
    expect(await listing('models')).toEqual(['weights.bin']);
  });
});
