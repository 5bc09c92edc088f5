import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hpcClusters } from '../../db/schema.js';
import type { TestApp } from '../../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));

async function upload(bytes: Buffer, fileName: string, tree?: string) {
  await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize, uploadPath: 'in' });
  return client.post('/apis/orion/auth/file/mergeFile', {
    fileName,
    identifier: md5Of(bytes),
    chunkSize,
    totalSize: bytes.length,
    path: 'in',
    ...(tree ? { tree } : {}),
  });
}

const localCluster = async () => (await t.app.db.select().from(hpcClusters).where(eq(hpcClusters.kind, 'local')))[0]!;
const inCluster = (clusterId: number, relative: string) =>
  path.join(t.dataDir, 'file-storage', String(clusterId), String(userId), relative);

describe('a merge lands in a file tree', () => {
  it('goes to the tree the merge names, and refuses a tree that is malformed or not activated', async () => {
    const cluster = await localCluster();
    const bytes = randomFile(chunkSize + 7);
    expect(await upload(bytes, 'named.bin', `cluster:${cluster.id}`)).toMatchObject({ code: 200, data: { path: 'in/named.bin' } });
    expect(md5Of(fs.readFileSync(inCluster(cluster.id, 'in/named.bin')))).toBe(md5Of(bytes));

    const other = randomFile(chunkSize + 9);
    expect(await upload(other, 'x.bin', 'netdisk:cn-none-1')).toMatchObject({ code: 409, msg: '该地区的网盘尚未开通，请先开通网盘' });
    for (const tree of ['bogus', 'cluster:../1', 'netdisk:../../x', 'cluster:0']) {
      expect(await upload(other, 'x.bin', tree), tree).toMatchObject({ code: 422, msg: '存储位置不合法' });
    }
    expect(await upload(other, 'x.bin', 'cluster:99999')).toMatchObject({ code: 404, msg: '集群不存在或已停用' });
  });

  it("refuses a merge past the cluster's quota with the numbers, writing nothing, and keeps the chunks for a retry", async () => {
    const cluster = await localCluster();
    const used = (await client.post('/apis/orion/auth/file/userDirs/used', {})).data as {
      used: number;
      usedFiles: number;
      quotaFiles: number;
    };
    expect(used.usedFiles).toBeGreaterThanOrEqual(1);
    await t.app.db
      .update(hpcClusters)
      .set({ quotaBytes: used.used + 100 })
      .where(eq(hpcClusters.id, cluster.id));
    const bytes = randomFile(2 * chunkSize);
    try {
      const refused = await upload(bytes, 'big.bin');
      expect(refused.code).toBe(409);
      expect(refused.msg).toBe(
        `默认集群空间不足：需要 128.00 KB，剩余 100 B（已用 ${(used.used / 1024).toFixed(2)} KB / 共 ${((used.used + 100) / 1024).toFixed(2)} KB）`,
      );
      expect(fs.existsSync(inCluster(cluster.id, 'in/big.bin'))).toBe(false);
    } finally {
      await t.app.db
        .update(hpcClusters)
        .set({ quotaBytes: 1 << 30 })
        .where(eq(hpcClusters.id, cluster.id));
    }
    const retried = await client.post('/apis/orion/auth/file/mergeFile', {
      fileName: 'big.bin',
      identifier: md5Of(bytes),
      chunkSize,
      totalSize: bytes.length,
      path: 'in',
    });
    expect(retried).toMatchObject({ code: 200, data: { size: bytes.length } });
    expect(md5Of(fs.readFileSync(inCluster(cluster.id, 'in/big.bin')))).toBe(md5Of(bytes));
  });

  it('refuses a merge past the file-count quota', async () => {
    const cluster = await localCluster();
    const used = (await client.post('/apis/orion/auth/file/userDirs/used', {})).data as { usedFiles: number };
    await t.app.db.update(hpcClusters).set({ quotaFiles: used.usedFiles }).where(eq(hpcClusters.id, cluster.id));
    try {
      const refused = await upload(randomFile(chunkSize), 'one-more.bin');
      expect(refused).toMatchObject({ code: 409, msg: `默认集群文件数超出上限：需要 1 个，剩余 0 个（上限 ${used.usedFiles} 个）` });
    } finally {
      await t.app.db.update(hpcClusters).set({ quotaFiles: 200_000 }).where(eq(hpcClusters.id, cluster.id));
    }
  });
});
