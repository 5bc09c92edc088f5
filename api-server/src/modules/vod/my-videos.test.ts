import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePeriods } from '../../db/schema.js';
import { courseFixture, newLearner, newOperator, newTeacher, type Person } from '../../test-support/learning-test-kit.js';
import { attachVideo, lessonSeconds, lessonVideo, uploadVideo } from '../../test-support/video-test-kit.js';
import { call, createTestApp, type TestApp } from '../../test-support/test-app.js';
import { UploadClient } from '../../test-support/upload-client.js';

let t: TestApp;
let teacher: Person, otherTeacher: Person, learner: Person, operator: Person;
let client: UploadClient;

beforeAll(async () => {
  t = await createTestApp({ config: { videoTranscoder: 'none' } });
  [teacher, otherTeacher, learner, operator] = [
    await newTeacher(t.app),
    await newTeacher(t.app),
    await newLearner(t.app),
    await newOperator(t.app),
  ];
  client = await UploadClient.listening(t.app, teacher.token);
});
afterAll(() => t.close());

const list = (person: Person | null) => call(t.app, 'POST', '/apis/vod/auth/videoInfo/list', {}, person?.token);
const rename = (person: Person | null, videoId: number, title: string) =>
  call(t.app, 'POST', '/apis/vod/auth/videoInfo/update', { videoId, title }, person?.token);
const remove = (person: Person | null, videoId: number) =>
  call(t.app, 'POST', '/apis/vod/auth/videoInfo/delete', { videoId }, person?.token);

describe('my videos', () => {
  it('lists my uploads only, with the browser’s length when no transcoder runs, and the periods using each', async () => {
    const { data } = await uploadVideo(client, lessonVideo, 'intro.webm', lessonSeconds.toFixed(3));
    expect(data.state).toBe(1);
    const { periodIds, courseId } = await courseFixture(t.app, teacher.id, { kinds: ['video'] });
    await attachVideo(t.app, periodIds[1]!, data.videoId);
    const [mine] = (await list(teacher)).data;
    expect(mine).toMatchObject({
      videoId: data.videoId,
      title: 'intro.webm',
      state: 1,
      durationSeconds: lessonSeconds,
      size: lessonVideo.length,
    });
    expect(mine.usedBy).toEqual([{ periodId: periodIds[1], periodTitle: '第2课', courseId, courseName: expect.any(String) }]);
    for (const person of [otherTeacher, learner, operator]) expect((await list(person)).data).toEqual([]);
    expect((await list(null)).code).toBe(401);
  });

  it('renames my video; anyone else is told it does not exist', async () => {
    const { data } = await uploadVideo(client, Buffer.concat([lessonVideo, Buffer.from('rename')]), 'rename.webm', lessonSeconds);
    expect(await rename(teacher, data.videoId, '  第一课 导览 ')).toMatchObject({ code: 200 });
    expect((await list(teacher)).data.find((video: { videoId: number }) => video.videoId === data.videoId).title).toBe('第一课 导览');
    for (const person of [otherTeacher, learner, operator])
      expect(await rename(person, data.videoId, '偷改')).toMatchObject({ code: 404, msg: '视频不存在' });
    expect((await rename(null, data.videoId, 'x')).code).toBe(401);
    expect((await rename(teacher, data.videoId, '')).code).not.toBe(200);
  });

  it('refuses to delete a video a period plays, deletes an unused one with its bytes, and never someone else’s', async () => {
    const used = (await list(teacher)).data.find((video: { usedBy: unknown[] }) => video.usedBy.length > 0);
    expect(await remove(teacher, used.videoId)).toMatchObject({ code: 409, msg: '课时「第2课」正在使用该视频，请先更换课时的视频' });

    const { data } = await uploadVideo(client, Buffer.concat([lessonVideo, Buffer.from('delete')]), 'delete.webm', lessonSeconds);
    const { periodIds } = await courseFixture(t.app, teacher.id, { kinds: ['video'] });
    await attachVideo(t.app, periodIds[1]!, data.videoId);
    const ref = await call(t.app, 'POST', '/apis/course/auth/course/video/ref', { periodId: periodIds[1] }, teacher.token);
    await t.app.db.update(coursePeriods).set({ videoId: null }).where(eq(coursePeriods.id, periodIds[1]!));

    for (const person of [otherTeacher, learner, operator])
      expect(await remove(person, data.videoId)).toMatchObject({ code: 404, msg: '视频不存在' });
    expect((await remove(null, data.videoId)).code).toBe(401);
    expect(await remove(teacher, data.videoId)).toMatchObject({ code: 200, msg: '已删除' });
    expect((await list(teacher)).data.some((video: { videoId: number }) => video.videoId === data.videoId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: ref.data.streamUrl })).statusCode).toBe(404);
  });
});
