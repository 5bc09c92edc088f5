import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { startS3Peer, type S3Peer } from '../test-support/s3-peer.js';
import { TooLargeError, type BlobStore } from './blob-store.js';
import { S3BlobStore } from './s3-blob-store.js';

const MiB = 1024 * 1024;
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const read = async (stream: Readable) => {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
};
const expiry = () => ({ now: new Date(), expiresInSeconds: 600 });

interface Backend {
  store: BlobStore;
  /** s3rver takes any V4 signature (its docs: "V4 signatures have incomplete support"), so refusals are checked where they are made. */
  checksSignatures: boolean;
  /** Makes a transfer URL absolute (the local store's are paths on the server that serves them). */
  url(url: string): string;
  close(): Promise<void>;
}

const backends: Record<string, () => Promise<Backend>> = {
  'local folder': async () => {
    const t: TestApp = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    return {
      store: t.app.blobs,
      checksSignatures: true,
      url: (url) => (url.startsWith('http') ? url : base + url),
      close: () => t.close(),
    };
  },
  s3rver: async () => {
    const peer: S3Peer = await startS3Peer();
    return { store: new S3BlobStore(peer.settings), checksSignatures: false, url: (url) => url, close: () => peer.close() };
  },
};

describe.each(Object.keys(backends))('blob store contract: %s', (name) => {
  let backend: Backend;
  let store: BlobStore;
  beforeAll(async () => {
    backend = await backends[name]!();
    store = backend.store;
  }, 60_000);
  afterAll(() => backend?.close());

  it('puts a blob, states its size and reads any range of it', async () => {
    const bytes = randomBytes(100_000);
    expect(await store.put('c/put/a.bin', Readable.from([bytes]))).toEqual({ size: bytes.length });
    expect(await store.stat('c/put/a.bin')).toEqual({ size: bytes.length });
    expect(await read(store.readRange('c/put/a.bin', 1000, 54_321))).toEqual(bytes.subarray(1000, 54_321));
    expect(await store.stat('c/put/missing.bin')).toBeNull();
    const big = randomBytes(11 * MiB + 5);
    expect(await store.put('c/put/big.bin', Readable.from([big.subarray(0, 3 * MiB), big.subarray(3 * MiB)]))).toEqual({
      size: big.length,
    });
    expect(md5(await read(store.readRange('c/put/big.bin', 0, big.length)))).toBe(md5(big));
  });

  it('refuses a blob past maxBytes and a broken stream, leaving nothing behind', async () => {
    await expect(store.put('c/big/a.bin', Readable.from([randomBytes(2000)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(TooLargeError);
    const broken = new Readable({
      read() {
        this.push(randomBytes(1000));
        this.destroy(new Error('cut'));
      },
    });
    await expect(store.put('c/big/b.bin', broken)).rejects.toThrow();
    expect(await store.stat('c/big/a.bin')).toBeNull();
    expect(await store.stat('c/big/b.bin')).toBeNull();
    expect((await store.listPage('c/big/')).objects).toEqual([]);
    expect(await store.sweepTemporary(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(0);
  });

  it('assembles chunks written at offsets in any order, reads across them, and moves the whole into place', async () => {
    const bytes = randomBytes(3 * 70_000 + 123);
    const chunks = [2, 0, 3, 1].map((i) => ({ offset: i * 70_000, piece: bytes.subarray(i * 70_000, (i + 1) * 70_000) }));
    for (const { offset, piece } of chunks) {
      expect(await store.writeAt('c/asm/data', offset, Readable.from([piece]), { maxBytes: 70_000 })).toEqual({ size: piece.length });
    }
    await expect(store.writeAt('c/asm/data', 0, Readable.from([randomBytes(70_001)]), { maxBytes: 70_000 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(await store.stat('c/asm/data')).toEqual({ size: bytes.length });
    expect(await read(store.readRange('c/asm/data', 69_000, 141_000))).toEqual(bytes.subarray(69_000, 141_000));
    await store.move('c/asm/data', 'c/asm-done/file.bin');
    expect(await store.stat('c/asm/data')).toBeNull();
    expect(md5(await read(store.readRange('c/asm-done/file.bin', 0, bytes.length)))).toBe(md5(bytes));
  });

  it('copies, moves and removes blobs and whole prefixes', async () => {
    const bytes = randomBytes(5000);
    await store.put('c/cp/one.bin', Readable.from([bytes]));
    await store.copy('c/cp/one.bin', 'c/cp/sub/two.bin');
    await store.move('c/cp/one.bin', 'c/cp/three.bin');
    expect(await store.stat('c/cp/one.bin')).toBeNull();
    expect(await read(store.readRange('c/cp/sub/two.bin', 0, 5000))).toEqual(bytes);
    expect((await store.list('c/cp')).sort()).toEqual(['sub', 'three.bin']);
    await store.remove('c/cp/three.bin');
    expect(await store.stat('c/cp/three.bin')).toBeNull();
    await store.remove('c/cp/sub/');
    expect(await store.list('c/cp')).toEqual([]);
  });

  it('lists page by page in key order, rolling deeper keys up into common prefixes', async () => {
    for (const key of ['p/a/1', 'p/a/2', 'p/b/1', 'p/c', 'p/d', 'p/e', 'q/x']) await store.put(key, Readable.from([Buffer.from(key)]));
    const pages: { objects: string[]; prefixes: string[] }[] = [];
    let continuationToken: string | undefined;
    do {
      const page = await store.listPage('p/', { delimiter: '/', maxKeys: 2, continuationToken });
      pages.push({ objects: page.objects.map((o) => o.key), prefixes: page.commonPrefixes });
      continuationToken = page.nextContinuationToken;
    } while (continuationToken);
    expect(pages.flatMap((page) => page.objects)).toEqual(['p/c', 'p/d', 'p/e']);
    expect(pages.flatMap((page) => page.prefixes)).toEqual(['p/a/', 'p/b/']);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.objects.length).toBeLessThanOrEqual(2);
    const all = await store.listPage('p/');
    expect(all.objects.map((o) => [o.key, o.size])).toEqual(['p/a/1', 'p/a/2', 'p/b/1', 'p/c', 'p/d', 'p/e'].map((k) => [k, k.length]));
    expect(all.objects[0]!.lastModified).toBeInstanceOf(Date);
    expect(all.nextContinuationToken).toBeUndefined();
    expect((await store.listPage('p/a/', { delimiter: '/' })).objects.map((o) => o.key)).toEqual(['p/a/1', 'p/a/2']);
  });

  it('answers the readiness probe while it can be written to', async () => {
    await expect(store.probe()).resolves.toBeUndefined();
  });

  it('refuses keys that leave the store', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a\\..\\b']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(/outside the store/);
      await expect(store.stat(key)).rejects.toThrow(/outside the store/);
      expect(() => store.readRange(key, 0, 1)).toThrow(/outside the store/);
      await expect(store.presignGet(key, 'x', expiry())).rejects.toThrow(/outside the store/);
    }
  });

  it('takes a presigned single PUT of exactly the signed size', async () => {
    const bytes = randomBytes(10_000);
    const url = backend.url(await store.presignPut('c/single/a.bin', bytes.length, expiry()));
    if (backend.checksSignatures)
      expect((await fetch(url, { method: 'PUT', body: new Uint8Array(Buffer.concat([bytes, Buffer.from('x')])) })).ok).toBe(false);
    expect((await fetch(url, { method: 'PUT', body: new Uint8Array(bytes) })).ok).toBe(true);
    expect(md5(await read(store.readRange('c/single/a.bin', 0, bytes.length)))).toBe(md5(bytes));
  });

  it('takes a presigned multipart upload: parts PUT straight to their URLs, then completed with their ETags', async () => {
    const bytes = randomBytes(2 * 5 * MiB + 1234);
    const uploadId = await store.createMultipartUpload('c/multi/模型 权重.bin');
    const parts = [];
    for (let i = 0; i * 5 * MiB < bytes.length; i++) {
      const url = backend.url(await store.presignPart('c/multi/模型 权重.bin', uploadId, i + 1, expiry()));
      const answer = await fetch(url, { method: 'PUT', body: new Uint8Array(bytes.subarray(i * 5 * MiB, (i + 1) * 5 * MiB)) });
      expect(answer.status).toBe(200);
      parts.push({ partNumber: i + 1, etag: answer.headers.get('etag')! });
    }
    await store.completeMultipartUpload('c/multi/模型 权重.bin', uploadId, parts);
    expect(await store.stat('c/multi/模型 权重.bin')).toEqual({ size: bytes.length });
    expect(md5(await read(store.readRange('c/multi/模型 权重.bin', 0, bytes.length)))).toBe(md5(bytes));
  });

  it('answers a presigned GET whole or by range, keeping a Chinese file name', async () => {
    const bytes = randomBytes(50_000);
    await store.put('c/get/a.bin', Readable.from([bytes]));
    const url = backend.url(await store.presignGet('c/get/a.bin', '季度 总结.bin', expiry()));
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('季度 总结.bin')}`);
    expect(md5(Buffer.from(await whole.arrayBuffer()))).toBe(md5(bytes));
    const part = await fetch(url, { headers: { range: 'bytes=1000-1999' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(1000, 2000));
    if (!backend.checksSignatures) return;
    // Whatever character the signature starts with (base64url includes - and _), the tampered one differs.
    const tampered = url.replace(/signature=(.)/, (_m, first: string) => `signature=${first === 'a' ? 'b' : 'a'}`);
    expect(tampered).not.toBe(url);
    expect((await fetch(tampered)).status).toBe(403);
  });
});
