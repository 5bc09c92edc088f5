import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sysConfig } from '../../db/schema.js';
import type { TestApp } from '../../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let client: UploadClient;
let userId: number;
const chunkSize = 64 * 1024;
const region = 'hd-2';

setUpSignedInApp((signedIn) => ({ t, client, userId } = signedIn));

async function upload(bytes: Buffer, fileName: string, folder = '') {
  await client.sendChunks('/apis/orion/auth/file/chunk', bytes, { fileName, chunkSize, uploadPath: folder });
  return client.post('/apis/orion/auth/file/mergeFile', {
    fileName,
    identifier: md5Of(bytes),
    chunkSize,
    totalSize: bytes.length,
    path: folder,
    tree: `netdisk:${region}`,
  });
}

const onDisk = (relative: string) => path.join(t.dataDir, 'net-disks', String(userId), region, relative);
const warnings = async () =>
  ((await client.post('/apis/user/auth/msg/user/list', { pageSize: 100 })).data.list as Array<{ title: string }>)
    .map((message) => message.title)
    .filter((title) => title.includes('容量已用'));

describe('uploads into the network disk', () => {
  it('land in the folder asked, warn at 80% of the files, and are refused past the quota before any byte is written', async () => {
    // 1 GB holds 5 files here.
    await t.app.db
      .update(sysConfig)
      .set({ value: { freeGb: 20, monthPricePerGb: 300, maxGb: 500, filesPerGb: 5 } })
      .where(eq(sysConfig.key, 'netDiskPrice'));
    expect(await client.post('/apis/net-disk/auth/activation', { regionCode: region, sizeGb: 1 })).toMatchObject({ code: 200 });
    for (let n = 1; n <= 4; n++) {
      const bytes = randomFile(chunkSize + n);
      expect(await upload(bytes, `part-${n}.bin`, '数据')).toMatchObject({ code: 200, data: { path: `数据/part-${n}.bin` } });
      expect(md5Of(fs.readFileSync(onDisk(`数据/part-${n}.bin`)))).toBe(md5Of(bytes));
    }
    expect(await warnings()).toEqual(['网盘（华东二区）容量已用 80%']);

    await upload(randomFile(chunkSize + 5), 'part-5.bin', '数据');
    const refused = await upload(randomFile(chunkSize + 6), 'part-6.bin', '数据');
    expect(refused).toMatchObject({ code: 409, msg: '网盘（华东二区）文件数超出上限：需要 1 个，剩余 0 个（上限 5 个）' });
    expect(fs.existsSync(onDisk('数据/part-6.bin'))).toBe(false);
    expect(await warnings()).toEqual(['网盘（华东二区）容量已用 100%', '网盘（华东二区）容量已用 80%']);
  });
});
