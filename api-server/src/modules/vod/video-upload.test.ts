import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../../seed/demo-data.js';
import type { TestApp } from '../../test-support/test-app.js';
import { md5Of, randomFile, setUpSignedInApp, type UploadClient } from '../../uploads/test-upload-client.js';

let client: UploadClient;
let t: TestApp;
const chunkSize = 2_048_000;

setUpSignedInApp((signedIn) => ({ client, t } = signedIn), demoAccounts.teacher);

describe('video upload', () => {
  it('takes 2048000-byte chunks and answers the merge with { state, videoId }', async () => {
    const bytes = randomFile(2 * chunkSize + 10);
    const body = { identifier: md5Of(bytes), fileName: '第一课.mp4', chunkSize, totalSize: bytes.length };
    expect((await client.post('/apis/vod/auth/videoInfo/upload/check', body)).data).toEqual({ skipUpload: false, uploaded: [] });
    const answers = await client.sendChunks('/apis/vod/auth/videoInfo/upload', bytes, { fileName: '第一课.mp4', chunkSize });
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    const merged = await client.post('/apis/vod/auth/videoInfo/merge', body);
    // Stored (1), or queued for transcoding (2) where ffmpeg runs.
    const state = t.app.videos.queue.transcoder.kind === 'none' ? 1 : 2;
    expect(merged).toMatchObject({ code: 200, msg: '上传成功', data: { state, videoId: expect.any(Number) } });
  });
});
