import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../uploads/test-upload-client.js';

let t: TestApp;
let client: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));

const init = (bytes: Buffer, fileName: string) =>
  client.post('/apis/cloud-net-disk/auth/upload/init', {
    regionCode: 'cn-east-1',
    prefix: 'models',
    fileName,
    hashCode: md5Of(bytes),
    chunkSize,
    fileSize: bytes.length,
  });
const merge = (bytes: Buffer, fileName: string, uploadId: string) =>
  client.post('/apis/cloud-net-disk/auth/upload/merge', {
    uploadId,
    fileName,
    hashCode: md5Of(bytes),
    contentType: 'application/octet-stream',
    chunkSize,
    fileSize: bytes.length,
    regionCode: 'cn-east-1',
    prefix: 'models',
  });

describe('GPU presigned upload', () => {
  it('hands out signed chunk URLs, takes PUT chunks without a token, and merges into the cloud disk', async () => {
    const bytes = randomFile(2 * chunkSize + 7);
    const started = await init(bytes, 'weights.bin');
    expect(started.code).toBe(200);
    const { uploadId, chunkUrls, uploaded } = started.data;
    expect(chunkUrls).toHaveLength(3);
    expect(uploaded).toEqual([]);
    for (const [i, url] of (chunkUrls as string[]).entries()) {
      expect((await client.put(url, bytes.subarray(i * chunkSize, (i + 1) * chunkSize))).code).toBe(200);
    }
    expect((await init(bytes, 'weights.bin')).data).toMatchObject({ skipUpload: false, uploaded: [1, 2, 3] });
    expect(await merge(bytes, 'weights.bin', uploadId)).toMatchObject({
      code: 200,
      data: { path: 'models/weights.bin', md5: md5Of(bytes) },
    });
    const file = path.join(t.dataDir, 'blobs/users', String(userId), 'cloud/cn-east-1/models/weights.bin');
    expect(md5Of(fs.readFileSync(file))).toBe(md5Of(bytes));
    expect((await init(bytes, 'weights-copy.bin')).data).toMatchObject({ skipUpload: true, chunkUrls: [] });
  });

  it('refuses a tampered signature, another chunk number, a non-binary body and an expired URL', async () => {
    const bytes = randomFile(2 * chunkSize);
    const { chunkUrls } = (await init(bytes, 'signed.bin')).data as { chunkUrls: string[] };
    const first = chunkUrls[0]!;
    const part = bytes.subarray(0, chunkSize);
    const tampered = first.replace(/signature=(.)/, (_, char: string) => `signature=${char === 'A' ? 'B' : 'A'}`);
    expect(tampered).not.toBe(first);
    expect(await client.put(tampered, part)).toMatchObject({ code: 403, msg: '上传签名无效' });
    expect(await client.put(first.replace('/1?', '/2?'), part)).toMatchObject({ code: 403 });
    expect(await client.put(first, part, 'application/json')).toMatchObject({ code: 422 });
    t.clock.advance(6 * 3_600_000 + 1);
    expect(await client.put(first, part)).toMatchObject({ code: 403, msg: '上传链接已过期，请重新上传' });
  });

  it('applies the spec §5 file name rule', async () => {
    const bytes = randomFile(chunkSize);
    for (const name of ['a（1）.bin', '模型！.bin', 'a:b', 'a*b', 'x?y', 'q"r', '<x>', 'a|b']) {
      expect(await init(bytes, name)).toMatchObject({ code: 422, msg: '文件名称不能包含特殊中文字符和空格！' });
    }
  });
});
