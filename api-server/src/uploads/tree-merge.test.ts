import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openClusterTreeOf, type FileTree } from '../storage/index.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { md5Of, randomFile, UploadClient } from '../test-support/upload-client.js';
import { storeUploadedFile, treePlacement } from './store-file.js';
import { openUpload, receiveChunk, type UploadIdentity, type UploadRow } from './upload-sessions.js';
import { assemblyKey } from './user-areas.js';

let t: TestApp;
let userId: number;
let tree: FileTree;
const chunkSize = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp();
  ({ userId } = await UploadClient.signedIn(t.app));
  tree = await openClusterTreeOf(t.app, userId);
});
afterAll(() => t.close());

async function sendAll(bytes: Buffer, fileName: string): Promise<{ identity: UploadIdentity; upload: UploadRow }> {
  const identity: UploadIdentity = { kind: 'cpu', md5: md5Of(bytes), chunkSize, fileSize: bytes.length, fileName };
  const upload = await openUpload(t.app, userId, identity);
  for (let n = 1; n * chunkSize - chunkSize < bytes.length; n++) {
    await receiveChunk(t.app, upload, n, Readable.from([bytes.subarray((n - 1) * chunkSize, n * chunkSize)]));
  }
  return { identity, upload };
}

/** The file of the user's local file storage at `relative` (the tree's folder under the data folder). */
function treeFile(relative: string): string {
  const clusters = path.join(t.app.config.dataDir, 'file-storage');
  const found = fs
    .readdirSync(clusters)
    .map((cluster) => path.join(clusters, cluster, String(userId), relative))
    .find((file) => fs.existsSync(file));
  if (!found) throw new Error(`no ${relative} in the user's file storage`);
  return found;
}

const read = async (stream: Readable) => {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
};

describe('merging an upload into a local file tree', () => {
  it('moves the assembled bytes into the tree (the same file, not a second copy) and records their MD5', async () => {
    const bytes = randomFile(3 * chunkSize + 5);
    const { identity, upload } = await sendAll(bytes, 'moved.bin');
    const assembled = fs.statSync(t.app.blobs.localFile!(assemblyKey(upload.id)));

    const stored = await storeUploadedFile(t.app, userId, identity, treePlacement(tree, 'in/moved.bin'));
    expect(stored).toMatchObject({ size: bytes.length, md5: identity.md5 });
    const placed = fs.statSync(treeFile('in/moved.bin'));
    expect(placed.ino).toBe(assembled.ino);
    expect(md5Of(await read(await tree.fs.read('in/moved.bin')))).toBe(identity.md5);
    expect(await t.app.blobs.stat(assemblyKey(upload.id))).toBeNull();
  });

  it('cut short after the move, is finished when asked again', async () => {
    const bytes = randomFile(2 * chunkSize + 9);
    const { identity, upload } = await sendAll(bytes, 'cut.bin');
    expect(await t.app.uploads.md5.digest(upload)).toBe(identity.md5);
    await tree.fs.adopt!('cut.bin', t.app.blobs.localFile!(assemblyKey(upload.id)));

    const stored = await storeUploadedFile(t.app, userId, identity, treePlacement(tree, 'cut.bin'));
    expect(stored).toMatchObject({ size: bytes.length, md5: identity.md5 });
    expect(md5Of(await read(await tree.fs.read('cut.bin')))).toBe(identity.md5);
  });
});
