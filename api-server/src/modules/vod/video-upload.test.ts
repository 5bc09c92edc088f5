import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema.js';
import { countingWebServer, hostileVideos, lessonVideo, testClips, uploadVideo } from '../../test-support/video-test-kit.js';
import { originalKey } from '../../learning/video-stream.js';
import { runnableTranscoders } from '../../learning/video-transcoder.js';
import { demoAccounts, demoPassword } from '../../seed/demo-data.js';
import { createTestApp, login, type TestApp } from '../../test-support/test-app.js';
import { usedBytes } from '../../uploads/quota.js';
import { md5Of, UploadClient } from '../../test-support/upload-client.js';

const chunkSize = 2_048_000;
const mp4 = fs.readFileSync(testClips.mp4);
const kinds = (await runnableTranscoders()).map((transcoder) => transcoder.kind);

describe.each(kinds)('video upload with the %s transcoder', (kind) => {
  let t: TestApp;
  let teacher: UploadClient;
  let teacherId: number;
  let user: UploadClient;
  let userId: number;
  let webServer: Awaited<ReturnType<typeof countingWebServer>>;

  beforeAll(async () => {
    t = await createTestApp({ config: { videoTranscoder: kind } });
    ({ client: user, userId } = await UploadClient.signedIn(t.app, demoAccounts.user));
    teacher = user.withToken(await login(t.app, demoAccounts.teacher, demoPassword));
    teacherId = (await teacher.post<{ id: number }>('/apis/user/auth/user/ext/view', {})).data.id;
    webServer = await countingWebServer();
  });
  afterAll(async () => {
    await webServer.close();
    await t.close();
  });

  it('takes 2048000-byte chunks and answers the merge with { state, videoId }', async () => {
    // A real mp4 with bytes after its last atom, so it spans three chunks.
    const bytes = Buffer.concat([mp4, Buffer.alloc(2 * chunkSize + 10 - mp4.length, 7)]);
    const body = { identifier: md5Of(bytes), fileName: '第一课.mp4', chunkSize, totalSize: bytes.length };
    expect((await teacher.post('/apis/vod/auth/videoInfo/upload/check', body)).data).toEqual({ skipUpload: false, uploaded: [] });
    const answers = await teacher.sendChunks('/apis/vod/auth/videoInfo/upload', bytes, { fileName: '第一课.mp4', chunkSize });
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200]);
    const merged = await teacher.post('/apis/vod/auth/videoInfo/merge', body);
    // Stored (1), or queued for transcoding (2) where ffmpeg runs.
    expect(merged).toMatchObject({ code: 200, msg: '上传成功', data: { state: kind === 'none' ? 1 : 2, videoId: expect.any(Number) } });
  });

  it('still transcodes a real mp4, measured by ffprobe', async () => {
    const merged = await uploadVideo(teacher, mp4, '片段.mp4', 99);
    expect(merged.code).toBe(200);
    await t.app.videos.queue.idle();
    const [video] = await t.app.db.select().from(videos).where(eq(videos.id, merged.data.videoId));
    expect(video).toMatchObject(kind === 'none' ? { state: 1, durationSeconds: 99 } : { state: 3, durationSeconds: 2 });
  });

  it('refuses playlists and concat lists naming another user’s video, leaving no row, no bytes and no quota used', async () => {
    const [secret] = await t.app.db.select().from(videos).where(eq(videos.userId, teacherId)).limit(1);
    const secretFile = path.join(t.dataDir, 'blobs', originalKey(secret!));
    expect(fs.existsSync(secretFile)).toBe(true);
    const before = { rows: await t.app.db.select().from(videos).where(eq(videos.userId, userId)), used: await usedBytes(t.app, userId) };
    const lists = hostileVideos(secretFile, webServer.url('secret.mp4'));
    for (const [fileName, content] of Object.entries(lists)) {
      const answer = await uploadVideo(user, Buffer.from(content), fileName);
      expect({ fileName, answer }).toEqual({ fileName, answer: expect.objectContaining({ code: 422, msg: '不支持的视频格式' }) });
    }
    await t.app.videos.queue.idle();
    expect(await t.app.db.select().from(videos).where(eq(videos.userId, userId))).toEqual(before.rows);
    expect(await usedBytes(t.app, userId)).toEqual(before.used);
    const userVideos = path.join(t.dataDir, 'blobs', 'users', String(userId), 'videos');
    const files = fs.existsSync(userVideos) ? fs.readdirSync(userVideos, { recursive: true, withFileTypes: true }) : [];
    expect(files.filter((entry) => entry.isFile())).toEqual([]);
    expect(webServer.requests()).toBe(0);
  });

  it('refuses a file that is not a video at all, and takes the same user’s next real one', async () => {
    expect(await uploadVideo(user, Buffer.from('这不是视频'), 'notes.webm')).toMatchObject({ code: 422, msg: '不支持的视频格式' });
    expect(await uploadVideo(user, lessonVideo, 'lesson.webm')).toMatchObject({ code: 200 });
  });
});
