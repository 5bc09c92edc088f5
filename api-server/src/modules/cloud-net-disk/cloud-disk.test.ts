import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloudDisks } from '../../db/schema.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { cloudDiskUsage } from '../../storage/cloud-disk.js';
import { startS3Peer, type S3Peer } from '../../test-support/s3-peer.js';
import { createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { UploadClient } from '../../test-support/upload-client.js';

const MiB = 1024 * 1024;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const region = 'hd-2';
const api = (path: string) => `/apis/cloud-net-disk/auth/${path}`;

const stores = {
  'local folder': async () => ({ config: {}, close: async () => {} }),
  s3rver: async () => {
    const peer: S3Peer = await startS3Peer();
    return { config: { blobs: { store: 's3' as const, s3: peer.settings } }, close: () => peer.close() };
  },
};

describe.each(Object.keys(stores) as (keyof typeof stores)[])('cloud disk on %s', (storeName) => {
  let t: TestApp;
  let closeStore: () => Promise<void>;
  let base: string;
  let alice: UploadClient;
  let bob: UploadClient;
  let aliceId: number;
  const absolute = (url: string) => (url.startsWith('http') ? url : base + url);

  beforeAll(async () => {
    const store = await stores[storeName]();
    closeStore = store.close;
    t = await createTestApp({ config: store.config });
    ({ client: alice, userId: aliceId } = await UploadClient.signedIn(t.app));
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    bob = alice.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await closeStore?.();
  });

  /** Presigned multipart, as the uploader's gpu target does it: start, PUT each part to its URL, complete with the ETags. */
  async function upload(client: UploadClient, bytes: Buffer, fileName: string, prefix = '') {
    const chunkSize = 5 * MiB;
    const started = await client.post(api('multipar-presigned'), {
      regionCode: region,
      prefix,
      fileName,
      chunkSize,
      fileSize: bytes.length,
    });
    if (started.code !== 200) return started;
    const parts = [];
    for (const [i, url] of (started.data.chunkUrls as string[]).entries()) {
      const answer = await fetch(absolute(url), {
        method: 'PUT',
        body: new Uint8Array(bytes.subarray(i * chunkSize, (i + 1) * chunkSize)),
      });
      expect(answer.status).toBe(200);
      parts.push({ partNumber: i + 1, etag: answer.headers.get('etag')! });
    }
    return client.post(api('complete-multipar'), {
      regionCode: region,
      prefix,
      fileName,
      uploadId: started.data.uploadId,
      parts,
      fileSize: bytes.length,
    });
  }

  it('is activated once per user and known region', async () => {
    expect(await alice.get(api('get'), { regionCode: region })).toMatchObject({ code: 200, data: { activated: false, usedBytes: 0 } });
    expect(await alice.get(api('list'), { regionCode: region })).toMatchObject({ code: 409, msg: '该地区的云盘尚未开通，请先开通' });
    expect(await alice.post(api('activation'), { regionCode: 'zz-9' })).toMatchObject({ code: 422, msg: '地区不存在' });
    expect(await alice.get(api('get'), { regionCode: 'zz-9' })).toMatchObject({ code: 422, msg: '地区不存在' });
    expect(await alice.post(api('activation'), { regionCode: region })).toMatchObject({ code: 200, data: { activated: true } });
    expect(await alice.post(api('activation'), { regionCode: region })).toMatchObject({ code: 409, msg: '该地区的云盘已开通' });
    expect(await bob.post(api('activation'), { regionCode: region })).toMatchObject({ code: 200 });
  });

  it('uploads in presigned parts, lists, downloads whole and by range, and counts the usage', async () => {
    const bytes = randomBytes(2 * 5 * MiB + 4321);
    expect(await upload(alice, bytes, '模型权重.bin', 'models')).toMatchObject({
      code: 200,
      data: { key: 'models/模型权重.bin', size: bytes.length },
    });
    expect(await alice.get(api('list'), { regionCode: region })).toMatchObject({
      data: { prefix: '', folders: [{ key: 'models/', name: 'models' }], files: [], nextContinuationToken: null },
    });
    const listed = await alice.get(api('list'), { regionCode: region, prefix: 'models' });
    expect(listed.data.files).toMatchObject([{ key: 'models/模型权重.bin', name: '模型权重.bin', size: bytes.length }]);
    expect(await alice.get(api('get'), { regionCode: region })).toMatchObject({ data: { usedBytes: bytes.length, objects: 1 } });
    expect(await cloudDiskUsage(t.app, aliceId, region)).toEqual({ bytes: bytes.length, objects: 1 });

    const { data } = await alice.post(api('download-presigned'), { regionCode: region, key: 'models/模型权重.bin' });
    const whole = await fetch(absolute(data.url));
    expect(whole.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('模型权重.bin')}`);
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(bytes));
    const tail = await fetch(absolute(data.url), { headers: { range: `bytes=${bytes.length - 10}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(bytes.length - 10));
  });

  it('takes a single presigned PUT, refuses a name already there, and makes folders', async () => {
    const bytes = Buffer.from('你好，云盘');
    const signed = await alice.post(api('single-presigned'), {
      regionCode: region,
      prefix: 'docs',
      fileName: 'hello.txt',
      fileSize: bytes.length,
    });
    expect(signed).toMatchObject({ code: 200, data: { key: 'docs/hello.txt' } });
    expect((await fetch(absolute(signed.data.url), { method: 'PUT', body: new Uint8Array(bytes) })).status).toBe(200);
    expect(
      await alice.post(api('single-presigned'), { regionCode: region, prefix: 'docs', fileName: 'hello.txt', fileSize: 1 }),
    ).toMatchObject({
      code: 409,
      msg: '已存在同名文件「hello.txt」，请换一个名称',
    });
    expect(await alice.post(api('folder'), { regionCode: region, prefix: 'docs', name: '新建文件夹' })).toMatchObject({
      code: 200,
      data: { key: 'docs/新建文件夹/' },
    });
    expect(await alice.post(api('folder'), { regionCode: region, prefix: 'docs', name: '新建文件夹' })).toMatchObject({ code: 409 });
    expect(await alice.post(api('folder'), { regionCode: region, name: 'docs' })).toMatchObject({
      code: 409,
      msg: '已存在同名文件夹「docs」，请换一个名称',
    });
    const listed = await alice.get(api('list'), { regionCode: region, prefix: 'docs/' });
    expect(listed.data).toMatchObject({ folders: [{ key: 'docs/新建文件夹/' }], files: [{ key: 'docs/hello.txt', size: bytes.length }] });
    expect((await alice.get(api('list'), { regionCode: region, prefix: 'docs/新建文件夹' })).data).toMatchObject({
      folders: [],
      files: [],
    });
  });

  it('answers a file and a folder of the same name with 409 in Chinese, whichever comes first', async () => {
    const signed = await alice.post(api('single-presigned'), { regionCode: region, fileName: 'same', fileSize: 3 });
    expect((await fetch(absolute(signed.data.url), { method: 'PUT', body: 'abc' })).status).toBe(200);
    const insideFile = { code: 409, msg: '「same」是文件，不能在其中新建文件或文件夹' };
    expect(await alice.post(api('folder'), { regionCode: region, prefix: 'same', name: 'inner' })).toMatchObject(insideFile);
    expect(await alice.post(api('single-presigned'), { regionCode: region, prefix: 'same', fileName: 'x', fileSize: 1 })).toMatchObject(
      insideFile,
    );
    const multipart = { regionCode: region, prefix: 'same/deeper', fileName: 'x', chunkSize: 5 * MiB, fileSize: 1 };
    expect(await alice.post(api('multipar-presigned'), multipart)).toMatchObject(insideFile);
    expect(await alice.post(api('folder'), { regionCode: region, name: 'same' })).toMatchObject({
      code: 409,
      msg: '已存在同名文件「same」，请换一个名称',
    });
    await alice.post(api('delete'), { regionCode: region, keys: ['same'] }, 'DELETE');
  });

  it.runIf(storeName === 'local folder')('refuses with 409 a file whose name became a folder while it was uploading', async () => {
    const single = await alice.post(api('single-presigned'), { regionCode: region, fileName: 'late', fileSize: 3 });
    const parts = await alice.post(api('multipar-presigned'), { regionCode: region, fileName: 'later', chunkSize: 5 * MiB, fileSize: 3 });
    for (const name of ['late', 'later']) expect((await alice.post(api('folder'), { regionCode: region, name })).code).toBe(200);
    const put = await fetch(absolute(single.data.url), { method: 'PUT', body: 'abc' });
    expect({ status: put.status, answer: await put.json() }).toMatchObject({
      status: 409,
      answer: { code: 409, msg: '此处已有同名的文件或文件夹，请换一个名称后重新上传' },
    });
    const part = await fetch(absolute(parts.data.chunkUrls[0]), { method: 'PUT', body: 'abc' });
    const completed = await alice.post(api('complete-multipar'), {
      regionCode: region,
      fileName: 'later',
      uploadId: parts.data.uploadId,
      parts: [{ partNumber: 1, etag: part.headers.get('etag')! }],
    });
    expect(completed).toMatchObject({ code: 409, msg: '「later」处已有同名的文件或文件夹，请换一个名称' });
    await alice.post(api('delete'), { regionCode: region, keys: ['late/', 'later/'] }, 'DELETE');
  });

  it('pages a big folder by continuation token', async () => {
    const root = `users/${aliceId}/cloud/${region}/many/`;
    for (let i = 0; i < 205; i++) await t.app.blobs.put(`${root}f${String(i).padStart(3, '0')}.txt`, Readable.from([Buffer.from('x')]));
    const first = await alice.get(api('list'), { regionCode: region, prefix: 'many' });
    expect(first.data.files).toHaveLength(200);
    expect(first.data.nextContinuationToken).toEqual(expect.any(String));
    const second = await alice.get(api('list'), {
      regionCode: region,
      prefix: 'many',
      continuationToken: first.data.nextContinuationToken,
    });
    expect(second.data.files.map((f: { name: string }) => f.name)).toEqual(['f200.txt', 'f201.txt', 'f202.txt', 'f203.txt', 'f204.txt']);
    expect(second.data.nextContinuationToken).toBeNull();
    await alice.post(api('delete'), { regionCode: region, keys: ['many/'] }, 'DELETE');
  });

  it('refuses an upload past the quota before any byte is written, with the numbers', async () => {
    const before = await cloudDiskUsage(t.app, aliceId, region);
    await t.app.db
      .update(cloudDisks)
      .set({ quotaBytes: before.bytes + 1000 })
      .where(eq(cloudDisks.userId, aliceId));
    const answer = await alice.post(api('multipar-presigned'), {
      regionCode: region,
      fileName: 'big.bin',
      chunkSize: 5 * MiB,
      fileSize: 2000,
    });
    expect(answer.code).toBe(409);
    expect(answer.msg).toMatch(/^云盘空间不足：已用10\.\d\d MB，本次需要1\.95 KB，容量10\.\d\d MB，请清理文件后再上传$/);
    expect(await alice.post(api('single-presigned'), { regionCode: region, fileName: 'big.bin', fileSize: 2000 })).toMatchObject({
      code: 409,
    });
    expect(await cloudDiskUsage(t.app, aliceId, region)).toEqual(before);
    await t.app.db.update(cloudDisks).set({ quotaBytes: t.app.config.cloudDisk.quotaBytes }).where(eq(cloudDisks.userId, aliceId));
  });

  it('never lets one user reach another user’s keys or uploads', async () => {
    expect((await bob.get(api('list'), { regionCode: region })).data).toMatchObject({ folders: [], files: [] });
    expect((await bob.get(api('list'), { regionCode: region, prefix: 'models' })).data).toMatchObject({ folders: [], files: [] });
    expect(await bob.post(api('download-presigned'), { regionCode: region, key: 'models/模型权重.bin' })).toMatchObject({ code: 404 });
    expect(await bob.post(api('delete'), { regionCode: region, keys: ['models/', 'docs/hello.txt'] }, 'DELETE')).toMatchObject({
      code: 200,
    });
    expect((await alice.get(api('get'), { regionCode: region })).data.objects).toBe(2);
    for (const key of [`../../${aliceId}/cloud/${region}/models/模型权重.bin`, `../${region}/models/`]) {
      expect(await bob.post(api('download-presigned'), { regionCode: region, key })).toMatchObject({ code: 422 });
      expect(await bob.post(api('delete'), { regionCode: region, keys: [key] }, 'DELETE')).toMatchObject({ code: 422 });
      expect(await bob.get(api('list'), { regionCode: region, prefix: key })).toMatchObject({ code: 422 });
    }
    const started = await alice.post(api('multipar-presigned'), {
      regionCode: region,
      fileName: 'secret.bin',
      chunkSize: 5 * MiB,
      fileSize: 10,
    });
    const put = await fetch(absolute(started.data.chunkUrls[0]), { method: 'PUT', body: '0123456789' });
    const parts = [{ partNumber: 1, etag: put.headers.get('etag')! }];
    const stolen = { regionCode: region, fileName: 'secret.bin', uploadId: started.data.uploadId, parts };
    expect(await bob.post(api('complete-multipar'), stolen)).toMatchObject({ code: 409, msg: '分片不完整或上传已失效，请重新上传' });
    expect(await alice.post(api('complete-multipar'), stolen)).toMatchObject({ code: 200, data: { key: 'secret.bin', size: 10 } });
    expect((await bob.get(api('get'), { regionCode: region })).data).toMatchObject({ usedBytes: 0, objects: 0 });
  });

  it('deletes files and whole folders', async () => {
    const answer = await alice.post(api('delete'), { regionCode: region, keys: ['models/', 'secret.bin'] }, 'DELETE');
    expect(answer).toMatchObject({ code: 200, data: { deleted: 2 } });
    const listed = await alice.get(api('list'), { regionCode: region });
    expect(listed.data).toMatchObject({ folders: [{ key: 'docs/' }], files: [] });
    expect(await alice.get(api('get'), { regionCode: region })).toMatchObject({ data: { objects: 1 } });
    expect(await alice.post(api('download-presigned'), { regionCode: region, key: 'models/模型权重.bin' })).toMatchObject({ code: 404 });
  });
});
